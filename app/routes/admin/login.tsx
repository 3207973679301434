import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { StaffLoginBodySchema } from "#contract/api/admin/staff.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { afterAdminLogin, hasStaffCookie } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { ApiError, serverApi } from "#app/lib/api-client.ts";
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

/** Logs in through POST /api/admin/login; its HttpOnly staff cookie reaches the browser with the redirect. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const body = { email: String(form.get("email") ?? "").trim(), password: String(form.get("password") ?? "") };
  if (!StaffLoginBodySchema.safeParse(body).success) return data({ message: "" }, { status: 422 });
  try {
    const { headers: answer } = await serverApi(context).withHeaders("POST /api/admin/login", { body });
    const headers = new Headers();
    for (const cookie of answer.getSetCookie()) if (cookie.startsWith("staff_sid=")) headers.append("Set-Cookie", cookie);
    return redirect(afterAdminLogin(new URL(request.url).searchParams.get("redirect")), { headers });
  } catch (error) {
    if (!(error instanceof ApiError) || error.network || error.status >= 500) throw error;
    return data({ message: error.message }, { status: error.status });
  }
}

export default function AdminLoginRoute() {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect");
  const error = answer ? answer.message || t("admin.login.fillAll") : null;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <section aria-labelledby="page-title" className="w-full max-w-sm">
        <p className="text-sm font-bold uppercase tracking-wide text-muted">{t("admin.brand")}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-bold">
          {t("admin.login.title")}
        </h1>
        <p className="mt-1 text-muted">{t("admin.login.intro")}</p>
        <Form
          method="post"
          action={`/admin/login${redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : ""}`}
          className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <ErrorList title={t("admin.login.failed")} messages={error ? [error] : []} focusKey={answer} />
          <TextField name="email" type="email" autoComplete="username" required label={t("admin.login.email")} />
          <TextField name="password" type="password" autoComplete="current-password" required label={t("admin.login.password")} />
          <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.login.submitting")} className="w-full">
            {t("admin.login.submit")}
          </SubmitButton>
        </Form>
      </section>
    </main>
  );
}
