import { redirect, type AppLoadContext } from "react-router";
import type { User } from "#contract/api/accounts.ts";
import { localPath } from "#contract/local-path.ts";
import { readCookie } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "./api-client.ts";

/**
 * The customer's session on the web side (ARCHITECTURE.md): the API's opaque token lives in an
 * HttpOnly, SameSite=Lax cookie named `sid` (the API's auth plugin reads the same cookie), Secure in
 * production. Never in localStorage.
 */
export const SESSION_COOKIE = "sid";

const secure = () => (process.env.NODE_ENV === "production" ? "; Secure" : "");

/** The session token the request carries, if any. */
export function getSessionToken(request: Request): string | undefined {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  return token && token.length <= 200 ? token : undefined;
}

/** Set-Cookie value that stores `token` until `expiresAt` (a Date or an ISO string). */
export function sessionCookie(token: string, expiresAt: Date | string): string {
  const expires = typeof expiresAt === "string" ? new Date(expiresAt) : expiresAt;
  const maxAge = Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; HttpOnly; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure()}`;
}

/** Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; Path=/; SameSite=Lax; Max-Age=0${secure()}`;
}

/** The logged-in customer (POST /ecom/me), or null for a guest or an expired session. */
export async function getCustomer(request: Request, context: AppLoadContext): Promise<User | null> {
  if (!getSessionToken(request)) return null;
  try {
    return await serverApi(context)("POST /ecom/me");
  } catch {
    return null;
  }
}

/**
 * Where to send a guest back after login: only a path on this store, checked after normalisation
 * ("/.//evil.example" is "//evil.example", another host); anything else falls back to `fallback`.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/perfil"): string {
  return localPath(target) ?? fallback;
}

/** The login address that brings the visitor back to the request's full path and query. */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** The logged-in customer; a guest (or an expired session) is redirected to the login page. */
export async function requireCustomer(request: Request, context: AppLoadContext): Promise<User> {
  const customer = await getCustomer(request, context);
  if (customer) return customer;
  const headers = getSessionToken(request) ? { "Set-Cookie": clearSessionCookie() } : undefined;
  throw redirect(loginPath(request), headers ? { headers } : undefined);
}
