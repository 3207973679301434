import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { apiMessage, isApiMessageKey, type ApiMessageKey } from "#contract/messages.ts";
import type { Locale } from "#contract/locale.ts";
import { isDatabaseUnavailable } from "#db/client.ts";
import { HttpError, SchemaError } from "../lib/errors.ts";
import { requestLocale } from "../lib/request-locale.ts";

interface ZodIssueLike {
  code: string;
  message?: string;
  minimum?: number | bigint;
  inclusive?: boolean;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  expected?: string;
}

/** The value a field had in the request (zod 4 issues do not carry it; a coerced number shows NaN). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Turns one schema issue into the customer-language text of spec §5; `missing` when the field was not sent. */
function issueMessage(locale: Locale, issue: ZodIssueLike, missing: boolean): string {
  const t = (key: ApiMessageKey, vars?: Record<string, string | number>) => apiMessage(locale, key, vars);
  if (issue.code === "custom" && isApiMessageKey(issue.message)) return t(issue.message);
  if (missing) return t("required");
  if (issue.code === "too_small") {
    if (issue.origin === "string") return Number(issue.minimum) <= 1 ? t("required") : t("too_short", { min: Number(issue.minimum) });
    // Every number the API takes is an integer: "more than 0" reads "at least 1".
    return t("too_small", { min: Number(issue.minimum) + (issue.inclusive === false ? 1 : 0) });
  }
  if (issue.code === "too_big") {
    if (issue.origin === "string") return t("too_long", { max: Number(issue.maximum) });
    return t("too_big", { max: Number(issue.maximum) });
  }
  if (issue.code === "invalid_format" && issue.format === "email") return t("invalid_email");
  if (issue.code === "invalid_type" && (issue.expected === "int" || issue.expected === "number")) return t("integer");
  return t("invalid");
}

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

const isBlank = (value: unknown) => value === undefined || value === null || value === "";

/** One error shape for every 4xx, and no internals in a 5xx (ARCHITECTURE.md "Error shape"). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    keepConnection(request, reply);
    const locale = requestLocale(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext === "querystring" ? "query" : (error.validationContext ?? "body");
      const input = (request as unknown as Record<string, unknown>)[part];
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        // fastify-type-provider-zod hands each zod issue over as { keyword: code, message, params: the rest }.
        const issue = { ...v.params, code: v.keyword, message: v.message } as ZodIssueLike;
        const path = v.instancePath.split("/").filter(Boolean);
        const field = path.join(".") || "_";
        (errors[field] ??= []).push(issueMessage(locale, issue, isBlank(valueAt(input, path))));
      }
      return reply.status(422).send({ message: apiMessage(locale, "validation_failed"), errors });
    }
    if (error instanceof SchemaError) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.issues) {
        const field = issue.path.length > 0 ? issue.path.join(".") : "_";
        const missing = isBlank(valueAt(error.input, issue.path));
        (errors[field] ??= []).push(issueMessage(locale, issue as unknown as ZodIssueLike, missing));
      }
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
      return reply.status(503).header("retry-after", "5").send({ message: apiMessage(locale, "service_unavailable") });
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
