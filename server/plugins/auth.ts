import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiLang, type ApiLang } from "#contract/locale.ts";
import { queryRows, type Db } from "#db/client.ts";
import { HttpError } from "../lib/errors.ts";
import { requestLocale } from "../lib/request-locale.ts";
import { sha256 } from "../lib/tokens.ts";

export interface AuthenticatedCustomer {
  id: number;
  sessionId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    customer: AuthenticatedCustomer | null;
    /** The request carried a session token that no longer opens a session (expired, revoked). */
    sessionEnded?: boolean;
  }
}

/** The shopper behind a request, as the cart, shipping and checkout see them: a customer or a guest, and their language. */
export interface Viewer {
  customerId: number | null;
  lang: ApiLang;
  /** A guest whose session token has just stopped working (expired or revoked). */
  sessionEnded?: boolean;
}

export const viewerOf = (request: FastifyRequest): Viewer => ({
  customerId: request.customer?.id ?? null,
  lang: apiLang(requestLocale(request)),
  sessionEnded: request.sessionEnded === true,
});

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token && token.length < 200 ? token : undefined;
}

/** The storefront keeps the customer's token in this HttpOnly cookie (ARCHITECTURE.md). */
export const SESSION_COOKIE = "sid";

/**
 * The bearer token of spec §7, or the storefront's session cookie. A cookie only counts on a
 * state-changing request from the store's own pages, so another site cannot act with it.
 */
function tokenOf(request: FastifyRequest): string | undefined {
  const token = bearer(request);
  if (token) return token;
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (!cookie || cookie.length > 200) return undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const origin = request.headers.origin ?? request.headers.referer;
    if (origin) {
      try {
        if (new URL(origin).host !== request.host) return undefined;
      } catch {
        return undefined;
      }
    }
  }
  return cookie;
}

/** Resolves a request's token to a live session (1 hour, not revoked). */
export function createAuth(db: Db) {
  async function resolve(request: FastifyRequest): Promise<AuthenticatedCustomer | null> {
    const token = tokenOf(request);
    if (!token) return null;
    const [row] = await queryRows<{ id: number; customer_id: number }>(
      db,
      sql`SELECT id, customer_id FROM sessoes
          WHERE token_hash = ${sha256(token)} AND revoked_at IS NULL AND expires_at > now()`,
    );
    return row ? { id: row.customer_id, sessionId: row.id } : null;
  }

  return {
    /** preHandler: a 401 unless the request carries a live session. */
    async required(request: FastifyRequest, _reply: FastifyReply) {
      request.customer = await resolve(request);
      if (!request.customer) throw new HttpError(401, "session_expired");
    },
    /** preHandler: attaches the customer when there is one; guests pass. */
    async optional(request: FastifyRequest, _reply: FastifyReply) {
      request.customer = await resolve(request);
      request.sessionEnded = request.customer === null && tokenOf(request) !== undefined;
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

/** The customer a `required` preHandler attached. */
export function customerOf(request: FastifyRequest): AuthenticatedCustomer {
  if (!request.customer) throw new HttpError(401, "session_expired");
  return request.customer;
}
