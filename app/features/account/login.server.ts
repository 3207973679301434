import { data, type AppLoadContext } from "react-router";
import type { LoginResponse, User } from "#contract/api/accounts.ts";
import type { Locale } from "#contract/locale.ts";
import { LANG_COOKIE } from "#app/i18n/resolve-locale.ts";
import { ApiError, serverApi } from "#app/lib/api-client.ts";
import { safeRedirect, sessionCookie } from "#app/lib/session.server.ts";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export type LoginActionResult =
  { ok: true; message: string; redirectTo: string; locale: Locale } | { ok: false; message?: string; errors?: Record<string, string[]> };

/**
 * Spec §4 "Language": a foreign customer reads pt-BR, everyone else es-PY; Argentinians read es-AR
 * (docs/decisions/006).
 */
export const customerLocale = (user: Pick<User, "estrangeiro" | "nationality">): Locale =>
  user.estrangeiro ? "pt-BR" : user.nationality === "AR" ? "es-AR" : "es-PY";

export function langCookie(user: Pick<User, "estrangeiro" | "nationality">, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" || process.env.NODE_ENV === "production" ? "; Secure" : "";
  return `${LANG_COOKIE}=${customerLocale(user)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Logs in through POST /ecom/login and stores the token in the HttpOnly cookie: the browser never
 * sees it. Used by /login, by /cadastro after a registration, and by any embedded login form.
 */
export async function loginWith(request: Request, context: AppLoadContext, email: string, password: string, redirectTo: string) {
  let answer: { data: LoginResponse; headers: Headers };
  try {
    answer = await serverApi(context).withHeaders("POST /ecom/login", { body: { email, password } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.network) throw error;
    return data<LoginActionResult>({ ok: false, message: error.message }, { status: error.status });
  }
  const { data: body, headers: answerHeaders } = answer;
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(body.token, body.expires_at));
  headers.append("Set-Cookie", langCookie(body.user, request));
  // The API's known-device cookie (docs/decisions/005) reaches the browser through this answer.
  for (const cookie of answerHeaders.getSetCookie()) {
    if (cookie.startsWith("dispositivo=")) headers.append("Set-Cookie", cookie);
  }
  return data<LoginActionResult>(
    {
      ok: true,
      message: body.message ?? "",
      redirectTo: safeRedirect(redirectTo, "/perfil"),
      locale: customerLocale(body.user),
    },
    { headers },
  );
}
