import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../../lib/errors.ts";
import { streamMultipartFile } from "../../../lib/multipart.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { requestLocale } from "../../../lib/request-locale.ts";
import { importerOf, keySecurity, message, security, tags, type AdminContext } from "../context.ts";
import { createAdminImports } from "./service.ts";

/** Requests a minute one API key may send to the import's reads (the shop's system polls them). */
const KEY_READS_PER_MINUTE = 120;

/** Who a limit counts: the API key, or the member (the access check ran before, in the admin's onRequest hook). */
const sender = (request: FastifyRequest) =>
  request.apiKey ? `key:${request.apiKey.id}` : request.staff ? `staff:${request.staff.id}` : `ip:${request.ip}`;

/** Product imports (the check, then the apply) and the catalogue's export. */
export const importsRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, concurrentWrites, changed }) => {
  const imports = createAdminImports({ db, dataDir: config.dataDir, concurrentWrites, changed, log: app.log });
  /** Each check or apply reads a whole file: a few an hour per member or key (docs/decisions/024). */
  const hourly = {
    rateLimit: {
      max: config.importsPerHour,
      timeWindow: "1 hour",
      keyGenerator: sender,
      errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) => ({
        statusCode: 429,
        message: message(request, "import_rate_limited", { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) }),
      }),
    },
  };
  /** A key's reads: members' screens poll freely. */
  const keyReads = {
    rateLimit: { max: KEY_READS_PER_MINUTE, timeWindow: "1 minute", keyGenerator: sender, allowList: (r: FastifyRequest) => !r.apiKey },
  };

  app.get("/api/admin/imports", { schema: op("GET /api/admin/imports", { tags, security: keySecurity }), config: keyReads }, async () => ({
    data: await imports.list(),
  }));

  app.post(
    "/api/admin/imports",
    {
      schema: op("POST /api/admin/imports", {
        tags,
        security: keySecurity,
        description:
          "Uploads a CSV or XLSX file (multipart field `arquivo`, at most 100 MB) and starts its dry run. Poll GET /api/admin/imports/{id} until `estado` is `checked` (or `failed`), read the counts and refused rows, then POST …/apply. One check or apply at a time in the shop (409), a few an hour per member or key (429).",
      }),
      config: hourly,
    },
    async (request, reply) => {
      const file = await streamMultipartFile(request, { fileSize: imports.maxBytes, files: 1, fields: 5 });
      if (!file || file.field !== "arquivo") throw new HttpError(422, "validation_failed", { errors: { arquivo: ["import_file_required"] } });
      const data = await imports.start(importerOf(request), requestLocale(request), { filename: file.filename, file: file.file });
      return reply.status(201).send({ message: message(request, "import_started"), data });
    },
  );

  app.get(
    "/api/admin/imports/:id",
    { schema: op("GET /api/admin/imports/{id}", { tags, security: keySecurity }), config: keyReads },
    async (request) => ({
      data: await imports.get(request.params.id),
    }),
  );

  app.post(
    "/api/admin/imports/:id/apply",
    {
      schema: op("POST /api/admin/imports/{id}/apply", {
        tags,
        security: keySecurity,
        description:
          "Applies a checked import in one transaction (refused rows stay out). Poll GET /api/admin/imports/{id} until `estado` is `applied` or `failed`. An API key must send `confirmar=true` when the check counted prices moved past the bulk change's limits (`fora_limite`).",
      }),
      config: hourly,
    },
    async (request, reply) =>
      reply.status(202).send({
        message: message(request, "import_applying"),
        data: await imports.apply(importerOf(request), request.params.id, request.query.confirmar),
      }),
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
};
