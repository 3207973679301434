import { data, redirect, type AppLoadContext } from "react-router";
import type { User } from "#contract/api/accounts.ts";
import type { MoedaId } from "#contract/currencies.ts";
import { shopperCurrencyId } from "#contract/guest-currency.ts";
import type { Locale } from "#contract/locale.ts";
import { localPath } from "#contract/local-path.ts";
import { readCookie } from "#app/i18n/resolve-locale.ts";
import { ApiError, serverApi } from "./api-client.ts";

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

/** What one request learnt of its customer: loaders of the same page ask once (one call to POST /ecom/me). */
const customers = new WeakMap<AppLoadContext, Promise<User | null>>();

/**
 * The logged-in customer (POST /ecom/me), or null for a guest or a session the API refused (401).
 * Any other failure (the API answering 503 while its database is away, or not at all) says nothing
 * about the session: it is logged and the page answers the store's 503, keeping the cookie, so the
 * customer is still signed in, cart and all, once the API is back (spec §7 "log, rethrow").
 */
export async function getCustomer(request: Request, context: AppLoadContext): Promise<User | null> {
  if (!getSessionToken(request)) return null;
  // Only a GET's loaders share the answer: an action (a logout) may end the session before they run.
  const shared = request.method === "GET" ? customers.get(context) : undefined;
  if (shared) return shared;
  const asked = serverApi(context)("POST /ecom/me").catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return null;
    console.error("session: POST /ecom/me failed, answering 503 and keeping the session", error);
    throw data(null, { status: 503, headers: { "Retry-After": "5" } });
  });
  if (request.method === "GET") customers.set(context, asked);
  return asked;
}

/** The currency a page shows its prices in: the customer's when signed in, else the guest's (spec §9). */
export async function pageCurrencyId(request: Request, context: AppLoadContext, locale: Locale): Promise<MoedaId> {
  return shopperCurrencyId(await getCustomer(request, context), locale);
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
