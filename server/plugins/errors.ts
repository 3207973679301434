import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import { issueMessages, type IssueLike } from "#contract/validation-messages.ts";
import type { Locale } from "#contract/locale.ts";
import { isDatabaseUnavailable } from "#db/client.ts";
import { HttpError, SchemaError } from "../lib/errors.ts";
import { requestLocale } from "../lib/request-locale.ts";
import { record } from "../observability/metrics.ts";

/** A refused body's unread rest Node may read and throw away so the connection serves on (16 MB). */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Fastify closes the connection after a body it refused, in case more of it follows. When the body
 * was read to its end (malformed JSON), or its declared rest is small enough for Node to read and
 * discard after the answer (a body over the limit), the kept-alive connection serves the next request.
 */
function keepConnection(request: FastifyRequest, reply: FastifyReply) {
  if (reply.getHeader("connection") !== "close") return;
  const declared = Number(request.headers["content-length"]);
  if (request.raw.complete || (Number.isFinite(declared) && declared <= DRAIN_LIMIT)) reply.removeHeader("connection");
}

/** Field errors of a rejected input, each field's texts in the order the schema found them. */
function fieldErrors(locale: Locale, issues: IssueLike[], input: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issueMessages(issues, input, (key, values) => apiMessage(locale, key, values))) {
    (errors[field] ??= []).push(message);
  }
  return errors;
}

/** One error shape for every 4xx, and no internals in a 5xx (ARCHITECTURE.md "Error shape"). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    keepConnection(request, reply);
    const locale = requestLocale(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext === "querystring" ? "query" : (error.validationContext ?? "body");
      const input = (request as unknown as Record<string, unknown>)[part];
      // fastify-type-provider-zod hands each zod issue over as { keyword: code, message, params: the rest }.
      const issues = error.validation.map((v): IssueLike => ({
        ...v.params,
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split("/").filter(Boolean),
      }));
      return reply.status(422).send({ message: apiMessage(locale, "validation_failed"), errors: fieldErrors(locale, issues, input) });
    }
    if (error instanceof SchemaError) {
      const errors = fieldErrors(locale, error.issues as unknown as IssueLike[], error.input);
      return reply.status(422).send({ message: apiMessage(locale, "validation_failed"), errors });
    }
    if (error instanceof HttpError) {
      const errors = error.errors
        ? Object.fromEntries(
            Object.entries(error.errors).map(([field, keys]) => [
              field,
              keys.map((k) => apiMessage(locale, k, { ...error.vars, ...error.fieldVars[field] })),
            ]),
          )
        : undefined;
      return reply
        .status(error.statusCode)
        .send({ ...error.data, message: apiMessage(locale, error.messageKey, error.vars), ...(errors ? { errors } : {}) });
    }
    // The database is out of reach or stopped answering: a moment's outage, not a fault of the request.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, "database unavailable");
      record.databaseUnavailable(error);
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ message: apiMessage(locale, "service_unavailable") });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: error.message });
    if (status >= 400 && status < 500) {
      const key: ApiMessageKey =
        status === 404 ? "not_found" : status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : "bad_request";
      return reply.status(status).send({ message: apiMessage(locale, key) });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: apiMessage(locale, "internal_error") });
  });
});
