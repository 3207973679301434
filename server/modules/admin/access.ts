import type { FastifyReply, FastifyRequest } from "fastify";
import { CSRF_HEADER, staffCookieName, staffDeviceCookieName, type Staff } from "#contract/api/admin/staff.ts";
import { operations, type Operation } from "#contract/api/operations.ts";
import type { Config } from "#config/config.ts";
import type { Db } from "#db/client.ts";
import { HttpError } from "../../lib/errors.ts";
import { siteFor, visitorSiteOf } from "../../lib/site.ts";
import { audited } from "./audit.ts";
import { actorOf, importerOf } from "./context.ts";
import type { ApiKeys, ResolvedKey } from "./staff/api-keys.ts";
import type { StaffService } from "./staff/service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The back-office member of an admin request, once its session was checked (access.ts). */
    staff?: Staff & { sessionId: number; totpPending: boolean; reauthAt: Date | null };
    /** The API key of an admin request sent by the shop's own system, once checked. */
    apiKey?: ResolvedKey;
  }
}

/** The API key a request carries as `Authorization: Bearer sk_…`, if any. */
function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(sk_\S{1,200})$/i.exec(header.trim());
  return match?.[1];
}

/** What a member who must choose a new password may still do. */
const BEFORE_NEW_PASSWORD = new Set<string>(["GET /api/admin/session", "PATCH /api/admin/me", "POST /api/admin/me/reauth", "POST /api/admin/logout"]);
/** What a member without two-factor may still do once the owner made it mandatory: their own account and enrolment. */
const BEFORE_TWO_FACTOR = new Set<string>([
  ...BEFORE_NEW_PASSWORD,
  "POST /api/admin/me/totp/invite",
  "POST /api/admin/me/totp",
  "POST /api/admin/me/totp/confirm",
]);

/** The operations map's key of a route: `/api/admin/staff/:id` is `/api/admin/staff/{id}`; HEAD reads as its GET. */
function operationKey(request: FastifyRequest): string {
  const method = request.method === "HEAD" ? "GET" : request.method;
  return `${method} ${(request.routeOptions.url ?? "").replace(/:(\w+)/g, "{$1}")}`;
}

/** Cookies are Secure in production, and then the staff's carry the `__Host-` prefix (docs/decisions/025). */
const secureCookies = (config: Config) => config.env === "production";
export const staffCookie = (config: Config) => staffCookieName(secureCookies(config));
export const staffDeviceCookie = (config: Config) => staffDeviceCookieName(secureCookies(config));

/** The staff cookie's token, when the request carries a plausible one (under this environment's name only). */
export function staffToken(request: FastifyRequest, config: Config): string | undefined {
  const token = request.cookies?.[staffCookie(config)];
  return token && token.length <= 200 ? token : undefined;
}

/** Path=/ and no Domain: what a `__Host-` cookie must have. */
export const staffCookieOptions = (config: Config, expires: Date) => ({
  path: "/",
  httpOnly: true,
  sameSite: "strict" as const,
  secure: secureCookies(config),
  expires,
});

/**
 * The one check of every back-office route (docs/decisions/020), read from the operations map before
 * the body is even parsed:
 * - an admin path the map gives no access is refused to everyone (403);
 * - without a live staff session: 401 (a customer's token or cookie is no staff session);
 * - a role the operation does not name: 403;
 * - a write without the session's CSRF token, or sent from a page of another origin: 403;
 * - a member whose password was printed by the shell may only choose a new one;
 * - an API key (`Authorization: Bearer sk_…`) opens only the operations that name its scope.
 * - while two-factor is mandatory, a member without it may only enrol.
 * The login itself (`public`) only needs a write's same-origin check.
 * Every refusal (403) of a member or a key is written to the audit log (decision 026); one of nobody
 * (no session) is not: a stranger could fill the log with them.
 */
export function createStaffAccess(staffService: StaffService, apiKeys: ApiKeys, config: Config, db: Db) {
  /** A write comes from the store's own pages: its Origin (or Referer) names the host it was sent to. */
  function sameOrigin(request: FastifyRequest): boolean {
    // The storefront's in-process calls: React Router compared the browser's Origin with the page's before the action ran.
    if (visitorSiteOf(request)) return true;
    const origin = request.headers.origin ?? request.headers.referer;
    if (typeof origin !== "string") return false;
    try {
      const own = new URL(siteFor(config, request.host, request.protocol).origin).host;
      return new URL(origin).host === own && own === request.host;
    } catch {
      return false;
    }
  }

  async function refused(request: FastifyRequest, key: string, error: HttpError) {
    if (!request.staff && !request.apiKey) return;
    await audited(db, request.apiKey ? importerOf(request) : actorOf(request), {
      acao: "acesso_negado",
      entidade: "operacao",
      entidade_id: key.slice(0, 64),
      depois: { motivo: error.messageKey, caminho: (request.url.split("?")[0] ?? "").slice(0, 200) },
    });
  }

  return async function guarded(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await check(request, reply);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) await refused(request, operationKey(request), error);
      throw error;
    }
  };

  async function check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = operationKey(request);
    const access = (operations as Record<string, Operation>)[key]?.admin;
    if (!access) throw new HttpError(403, "forbidden");
    const write = request.method !== "GET" && request.method !== "HEAD";
    if (access === "public") {
      if (write && !sameOrigin(request)) throw new HttpError(403, "csrf_invalid");
      return;
    }
    // An API key opens only the operations that name its scope; it carries no cookie, so no CSRF check.
    const bearer = bearerKey(request);
    if (bearer !== undefined) {
      const resolved = await apiKeys.resolve(bearer, request.ip);
      if (resolved === "invalid") throw new HttpError(401, "api_key_invalid");
      if (resolved === "expired") throw new HttpError(401, "api_key_expired");
      if (resolved === "address") throw new HttpError(403, "api_key_address", { vars: { ip: request.ip } });
      // Set before the scope check: a key's refusal is written to the audit log in its name (decision 026).
      request.apiKey = resolved;
      if (!access.scopes?.includes(resolved.escopo)) throw new HttpError(403, "forbidden");
      return;
    }
    const token = staffToken(request, config);
    const session = token ? await staffService.resolve(token) : null;
    if (!token || !session) throw new HttpError(401, "session_expired");
    request.staff = { ...session.staff, sessionId: session.sessionId, totpPending: session.totpPending, reauthAt: session.reauthAt };
    // The cookie follows the session's sliding expiry.
    if (session.slid) reply.setCookie(staffCookie(config), token, staffCookieOptions(config, session.expiresAt));
    if (write) {
      const sent = request.headers[CSRF_HEADER];
      if (!staffService.csrfMatches(token, typeof sent === "string" ? sent : undefined) || !sameOrigin(request)) {
        throw new HttpError(403, "csrf_invalid");
      }
    }
    if (session.staff.trocar_senha && !BEFORE_NEW_PASSWORD.has(key)) throw new HttpError(403, "password_change_required");
    if (session.totpPending && !BEFORE_TWO_FACTOR.has(key)) throw new HttpError(403, "totp_required");
    if (!access.roles.includes(session.staff.papel)) throw new HttpError(403, "forbidden");
  }
}
