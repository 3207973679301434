import { useTranslation } from "#app/i18n/react.tsx";
import { data, redirect } from "react-router";
import { RegisterForm } from "#app/features/account/register-form.tsx";
import { serverApi } from "#app/lib/api-client.ts";
import { loginWith } from "#app/features/account/login.server.ts";
import { localeCookie } from "#app/i18n/resolve-locale.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { isLocale } from "#contract/locale.ts";
import { getCustomer } from "#app/lib/session.server.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { refuse, runAction } from "#app/lib/run-action.server.ts";
import type { Route } from "./+types/register";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("register");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getCustomer(request, context)) throw redirect("/perfil");
  return null;
}

/**
 * Forwards the multipart form to POST /ecom/cliente/cadastrar (which validates it again with the
 * same schema), then logs in (spec §4 "Registration"): /checkout if that was the redirect, else /perfil.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // Spec §4: choosing the nationality sets the language; every loader then reads the new cookie.
  if (form.get("intent") === "language") {
    const locale = form.get("locale");
    if (!isLocale(locale)) return refuse("", {}, "language", 400);
    return data<ActionResult>(
      { ok: true, message: "", intent: "language" },
      { headers: { "Set-Cookie": localeCookie(locale, new URL(request.url)) } },
    );
  }
  const registered = await runAction(() => serverApi(context)("POST /ecom/cliente/cadastrar", { body: form }));
  if (!registered.data.ok) return registered;
  const wanted = new URL(request.url).searchParams.get("redirect") ?? "";
  const target = wanted.split("?")[0] === "/checkout" ? "/checkout" : "/perfil";
  return loginWith(request, context, String(form.get("email") ?? ""), String(form.get("password") ?? ""), target);
}

export default function RegisterRoute() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {t("account.register.title")}
      </h1>
      <p className="mt-2 text-muted">{t("account.register.intro")}</p>
      <RegisterForm />
    </section>
  );
}
