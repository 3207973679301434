import { useTranslation } from "#app/i18n/react.tsx";
import { redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { FormPage } from "#app/components/form/form-card.tsx";
import { LoginForm } from "#app/features/account/login-form.tsx";
import { loginWith } from "#app/features/account/login.server.ts";
import { refuse } from "#app/lib/run-action.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { getCustomer, safeRedirect } from "#app/lib/session.server.ts";
import type { Route } from "./+types/login";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("login");

export async function loader({ request, context }: Route.LoaderArgs) {
  // Already logged in: straight to where the visitor wanted to go.
  if (await getCustomer(request, context)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect"), "/perfil"));
  }
  return null;
}

/**
 * After a successful login the page reloads as a whole (login-form.tsx); this loader's "already logged
 * in" redirect must not first take the tab, still holding the guest's shell, somewhere else.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as { ok?: boolean } | undefined)?.ok) return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const target = new URL(request.url).searchParams.get("redirect") ?? String(form.get("redirect") ?? "");
  if (!email || !password) return refuse("", {}, "login");
  return loginWith(request, context, email, password, target);
}

export default function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wanted = params.get("redirect") ?? undefined;
  return (
    <FormPage title={t("account.login.title")} intro={t("account.login.intro")}>
      <LoginForm redirect={wanted} />
    </FormPage>
  );
}
