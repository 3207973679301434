import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useParams } from "react-router";
import { ConfirmEmailParamsSchema } from "#contract/api/accounts.ts";
import { confirmationErrorMessage } from "#app/features/account/confirmation-messages.ts";
import { ApiError, api } from "#app/lib/api-client.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { FormPage } from "#app/components/form/form-card.tsx";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("confirmEmail");

type Answer = { status: number; body: { message?: string; errors?: Record<string, string[]> } };
const pending = new Map<string, Promise<Answer>>();

/** A token works once: a remount of this page (a retried hydration) must reuse the first answer. */
function confirmOnce(uid: string, token: string): Promise<Answer> {
  const key = `${uid}/${token}`;
  let answer = pending.get(key);
  if (!answer) {
    answer = api("POST /ecom/cliente/confirmar-email/{uid}/{token}", { params: { uid, token } }).then(
      (body): Answer => ({ status: 200, body }),
      (error: unknown): Answer => {
        // Not reached at all: the page says the service is unavailable.
        if (!(error instanceof ApiError) || error.network) throw error;
        return { status: error.status, body: error.body ?? {} };
      },
    );
    pending.set(key, answer);
  }
  return answer;
}

type State = { kind: "loading" } | { kind: "success"; message: string } | { kind: "error"; message: string };

/**
 * Spec §2 "E-mail confirmation": runs on load (in the browser, so a link preview that only
 * fetches the page does not consume the token), then success with a link to login or an error.
 */
export default function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const { uid, token } = useParams();
  // A link cut short or mangled never reaches the API: the spec's "incomplete link" message.
  const complete = ConfirmEmailParamsSchema.safeParse({ uid, token }).success;
  const [state, setState] = useState<State>(() => (complete ? { kind: "loading" } : { kind: "error", message: t("account.confirm.incomplete") }));

  useEffect(() => {
    if (!complete || !uid || !token) return;
    let live = true;
    confirmOnce(uid, token)
      .then(({ status, body }) => {
        if (!live) return;
        if (status >= 200 && status < 300) setState({ kind: "success", message: body.message ?? t("account.confirm.success") });
        else setState({ kind: "error", message: confirmationErrorMessage(status, body, t) });
      })
      .catch(() => live && setState({ kind: "error", message: t("account.confirm.unavailable") }));
    return () => {
      live = false;
    };
  }, [complete, uid, token, t]);

  return (
    <FormPage title={t("account.confirm.title")}>
      <div aria-live="polite">
        {state.kind === "loading" ? (
          <p role="status" className="text-muted">
            {t("account.confirm.loading")}
          </p>
        ) : state.kind === "success" ? (
          <div role="status" className="space-y-4">
            <p className="font-semibold text-emerald-800">{state.message}</p>
            <Link to="/login" className="inline-block font-semibold text-accent-ink underline">
              {t("account.common.goToLogin")}
            </Link>
          </div>
        ) : (
          <div role="alert" className="space-y-4">
            <p className="font-semibold text-red-800">{state.message}</p>
            <Link to="/" className="inline-block font-semibold text-accent-ink underline">
              {t("account.common.goHome")}
            </Link>
          </div>
        )}
      </div>
    </FormPage>
  );
}
