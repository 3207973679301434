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
