import type { FastifyRequest } from "fastify";

/** Paths whose rest is a secret: the e-mail confirmation and password-reset links, page and API. */
const SECRET_PATH_PREFIXES = ["/app/confirmation-email/", "/app/reset-password/", "/ecom/cliente/confirmar-email/"];
/** Query parameters that carry a secret or who the link is for. */
const SECRET_PARAMS = new Set(["token", "uuid", "uid", "email", "password", "senha"]);
const REDACTED = "[redacted]";

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request URL as it may be logged: the token and the e-mail of a confirmation or reset link are masked
 * (a log line must never hold a link that logs its reader in), the rest is kept for debugging.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  let path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? undefined : url.slice(at + 1);
  const lower = decoded(path)
    .toLowerCase()
    .replace(/\/{2,}/g, "/");
  const prefix = SECRET_PATH_PREFIXES.find((p) => lower.startsWith(p));
  if (prefix) path = `${prefix}${REDACTED}`;
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  let masked = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, REDACTED);
      masked = true;
    }
  }
  return `${path}?${masked ? params.toString() : query}`;
}

/** pino's `req` serializer: Fastify's usual fields, with the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of a database error that hold a statement's values: drizzle's params, PostgreSQL's detail and context. */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);
/** drizzle's message is `Failed query: <text>\nparams: <values>`: the values are cut off. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;
/** PostgreSQL quotes the offending value in a data exception's message (class 22: `invalid input syntax …: "x"`). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

function cleanMessage(message: string, code: unknown): string {
  const text = message.replace(DRIZZLE_PARAMS, "");
  return typeof code === "string" && code.startsWith("22") ? text.replace(QUOTED, '"[redacted]"') : text;
}

/**
 * pino's `err` serializer: an error as pino writes it (type, message, stack, own fields, cause), without the
 * values a failed statement was run with. During an outage every failed request logs one; with its values
 * the logs would collect customers' names, documents and e-mails.
 */
export function errorSerializer(err: unknown, depth = 0): unknown {
  if (err === null || typeof err !== "object" || depth > 4) return err;
  const e = err as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (err instanceof Error) out.type = err.constructor.name;
  for (const [key, value] of Object.entries(e)) if (!VALUE_FIELDS.has(key) && key !== "cause") out[key] = value;
  const message = typeof e.message === "string" ? e.message : undefined;
  if (message !== undefined) out.message = cleanMessage(message, e.code);
  if (typeof e.stack === "string") out.stack = message ? e.stack.replace(message, String(out.message)) : e.stack;
  if (e.cause !== undefined) out.cause = errorSerializer(e.cause, depth + 1);
  return out;
}

/** errorSerializer in the shape Fastify's logger option asks of an `err` serializer. */
export function logErrorSerializer(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = errorSerializer(err);
  const fields = out !== null && typeof out === "object" ? (out as Record<string, unknown>) : { message: String(out) };
  return { ...fields, type: String(fields.type ?? "Error"), message: String(fields.message ?? ""), stack: String(fields.stack ?? "") };
}
