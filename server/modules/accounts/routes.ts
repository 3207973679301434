import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { RegisterFieldsSchema, UpdateProfileFieldsSchema } from "#contract/api/accounts.ts";
import { apiMessage } from "#contract/messages.ts";
import type { Config } from "#config/config.ts";
import { HttpError, SchemaError, type SchemaIssue } from "../../lib/errors.ts";
import { readMultipart, type UploadedFile } from "../../lib/multipart.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { sendPrivateFile } from "../../lib/private-file.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { requestSite } from "../../lib/site.ts";
import { customerOf, type Auth } from "../../plugins/auth.ts";
import type { AddressService } from "./addresses.ts";
import { cepRoutes } from "./cep.ts";
import { DEVICE_COOKIE, DEVICE_TTL_MS } from "../../lib/login-guard.ts";
import type { AccountsService } from "./service.ts";

interface Deps {
  accounts: AccountsService;
  addresses: AddressService;
  auth: Auth;
  config: Config;
}

/** Multipart fields and files; a file over the limit arrives marked truncated, never as a crash. */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  if (!request.isMultipart()) {
    for (const [k, v] of Object.entries((request.body as Record<string, unknown>) ?? {})) {
      if (typeof v === "string" || typeof v === "number") fields[k] = String(v);
    }
    return { fields, files };
  }
  const form = await readMultipart(request);
  for (const file of form.files) files.set(file.field, file);
  return { fields: form.fields, files };
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new SchemaError(result.error.issues as unknown as SchemaIssue[], value);
  return result.data;
}

const perIp = (max: number, minutes = 15) => ({ rateLimit: { max, timeWindow: `${minutes} minutes` } });

/** Customer accounts (spec §7 `/ecom/...`): login, registration, recovery, profile, addresses. */
export const accountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { accounts, addresses, auth, config }) => {
  const tags = ["accounts"];
  const security = [{ bearerAuth: [] }];
  // Links in e-mails lead to the store host the customer is using (the storefront's, for its in-process calls).
  const mailContext = (request: FastifyRequest) => {
    const site = requestSite(config, request);
    return { origin: site.origin, brandName: site.brandName };
  };
  const ok = (request: FastifyRequest, key: Parameters<typeof apiMessage>[1]) => ({
    message: apiMessage(requestLocale(request), key),
  });

  app.post("/ecom/login", { schema: op("POST /ecom/login", { tags }), config: perIp(20) }, async (req, reply) => {
    const { response, deviceCookie } = await accounts.login(req.body.email, req.body.password, requestLocale(req), {
      ip: req.ip,
      device: req.cookies[DEVICE_COOKIE],
    });
    // The known-device cookie (docs/decisions/005): this browser skips the account-wide slowdown next time.
    reply.setCookie(DEVICE_COOKIE, deviceCookie, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.env === "production",
      maxAge: DEVICE_TTL_MS / 1000,
    });
    return response;
  });

  app.post("/ecom/me", { schema: op("POST /ecom/me", { tags, security }), preHandler: auth.required }, async (req) =>
    accounts.me(customerOf(req).id),
  );

  app.post("/ecom/logout", { schema: op("POST /ecom/logout", { tags, security }), preHandler: auth.required }, async (req) => {
    await accounts.logout(customerOf(req).sessionId);
    return ok(req, "logout_ok");
  });

  app.post(
    "/ecom/cliente/cadastrar/check-email",
    { schema: op("POST /ecom/cliente/cadastrar/check-email", { tags }), config: perIp(30) },
    async (req) => {
      if (await accounts.emailInUse(req.body.email)) {
        throw new HttpError(409, "email_in_use", { errors: { email: ["email_in_use"] } });
      }
      return ok(req, "email_available");
    },
  );

  app.post("/ecom/cliente/cadastrar", { schema: op("POST /ecom/cliente/cadastrar", { tags }), config: perIp(10, 60) }, async (req) => {
    const { fields, files } = await readForm(req);
    const data = parse(RegisterFieldsSchema, fields);
    const row = await accounts.register(data, files, mailContext(req));
    return { ...ok(req, "registered"), id: row.id };
  });

  app.post("/ecom/cliente/recuperar-senha", { schema: op("POST /ecom/cliente/recuperar-senha", { tags }), config: perIp(5) }, async (req) => {
    await accounts.requestReset(req.body.email, mailContext(req));
    return ok(req, "recovery_sent");
  });

  app.post("/ecom/cliente/trocar-senha", { schema: op("POST /ecom/cliente/trocar-senha", { tags }), config: perIp(10) }, async (req) => {
    await accounts.resetPassword(req.body.uuid, req.body.token, req.body.password, req.ip);
    return ok(req, "password_reset_ok");
  });

  app.post(
    "/ecom/cliente/confirmar-email/:uid/:token",
    { schema: op("POST /ecom/cliente/confirmar-email/{uid}/{token}", { tags }), config: perIp(20) },
    async (req) => ok(req, await accounts.confirmEmail(req.params.uid, req.params.token)),
  );

  app.post(
    "/ecom/cliente/reenviar-email",
    { schema: op("POST /ecom/cliente/reenviar-email", { tags, security }), preHandler: auth.required },
    async (req) => ok(req, await accounts.resendConfirmation(customerOf(req).id, mailContext(req))),
  );

  app.post(
    "/ecom/cliente/trocar-senha-l",
    { schema: op("POST /ecom/cliente/trocar-senha-l", { tags, security }), preHandler: auth.required, config: perIp(10) },
    async (req) => {
      const { id, sessionId } = customerOf(req);
      await accounts.changePassword(id, sessionId, req.body.password_currently, req.body.password);
      return ok(req, "password_changed");
    },
  );

  app.post(
    "/ecom/cliente/update-profile",
    { schema: op("POST /ecom/cliente/update-profile", { tags, security }), preHandler: auth.required },
    async (req) => {
      const { fields, files } = await readForm(req);
      const data = parse(UpdateProfileFieldsSchema, fields);
      const user = await accounts.updateProfile(customerOf(req).id, data, files);
      return { ...ok(req, "profile_updated"), user };
    },
  );

  app.get(
    "/ecom/cliente/documento/:lado",
    { schema: op("GET /ecom/cliente/documento/{lado}", { tags, security }), preHandler: auth.required },
    async (req, reply) => {
      const lado = (req.params as { lado: string }).lado;
      if (lado !== "frente" && lado !== "verso") throw new HttpError(404, "not_found");
      return sendPrivateFile(reply, await accounts.readDocument(customerOf(req).id, lado));
    },
  );

  app.post("/ecom/cliente/address", { schema: op("POST /ecom/cliente/address", { tags, security }), preHandler: auth.required }, async (req) => {
    const id = await addresses.create(customerOf(req).id, req.body);
    return { ...ok(req, "address_saved"), data: (await addresses.list(customerOf(req).id)).find((a) => a.id === id) };
  });

  app.get("/ecom/cliente/address", { schema: op("GET /ecom/cliente/address", { tags, security }), preHandler: auth.required }, async (req) => ({
    data: await addresses.list(customerOf(req).id),
  }));

  app.put(
    "/ecom/cliente/address/:id",
    { schema: op("PUT /ecom/cliente/address/{id}", { tags, security }), preHandler: auth.required },
    async (req) => {
      if (req.body.ativo) throw new HttpError(422, "validation_failed", { errors: { ativo: ["invalid"] } });
      await addresses.deactivate(customerOf(req).id, req.params.id);
      return ok(req, "address_removed");
    },
  );

  app.patch(
    "/ecom/cliente/address/:id/set-main",
    { schema: op("PATCH /ecom/cliente/address/{id}/set-main", { tags, security }), preHandler: auth.required },
    async (req) => {
      await addresses.setMain(customerOf(req).id, req.params.id);
      return ok(req, "address_main_set");
    },
  );

  await app.register(cepRoutes, { config });

  app.post("/ecom/endereco/cidade-por-codigo", { schema: op("POST /ecom/endereco/cidade-por-codigo", { tags }) }, async (req) =>
    accounts.cityByCode(req.body.pais_id, req.body.codigo),
  );
};
