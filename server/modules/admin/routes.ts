import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUDIT_PAGE_SIZE, STAFF_COOKIE } from "#contract/api/admin/staff.ts";
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "#contract/product-images.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import type { Config } from "#config/config.ts";
import type { Db } from "#db/client.ts";
import { HttpError } from "../../lib/errors.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { createStaffAccess, staffCookieOptions, staffToken } from "./access.ts";
import type { ApiKeys } from "./api-keys.ts";
import { readAudit, type Actor, type KeyActor } from "./audit.ts";
import type { AdminCatalogue } from "./catalogue.ts";
import type { AdminImports } from "./imports.ts";
import type { AdminProducts } from "./products.ts";
import type { AdminRates } from "./rates.ts";
import type { StaffService } from "./staff-service.ts";

interface Deps {
  db: Db;
  staff: StaffService;
  products: AdminProducts;
  catalogue: AdminCatalogue;
  rates: AdminRates;
  imports: AdminImports;
  apiKeys: ApiKeys;
  config: Config;
}

/** The signed-in member of a request the access check let through. */
function memberOf(request: FastifyRequest) {
  if (!request.staff) throw new HttpError(401, "session_expired");
  return request.staff;
}

const actorOf = (request: FastifyRequest): Actor => {
  const member = memberOf(request);
  return { staffId: member.id, email: member.email, ip: request.ip };
};

/** The member, or the shop system's API key, behind an import. */
const importerOf = (request: FastifyRequest): Actor | KeyActor =>
  request.apiKey
    ? { staffId: null, apiKeyId: request.apiKey.id, email: `chave ${request.apiKey.prefixo} (${request.apiKey.nome})`.slice(0, 200), ip: request.ip }
    : actorOf(request);

/**
 * The back office's API (`/api/admin/...`, docs/decisions/020). Every route of this plugin passes the
 * access check of access.ts first, which reads the roles from the operations map.
 */
export const adminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, staff, products, catalogue, rates, imports, apiKeys, config }) => {
  app.addHook("onRequest", createStaffAccess(staff, apiKeys, config));
  const tags = ["admin"];
  const security = [{ staffCookie: [] }];
  const message = (request: FastifyRequest, key: ApiMessageKey) => apiMessage(requestLocale(request), key);

  /** The answer of a login that opened a session, its cookie set. */
  function signedIn(reply: FastifyReply, session: Extract<Awaited<ReturnType<StaffService["login"]>>, { kind: "session" }>) {
    reply.setCookie(STAFF_COOKIE, session.token, staffCookieOptions(config, session.expiresAt));
    return {
      message: apiMessage(session.staff.lang, "login_ok"),
      staff: session.staff,
      csrf_token: session.csrf,
      totp_pendente: session.totpPending,
      expires_at: session.expiresAt.toISOString(),
    };
  }

  app.post(
    "/api/admin/login",
    { schema: op("POST /api/admin/login", { tags }), config: { rateLimit: { max: 20, timeWindow: "15 minutes" } } },
    async (request, reply) => {
      const answer = await staff.login(request.body.email, request.body.password, request.ip);
      // Two-factor: no session yet, a ticket for the code step.
      if (answer.kind === "totp") {
        return { message: apiMessage(answer.lang, "totp_step"), totp_ticket: answer.ticket, expires_at: answer.expiresAt.toISOString() };
      }
      return signedIn(reply, answer);
    },
  );

  app.post(
    "/api/admin/login/totp",
    { schema: op("POST /api/admin/login/totp", { tags }), config: { rateLimit: { max: 20, timeWindow: "15 minutes" } } },
    async (request, reply) => signedIn(reply, await staff.loginWithCode(request.body.ticket, request.body.codigo, request.ip)),
  );

  app.post("/api/admin/logout", { schema: op("POST /api/admin/logout", { tags, security }) }, async (request, reply) => {
    await staff.logout(memberOf(request).sessionId);
    reply.clearCookie(STAFF_COOKIE, { path: "/" });
    return { message: message(request, "logout_ok") };
  });

  app.get("/api/admin/session", { schema: op("GET /api/admin/session", { tags, security }) }, async (request) => {
    const { sessionId: _sessionId, totpPending, ...member } = memberOf(request);
    return { staff: member, csrf_token: staff.csrfFor(staffToken(request)!), totp_pendente: totpPending };
  });

  app.post("/api/admin/me/totp", { schema: op("POST /api/admin/me/totp", { tags, security }) }, (request) => staff.totp.start(actorOf(request)));

  app.post("/api/admin/me/totp/confirm", { schema: op("POST /api/admin/me/totp/confirm", { tags, security }) }, async (request) => ({
    message: message(request, "totp_enabled"),
    ...(await staff.totp.confirm(actorOf(request), request.body.codigo)),
  }));

  app.post("/api/admin/me/totp/recovery-codes", { schema: op("POST /api/admin/me/totp/recovery-codes", { tags, security }) }, async (request) => ({
    message: message(request, "totp_codes_renewed"),
    ...(await staff.totp.renewCodes(actorOf(request), request.body.codigo)),
  }));

  app.post("/api/admin/me/totp/disable", { schema: op("POST /api/admin/me/totp/disable", { tags, security }) }, async (request) => ({
    message: message(request, "totp_disabled"),
    data: await staff.totp.disable(actorOf(request), request.body),
  }));

  app.delete("/api/admin/staff/:id/totp", { schema: op("DELETE /api/admin/staff/{id}/totp", { tags, security }) }, async (request) => ({
    message: message(request, "totp_reset"),
    data: await staff.totp.reset(actorOf(request), request.params.id),
  }));

  app.get("/api/admin/settings", { schema: op("GET /api/admin/settings", { tags, security }) }, async () => ({ data: await staff.totp.settings() }));

  app.put("/api/admin/settings", { schema: op("PUT /api/admin/settings", { tags, security }) }, async (request) => ({
    message: message(request, "settings_saved"),
    data: await staff.totp.saveSettings(actorOf(request), request.body),
  }));

  app.patch("/api/admin/me", { schema: op("PATCH /api/admin/me", { tags, security }) }, async (request) => {
    const data = await staff.updateOwn(actorOf(request), memberOf(request).sessionId, request.body);
    return { message: apiMessage(data.lang, "staff_own_updated"), data };
  });

  app.get("/api/admin/staff", { schema: op("GET /api/admin/staff", { tags, security }) }, async () => ({ data: await staff.list() }));

  app.post("/api/admin/staff", { schema: op("POST /api/admin/staff", { tags, security }) }, async (request, reply) => {
    const data = await staff.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "staff_created"), data });
  });

  app.patch("/api/admin/staff/:id", { schema: op("PATCH /api/admin/staff/{id}", { tags, security }) }, async (request) => {
    const data = await staff.update(actorOf(request), request.params.id, request.body);
    return { message: message(request, "staff_updated"), data };
  });

  app.get("/api/admin/audit", { schema: op("GET /api/admin/audit", { tags, security }) }, async (request) => {
    const page = await readAudit(db, request.query);
    return { ...page, page: request.query.page, per_page: AUDIT_PAGE_SIZE };
  });

  app.get("/api/admin/rates", { schema: op("GET /api/admin/rates", { tags, security }) }, () => rates.read());

  app.put("/api/admin/rates", { schema: op("PUT /api/admin/rates", { tags, security }) }, async (request) => ({
    message: message(request, "rates_saved"),
    data: await rates.save(actorOf(request), request.body),
  }));

  catalogueRoutes(app, catalogue);

  app.get("/api/admin/catalog-options", { schema: op("GET /api/admin/catalog-options", { tags, security }) }, () => products.options());

  app.get("/api/admin/products", { schema: op("GET /api/admin/products", { tags, security }) }, (request) => products.list(request.query));

  app.post("/api/admin/products", { schema: op("POST /api/admin/products", { tags, security }) }, async (request, reply) => {
    const data = await products.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "product_created"), data });
  });

  app.post("/api/admin/products/bulk", { schema: op("POST /api/admin/products/bulk", { tags, security }) }, async (request) => {
    const alterados = await products.bulk(actorOf(request), request.body);
    return { message: apiMessage(requestLocale(request), "bulk_done", { n: alterados }), data: { alterados } };
  });

  app.get("/api/admin/products/:id", { schema: op("GET /api/admin/products/{id}", { tags, security }) }, async (request) => ({
    data: await products.get(request.params.id),
  }));

  app.put("/api/admin/products/:id", { schema: op("PUT /api/admin/products/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "product_saved"),
    data: await products.update(actorOf(request), request.params.id, request.body),
  }));

  app.post(
    "/api/admin/products/:id/duplicate",
    { schema: op("POST /api/admin/products/{id}/duplicate", { tags, security }) },
    async (request, reply) => {
      const data = await products.duplicate(actorOf(request), request.params.id);
      return reply.status(201).send({ message: message(request, "product_duplicated"), data });
    },
  );

  app.post("/api/admin/products/:id/images", { schema: op("POST /api/admin/products/{id}/images", { tags, security }) }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, "unsupported_media_type");
    const files: { buffer: Buffer; truncated: boolean }[] = [];
    try {
      // Up to 10 MB an image: one byte more marks a file truncated, refused with the size message.
      for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES + 1, files: MAX_PRODUCT_IMAGES, fields: 5 } })) {
        if (part.type === "file" && part.fieldname === "imagens") files.push({ buffer: await part.toBuffer(), truncated: part.file.truncated });
        else if (part.type === "file") part.file.resume();
      }
    } catch (err) {
      if (typeof (err as { statusCode?: unknown }).statusCode === "number") throw err;
      throw new HttpError(400, "bad_request");
    }
    const data = await products.addImages(actorOf(request), request.params.id, files);
    return reply.status(201).send({ message: message(request, "images_saved"), data });
  });

  app.put("/api/admin/products/:id/images", { schema: op("PUT /api/admin/products/{id}/images", { tags, security }) }, async (request) => ({
    message: message(request, "images_saved"),
    data: await products.reorderImages(actorOf(request), request.params.id, request.body.ids),
  }));

  app.delete(
    "/api/admin/products/:id/images/:imageId",
    { schema: op("DELETE /api/admin/products/{id}/images/{imageId}", { tags, security }) },
    async (request) => ({
      message: message(request, "image_removed"),
      data: await products.removeImage(actorOf(request), request.params.id, request.params.imageId),
    }),
  );

  const keySecurity: Record<string, string[]>[] = [{ staffCookie: [] }, { apiKey: [] }];

  app.get("/api/admin/imports", { schema: op("GET /api/admin/imports", { tags, security: keySecurity }) }, async () => ({
    data: await imports.list(),
  }));

  app.post(
    "/api/admin/imports",
    {
      schema: op("POST /api/admin/imports", {
        tags,
        security: keySecurity,
        description:
          "Uploads a CSV or XLSX file (multipart field `arquivo`, at most 100 MB) and starts its dry run. Poll GET /api/admin/imports/{id} until `estado` is `checked` (or `failed`), read the counts and refused rows, then POST …/apply.",
      }),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, "unsupported_media_type");
      // A body that is no multipart form is the sender's fault; a fault past it (the database) stays the server's.
      const file = await request.file({ limits: { fileSize: imports.maxBytes, files: 1, fields: 5 } }).catch((err: unknown) => {
        if (typeof (err as { statusCode?: unknown }).statusCode === "number") throw err;
        throw new HttpError(400, "bad_request");
      });
      if (!file || file.fieldname !== "arquivo") throw new HttpError(422, "validation_failed", { errors: { arquivo: ["import_file_required"] } });
      const data = await imports.start(importerOf(request), requestLocale(request), { filename: file.filename, file: file.file });
      return reply.status(201).send({ message: message(request, "import_started"), data });
    },
  );

  app.get("/api/admin/imports/:id", { schema: op("GET /api/admin/imports/{id}", { tags, security: keySecurity }) }, async (request) => ({
    data: await imports.get(request.params.id),
  }));

  app.post(
    "/api/admin/imports/:id/apply",
    {
      schema: op("POST /api/admin/imports/{id}/apply", {
        tags,
        security: keySecurity,
        description:
          "Applies a checked import in one transaction (refused rows stay out). Poll GET /api/admin/imports/{id} until `estado` is `applied` or `failed`.",
      }),
    },
    async (request, reply) =>
      reply.status(202).send({ message: message(request, "import_applying"), data: await imports.apply(importerOf(request), request.params.id) }),
  );

  app.get("/api/admin/export", { schema: op("GET /api/admin/export", { tags, security }) }, async (request, typedReply) => {
    // The file streams, which the serializer never sees.
    const reply = typedReply as unknown as FastifyReply;
    const { formato, colunas } = request.query;
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header("content-type", formato === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="produtos-${colunas === "todas" ? "" : "preco-estoque-"}${day}.${formato}"`)
      .header("cache-control", "no-store")
      .send(imports.exportFile(formato, colunas));
    return typedReply;
  });

  app.get("/api/admin/api-keys", { schema: op("GET /api/admin/api-keys", { tags, security }) }, async () => ({ data: await apiKeys.list() }));

  app.post("/api/admin/api-keys", { schema: op("POST /api/admin/api-keys", { tags, security }) }, async (request, reply) => {
    const created = await apiKeys.create(actorOf(request), request.body.nome);
    return reply.status(201).send({ message: message(request, "api_key_created"), ...created });
  });

  app.delete("/api/admin/api-keys/:id", { schema: op("DELETE /api/admin/api-keys/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "api_key_revoked"),
    data: await apiKeys.revoke(actorOf(request), request.params.id),
  }));
};

/** Categories, departments and brands (docs/decisions/020), registered by the admin plugin. */
function catalogueRoutes(app: Parameters<FastifyPluginAsyncZod<Deps>>[0], catalogue: AdminCatalogue) {
  const tags = ["admin"];
  const security = [{ staffCookie: [] }];
  const message = (request: FastifyRequest, key: ApiMessageKey) => apiMessage(requestLocale(request), key);

  app.get("/api/admin/categories", { schema: op("GET /api/admin/categories", { tags, security }) }, async () => ({
    data: await catalogue.categories(),
  }));
  app.post("/api/admin/categories", { schema: op("POST /api/admin/categories", { tags, security }) }, async (request, reply) => {
    const data = await catalogue.createCategory(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "category_created"), data });
  });
  app.put("/api/admin/categories/:id", { schema: op("PUT /api/admin/categories/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "category_saved"),
    data: await catalogue.updateCategory(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/categories/:id", { schema: op("DELETE /api/admin/categories/{id}", { tags, security }) }, async (request) => {
    await catalogue.deleteCategory(actorOf(request), request.params.id);
    return { message: message(request, "category_deleted") };
  });
  app.get(
    "/api/admin/categories/:id/departments",
    { schema: op("GET /api/admin/categories/{id}/departments", { tags, security }) },
    async (request) => ({ data: await catalogue.departments(request.params.id) }),
  );
  app.post(
    "/api/admin/categories/:id/departments",
    { schema: op("POST /api/admin/categories/{id}/departments", { tags, security }) },
    async (request, reply) => {
      const data = await catalogue.createDepartment(actorOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: message(request, "department_created"), data });
    },
  );
  app.put(
    "/api/admin/categories/:id/departments/:departmentId",
    { schema: op("PUT /api/admin/categories/{id}/departments/{departmentId}", { tags, security }) },
    async (request) => ({
      message: message(request, "department_saved"),
      data: await catalogue.updateDepartment(actorOf(request), request.params.id, request.params.departmentId, request.body),
    }),
  );
  app.delete(
    "/api/admin/categories/:id/departments/:departmentId",
    { schema: op("DELETE /api/admin/categories/{id}/departments/{departmentId}", { tags, security }) },
    async (request) => {
      await catalogue.deleteDepartment(actorOf(request), request.params.id, request.params.departmentId);
      return { message: message(request, "department_deleted") };
    },
  );

  app.get("/api/admin/brands", { schema: op("GET /api/admin/brands", { tags, security }) }, async () => ({ data: await catalogue.brands() }));
  app.post("/api/admin/brands", { schema: op("POST /api/admin/brands", { tags, security }) }, async (request, reply) => {
    const data = await catalogue.createBrand(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "brand_created"), data });
  });
  app.put("/api/admin/brands/:id", { schema: op("PUT /api/admin/brands/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "brand_saved"),
    data: await catalogue.updateBrand(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/brands/:id", { schema: op("DELETE /api/admin/brands/{id}", { tags, security }) }, async (request) => {
    await catalogue.deleteBrand(actorOf(request), request.params.id);
    return { message: message(request, "brand_deleted") };
  });
  app.post("/api/admin/brands/:id/logo", { schema: op("POST /api/admin/brands/{id}/logo", { tags, security }) }, async (request) => {
    if (!request.isMultipart()) throw new HttpError(415, "unsupported_media_type");
    let file: { buffer: Buffer; truncated: boolean } | undefined;
    try {
      // Up to 10 MB: one byte more marks the file truncated, refused with the size message.
      for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 5 } })) {
        if (part.type === "file" && part.fieldname === "logo" && !file) file = { buffer: await part.toBuffer(), truncated: part.file.truncated };
        else if (part.type === "file") part.file.resume();
      }
    } catch (err) {
      if (typeof (err as { statusCode?: unknown }).statusCode === "number") throw err;
      throw new HttpError(400, "bad_request");
    }
    return { message: message(request, "logo_saved"), data: await catalogue.setLogo(actorOf(request), request.params.id, file) };
  });
  app.delete("/api/admin/brands/:id/logo", { schema: op("DELETE /api/admin/brands/{id}/logo", { tags, security }) }, async (request) => ({
    message: message(request, "logo_removed"),
    data: await catalogue.removeLogo(actorOf(request), request.params.id),
  }));
}
