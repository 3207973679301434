import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useFetcher } from "react-router";
import { useFormAnswer } from "#app/lib/use-form-answer.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { LoginBodySchema } from "#contract/api/accounts.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { AfterLogin } from "./login.server.ts";
import { writeStored } from "#app/lib/local-store.ts";
import { FLASH_KEY } from "./use-flash.ts";
import "#app/i18n/account-texts.ts";

/** Spec §9: redirect 50 ms after the success message. */
const REDIRECT_DELAY_MS = 50;

/**
 * Where to go after login, with `?lang=`: the root loader stores the account's language and
 * redirects to the clean address, and that reload brings every shell datum (greeting,
 * favourites, language lock) up to date.
 */
export function afterLogin(path: string, locale: string): string {
  const url = new URL(path, "http://internal.invalid");
  url.searchParams.set("lang", locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Spec §4: after login the page reloads as a whole, so the shell, the language and the favourites
 * start again as the customer's. The success message is carried over to show after the reload.
 */
export function reloadInto(path: string, message: string) {
  // No storage: the message was already shown once.
  writeStored(FLASH_KEY, message, "session");
  window.location.assign(path);
}

/**
 * E-mail and password (spec §2 "Login"), posted to the /login action, which sets the session
 * cookie. `redirect` is where to go afterwards (an internal path; the server checks it again).
 */
export function LoginForm({ redirect, showLinks = true }: { redirect?: string; showLinks?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<ActionResult<AfterLogin>>();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const result = useFormAnswer(fetcher, "login");

  useEffect(() => {
    if (!result?.ok || !result.answer || fetcher.state !== "idle") return;
    const { redirectTo, locale } = result.answer;
    const message = result.message || t("account.login.success");
    toast.success(message);
    // Not cancelled when the form goes away: whatever the page does meanwhile, the tab must start again as the customer's.
    setTimeout(() => reloadInto(afterLogin(redirectTo, locale), message), REDIRECT_DELAY_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [result, fetcher.state]);

  const serverError = result && !result.ok ? result.message || t("account.errors.generic") : null;
  const error = clientError ?? serverError;
  const action = `/login${redirect ? `?${new URLSearchParams({ redirect })}` : ""}`;
  const registerHref = `/cadastro${redirect ? `?${new URLSearchParams({ redirect })}` : ""}`;

  return (
    <fetcher.Form
      method="post"
      action={action}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const values = { email: String(form.get("email") ?? "").trim(), password: String(form.get("password") ?? "") };
        // The API's own schema: what it would refuse is not sent, and reads as the API would answer it.
        if (LoginBodySchema.safeParse(values).success) {
          setClientError(null);
        } else {
          event.preventDefault();
          setClientError(!values.email || !values.password ? t("account.login.fillAll") : t("validation.validation_failed"));
        }
      }}
    >
      <ErrorList title={t("account.login.failed")} messages={error ? [error] : []} focusKey={result} />
      <TextField name="email" type="email" autoComplete="email" required label={t("account.fields.email")} />
      <TextField name="password" type="password" autoComplete="current-password" required label={t("account.fields.password")} />
      <SubmitButton pending={busy} pendingLabel={t("account.login.submitting")} className="w-full">
        {t("account.login.submit")}
      </SubmitButton>
      {showLinks ? (
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
          <Link to="/recuperar-senha" className="font-semibold text-accent-ink underline">
            {t("account.login.forgot")}
          </Link>
          <Link to={registerHref} className="font-semibold text-accent-ink underline">
            {t("account.login.register")}
          </Link>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
