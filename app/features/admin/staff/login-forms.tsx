import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { CodeField } from "./code-field.tsx";
import "#app/i18n/admin-texts.ts";

/** The code step of a member with two-factor: its ticket, and (once a code was refused) which kind was tried. */
export interface LoginStep {
  ticket: string;
  recovery?: boolean;
}

/** The second step: the app's 6 digits, or (after the toggle) one of the recovery codes. */
export function CodeForm({ result, step, target }: { result: ActionResult<LoginStep>; step: LoginStep; target: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [recovery, setRecovery] = useState(step.recovery === true);
  const field = useRef<HTMLInputElement>(null);
  // A refused code step always says whether it was a recovery code; the password step's ticket does not.
  const error = result.ok ? "" : result.message || (step.recovery !== undefined ? t("admin.login.fillCode") : "");
  useEffect(() => {
    if (!error) field.current?.focus();
  }, [recovery, error]);
  return (
    <Form method="post" action={target} className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold">{t("admin.login.codeTitle")}</h2>
      <p className="text-sm text-muted">{recovery ? t("admin.login.recoveryIntro") : t("admin.login.codeIntro")}</p>
      <ErrorList title={t("admin.login.failed")} messages={error ? [error] : []} focusKey={result} />
      <input type="hidden" name="ticket" value={step.ticket} />
      <input type="hidden" name="recovery" value={recovery ? "1" : "0"} />
      {recovery ? (
        <CodeField key="recovery" ref={field} label={t("admin.login.recovery")} recovery />
      ) : (
        <CodeField key="app" ref={field} label={t("admin.login.code")} maxLength={12} />
      )}
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.login.verifying")} className="w-full">
        {t("admin.login.verify")}
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-semibold underline" onClick={() => setRecovery(!recovery)}>
          {recovery ? t("admin.login.useApp") : t("admin.login.useRecovery")}
        </button>
        <a href={target} className="underline">
          {t("admin.login.restart")}
        </a>
      </div>
    </Form>
  );
}
