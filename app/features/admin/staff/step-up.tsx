import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useFetcher } from "react-router";
import { REAUTH_REQUIRED } from "#contract/api/admin/staff.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { CodeField } from "./code-field.tsx";
import "#app/i18n/admin-texts.ts";

/** The resource route whose action proves the member again (POST /api/admin/me/reauth). */
export const STEP_UP_PATH = "/admin/reautenticar";

/** Asks for the password (and a code, with two-factor on); `onDone` once the API opened the window. */
function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const proof = useFetcher<ActionResult>();
  const done = useRef(false);
  useEffect(() => {
    if (proof.state === "idle" && proof.data?.ok && !done.current) {
      done.current = true;
      onDone();
    }
  }, [proof.state, proof.data, onDone]);
  return (
    <Dialog
      open
      onClose={onCancel}
      title={(id) => (
        <h2 id={id} className="px-5 pt-5 text-lg font-bold">
          {t("admin.stepUp.title")}
        </h2>
      )}
    >
      <proof.Form method="post" action={STEP_UP_PATH} className="grid gap-3 p-5" data-testid="step-up">
        <CsrfField />
        <p className="text-sm">{t(staff.totp_ativo ? "admin.stepUp.introTotp" : "admin.stepUp.intro")}</p>
        <FormResult result={proof.data?.ok ? undefined : proof.data} />
        <TextField
          id="step-up-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label={t("admin.stepUp.password")}
          required
          autoFocus
        />
        {staff.totp_ativo ? <CodeField id="step-up-code" label={t("admin.stepUp.code")} recovery /> : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={proof.state !== "idle"}>{t("admin.stepUp.confirm")}</SubmitButton>
          <Button type="button" onClick={onCancel}>
            {t("admin.stepUp.cancel")}
          </Button>
        </div>
      </proof.Form>
    </Dialog>
  );
}

interface StepUpFetcher {
  state: string;
  data?: ActionResult<unknown>;
  submit: (target: HTMLFormElement) => Promise<void> | void;
}

/**
 * Step-up (decision 026): when a form's action answers that the API wants the password again
 * (`reauth_required`), opens the dialog and, once the member proved it was them, sends the same form
 * again, as it still stands. Answers the form's ref to set on it, and the dialog to render beside it.
 */
export function useStepUp(
  fetcher: StepUpFetcher,
  formRef?: RefObject<HTMLFormElement | null>,
): { form: RefObject<HTMLFormElement | null>; dialog: ReactNode } {
  const own = useRef<HTMLFormElement>(null);
  const form = formRef ?? own;
  const [asking, setAsking] = useState(false);
  const seen = useRef<unknown>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state === "idle" && answer && !answer.ok && answer.code === REAUTH_REQUIRED && seen.current !== answer) {
      seen.current = answer;
      setAsking(true);
    }
  }, [fetcher.state, fetcher.data]);
  const retry = () => {
    setAsking(false);
    if (form.current) void fetcher.submit(form.current);
  };
  return { form, dialog: asking ? <StepUpDialog onDone={retry} onCancel={() => setAsking(false)} /> : null };
}
