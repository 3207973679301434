import { data, redirect, type AppLoadContext } from "react-router";
import { CSRF_HEADER, staffCookieName, staffDeviceCookieName, type StaffSession } from "#contract/api/admin/staff.ts";
import { readCookie } from "#app/i18n/resolve-locale.ts";
import { ApiError, serverApi, type ApiClient } from "#app/lib/api-client.ts";
import { localPath } from "#contract/local-path.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { postedByBrowser, runAction } from "#app/lib/run-action.server.ts";
import { ADMIN_FLASH_MAX, type AdminFlash } from "./form-answer.ts";

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
export async function adminAction<T, A = never>(request: Request, intent: string | undefined, call: () => Promise<T>, answer?: (value: T) => A) {
  const result = await runAction(call, { intent, answer, unauthorized: () => redirect(adminLoginPath(request)), throwServerErrors: true });
  const form = postedForms.get(request);
  if (form && postedByBrowser(request)) answerPostedForm(request, form, result.data);
  return result;
}

/** The forms read by readAdminForm, by their request: what adminAction needs to answer a script-less post. */
const postedForms = new WeakMap<Request, FormData>();

/** The fields a refused form keeps: its texts, never the CSRF token, the hidden routing fields or a password. */
const SKIPPED_FIELDS = new Set([CSRF_FIELD, "intent", "id", "remove", "senha", "password"]);

/**
 * A form the browser posted itself, without the page's scripts (app/features/admin/form-answer.ts): a success
 * is answered with a redirect to the same page (post/redirect/get, so a reload never posts it again) that carries
 * its message in a short-lived cookie; a refusal is answered with the page, naming the record's form it
 * answers and carrying what was typed, for the fields to keep.
 */
function answerPostedForm(request: Request, form: FormData, result: ActionResult<unknown>) {
  const id = String(form.get("id") ?? "") || undefined;
  if (!result.ok) {
    const posted: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string" && !SKIPPED_FIELDS.has(name)) posted[name] = value;
    Object.assign(result, { id, posted });
    return;
  }
  // An answer the page needs beyond its message (a new key, recovery codes) stays on the page it came with.
  if (result.answer !== undefined) return;
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const flash: AdminFlash = { path: url.pathname, intent: result.intent ?? "", id, message: result.message.slice(0, ADMIN_FLASH_MAX) };
  throw redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(encodeURIComponent(JSON.stringify(flash)), 60) },
  });
}

/** The cookie that carries a script-less post's success to the page it redirected to, once. */
const flashCookieName = () => `${secure() ? "__Host-" : ""}admin_flash`;
const flashCookie = (value: string, maxAge: number) =>
  `${flashCookieName()}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure() ? "; Secure" : ""}`;

/**
 * The success a script-less post left for this page (see answerPostedForm), and the header that forgets it:
 * it is said once. Anything that is not one is ignored.
 */
export function readAdminFlash(request: Request): { flash?: AdminFlash; clear?: string } {
  const raw = readCookie(request.headers.get("Cookie"), flashCookieName());
  if (raw === undefined) return {};
  const clear = flashCookie("", 0);
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return { clear };
    const { path, intent, id, message } = value as Record<string, unknown>;
    const texts =
      typeof path === "string" && typeof intent === "string" && typeof message === "string" && (id === undefined || typeof id === "string");
    if (!texts || path !== new URL(request.url).pathname || message.length > ADMIN_FLASH_MAX) return { clear };
    return { flash: { path, intent, id: id as string | undefined, message }, clear };
  } catch {
    return { clear };
  }
}

/**
 * What a back-office action reads first from its posted form: the client that carries the form's CSRF
 * token, the intent the form asked for (a press of a "remove" button, SaveOrDelete's, asks `removeIntent`
 * instead), the record's id and any text field ("" when absent).
 */
export async function readAdminForm(request: Request, context: AppLoadContext, removeIntent?: string) {
  const form = await request.formData();
  postedForms.set(request, form);
  const asked = String(form.get("intent") ?? "");
  return {
    form,
    api: adminApi(context, form),
    intent: removeIntent !== undefined && form.get("remove") ? removeIntent : asked,
    id: String(form.get("id") ?? ""),
    field: (name: string) => String(form.get(name) ?? ""),
  };
}

/** The picture a script-less form posted as `field`, in a form of its own for the API (which checks the file). */
export function pictureOf(form: FormData, field: string): FormData {
  const body = new FormData();
  const file = form.get(field);
  if (file instanceof File && file.size > 0) body.append(field, file);
  return body;
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
