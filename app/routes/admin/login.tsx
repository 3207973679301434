import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { StaffLoginBodySchema, StaffTotpLoginBodySchema } from "#contract/api/admin/staff.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { afterAdminLogin, hasStaffCookie, staffCookiesOf } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { CodeForm, type LoginStep } from "#app/features/admin/staff/login-forms.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { refuse, runAction } from "#app/lib/run-action.server.ts";
import type { Route } from "./+types/login";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.login.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: straight on.
  if (hasStaffCookie(request)) {
    const signedIn = await serverApi(context)("GET /api/admin/session").then(
      () => true,
      () => false,
    );
    if (signedIn) throw redirect(afterAdminLogin(new URL(request.url).searchParams.get("redirect")));
  }
  return null;
}

/** The session's and the known device's cookies of an API answer, passed on to the browser with the redirect. */
function signedIn(request: Request, answer: Headers) {
  return redirect(afterAdminLogin(new URL(request.url).searchParams.get("redirect")), { headers: staffCookiesOf(answer) });
}

/**
 * Logs in through POST /api/admin/login and, for a member with two-factor, POST /api/admin/login/totp
 * with the ticket the first answered; the HttpOnly staff cookie reaches the browser with the redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const ticket = form.get("ticket");
  const api = serverApi(context);
  if (typeof ticket === "string") {
    const step: LoginStep = { ticket, recovery: form.get("recovery") === "1" };
    const body = { ticket, codigo: String(form.get("codigo") ?? "").trim() };
    if (!StaffTotpLoginBodySchema.safeParse(body).success) {
      return data<ActionResult<LoginStep>>({ ok: false, message: "", errors: {}, answer: step }, { status: 422 });
    }
    return runAction<never, LoginStep>(
      async () => {
        throw signedIn(request, (await api.withHeaders("POST /api/admin/login/totp", { body })).headers);
      },
      { kept: step, throwServerErrors: true },
    );
  }
  const body = { email: String(form.get("email") ?? "").trim(), password: String(form.get("password") ?? "") };
  if (!StaffLoginBodySchema.safeParse(body).success) return refuse("");
  return runAction(
    async () => {
      const answer = await api.withHeaders("POST /api/admin/login", { body });
      if (!("totp_ticket" in answer.data)) throw signedIn(request, answer.headers);
      // The code step opens with its own texts, not the API's message.
      return { ticket: answer.data.totp_ticket };
    },
    { answer: (step): LoginStep => step, throwServerErrors: true },
  );
}

export default function AdminLoginRoute() {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect");
  const target = `/admin/login${redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : ""}`;
  const step = answer?.answer;
  const error = answer && !answer.ok ? answer.message || t("admin.login.fillAll") : null;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <section aria-labelledby="page-title" className="w-full max-w-sm">
        <p className="text-sm font-bold uppercase tracking-wide text-muted">{t("admin.brand")}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-bold">
          {t("admin.login.title")}
        </h1>
        <p className="mt-1 text-muted">{t("admin.login.intro")}</p>
        {answer && step ? (
          <CodeForm key={step.ticket} result={answer} step={step} target={target} />
        ) : (
          <Form method="post" action={target} className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <ErrorList title={t("admin.login.failed")} messages={error ? [error] : []} focusKey={answer} />
            <TextField name="email" type="email" autoComplete="username" required label={t("admin.login.email")} />
            <TextField name="password" type="password" autoComplete="current-password" required label={t("admin.login.password")} />
            <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.login.submitting")} className="w-full">
              {t("admin.login.submit")}
            </SubmitButton>
            <p className="text-center">
              <Link to="/admin/recuperar-senha" className="font-semibold text-accent-ink underline">
                {t("admin.login.forgot")}
              </Link>
            </p>
          </Form>
        )}
      </section>
    </main>
  );
}
