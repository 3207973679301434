import { redirect, type AppLoadContext } from "react-router";
import type { User } from "#contract/api/accounts.ts";
import type { Locale } from "#contract/locale.ts";
import { LANG_COOKIE } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { postedByBrowser, runAction } from "#app/lib/run-action.server.ts";
import { afterLogin } from "./login-form.tsx";
import { safeRedirect, sessionCookie } from "#app/lib/session.server.ts";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Where a login sends the customer, read by the login and registration forms: the page, and the account's language. */
export interface AfterLogin {
  redirectTo: string;
  locale: Locale;
}

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
  const result = await runAction(() => serverApi(context).withHeaders("POST /ecom/login", { body: { email, password } }), {
    intent: "login",
    answer: ({ data: body }): AfterLogin => ({ redirectTo: safeRedirect(redirectTo, "/perfil"), locale: customerLocale(body.user) }),
    headers: ({ data: body, headers: answerHeaders }) => {
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(body.token, body.expires_at));
      headers.append("Set-Cookie", langCookie(body.user, request));
      // The API's known-device cookie (docs/decisions/005) reaches the browser through this answer.
      for (const cookie of answerHeaders.getSetCookie()) {
        if (cookie.startsWith("dispositivo=")) headers.append("Set-Cookie", cookie);
      }
      return headers;
    },
  });
  // A form the browser posted itself has no script to follow the answer: the server takes it there.
  const answer = result.data.ok ? result.data.answer : undefined;
  if (answer && postedByBrowser(request)) throw redirect(afterLogin(answer.redirectTo, answer.locale), { headers: result.init?.headers });
  return result;
}
