import { data, redirect, type AppLoadContext } from "react-router";
import { CSRF_HEADER, staffCookieName, staffDeviceCookieName, type StaffSession } from "#contract/api/admin/staff.ts";
import { readCookie } from "#app/i18n/resolve-locale.ts";
import { ApiError, serverApi, type ApiClient } from "#app/lib/api-client.ts";
import { localPath } from "#contract/local-path.ts";
import { runAction } from "#app/lib/run-action.server.ts";

/**
 * The back office's side of the seam: its loaders and actions call the admin operations in-process,
 * as the storefront's do, with the staff cookie the browser sent; a write adds the CSRF token its
 * form carried (docs/decisions/020).
 */

/** The name of the hidden field that carries the session's CSRF token in every back-office form. */
export const CSRF_FIELD = "csrf";

/** The client of a back-office action: every call carries the CSRF token of the form it came with. */
export function adminApi(context: AppLoadContext, form?: FormData): ApiClient {
  const csrf = form?.get(CSRF_FIELD);
  return serverApi(context, typeof csrf === "string" && csrf.length <= 100 ? { [CSRF_HEADER]: csrf } : {});
}

/** In production the staff's cookies carry the `__Host-` prefix, as the API names them (docs/decisions/025). */
const secure = () => process.env.NODE_ENV === "production";
export const staffCookie = () => staffCookieName(secure());

/** Whether the request carries a staff cookie at all (a guest of the back office has none). */
export const hasStaffCookie = (request: Request) => readCookie(request.headers.get("Cookie"), staffCookie()) !== undefined;

/** The staff's cookies (session, known device) of an API answer, to pass on to the browser. */
export function staffCookiesOf(answer: Headers, headers = new Headers()): Headers {
  const names = [staffCookie(), staffDeviceCookieName(secure())];
  for (const cookie of answer.getSetCookie()) if (names.some((name) => cookie.startsWith(`${name}=`))) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The Set-Cookie that makes the browser forget the staff session. */
export const clearStaffCookie = () => `${staffCookie()}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure() ? "; Secure" : ""}`;

/** The login page that brings the member back to the request's path. */
export function adminLoginPath(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === "/admin" || back === "/admin/" ? "/admin/login" : `/admin/login?redirect=${encodeURIComponent(back)}`;
}

/** Where to go after the login: a back-office path only. */
export function afterAdminLogin(target: string | null | undefined): string {
  const path = localPath(target);
  return path && (path === "/admin" || path.startsWith("/admin/")) && !path.startsWith("/admin/login") ? path : "/admin";
}

/**
 * The signed-in member and the session's CSRF token, with the cookie the API renewed (its expiry
 * slides with use); without a live session, a redirect to the login that brings the member back.
 */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<{ session: StaffSession; headers: Headers }> {
  if (!hasStaffCookie(request)) throw redirect(adminLoginPath(request));
  try {
    const { data: session, headers: answer } = await serverApi(context).withHeaders("GET /api/admin/session");
    return { session, headers: staffCookiesOf(answer) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(adminLoginPath(request), { headers: { "Set-Cookie": clearStaffCookie() } });
    throw error;
  }
}

/**
 * Runs a back-office action's API call (app/lib/run-action.server.ts): a refusal (4xx) is the form's to
 * show, a session that ended sends the member to the login, a 5xx is the error page's. `answer` keeps
 * what the page shows of the API's answer (the enrolment's QR code, recovery codes, a new key).
 */
export const adminAction = <T, A = never>(request: Request, intent: string | undefined, call: () => Promise<T>, answer?: (value: T) => A) =>
  runAction(call, { intent, answer, unauthorized: () => redirect(adminLoginPath(request)), throwServerErrors: true });

/**
 * What a back-office action reads first from its posted form: the client that carries the form's CSRF
 * token, the intent the form asked for (a press of a "remove" button, SaveOrDelete's, asks `removeIntent`
 * instead), the record's id and any text field ("" when absent).
 */
export async function readAdminForm(request: Request, context: AppLoadContext, removeIntent?: string) {
  const form = await request.formData();
  const asked = String(form.get("intent") ?? "");
  return {
    form,
    api: adminApi(context, form),
    intent: removeIntent !== undefined && form.get("remove") ? removeIntent : asked,
    id: String(form.get("id") ?? ""),
    field: (name: string) => String(form.get(name) ?? ""),
  };
}

/** A loader's API call; a 403 or 404 becomes the admin layout's error page, a 401 the login. */
export async function adminLoad<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.network || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(adminLoginPath(request));
    throw data(error.message, { status: error.status });
  }
}
