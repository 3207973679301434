import { useEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import type { Staff } from "#contract/api/admin/staff.ts";
import type { TotpEnrolment } from "#contract/api/admin/totp.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { CodeField } from "./code-field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

type Result<T> = ActionResult<T>;
type RecoveryCodes = { recovery_codes: string[]; data: Staff };

/**
 * Hands the answer a form brought (the new recovery codes) to `onAnswer` once, as soon as it arrives:
 * the layout's revalidation that follows may already show two-factor on and unmount the form.
 */
function useAnswer<T>(data: Result<T> | undefined, onAnswer: (answer: T) => void) {
  const seen = useRef<Result<T> | undefined>(undefined);
  useEffect(() => {
    if (data?.ok && data.answer && seen.current !== data) {
      seen.current = data;
      onAnswer(data.answer);
    }
  }, [data, onAnswer]);
}

/** The recovery codes, shown this once, until the member says they saved them. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h3 ref={heading} tabIndex={-1} className="font-bold focus:outline-none">
        {t("admin.account.totp.codesTitle")}
      </h3>
      <p role="alert" className="font-medium">
        {t("admin.account.totp.codesSave")}
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onDone} className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white">
        {t("admin.account.totp.codesDone")}
      </button>
    </div>
  );
}

/** The enrolment link by e-mail: the password alone never enrols (docs/decisions/025). */
function InviteForm() {
  const { t } = useTranslation();
  const invite = useFetcher<ActionResult>();
  return (
    <invite.Form method="post" className="space-y-2">
      <CsrfField />
      <input type="hidden" name="intent" value="totp-invite" />
      <FormResult result={invite.data} />
      <SubmitButton pending={invite.state !== "idle"} pendingLabel={t("admin.account.totp.inviting")}>
        {t("admin.account.totp.invite")}
      </SubmitButton>
    </invite.Form>
  );
}

/** Enrolment: an enrolment code, a new secret (QR code and the key to type by hand), then the app's first code. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linked = params.get("convite")?.slice(0, 200) ?? "";
  const start = useFetcher<Result<TotpEnrolment & { convite: string }>>();
  const confirm = useFetcher<Result<RecoveryCodes>>();
  useAnswer(confirm.data, (answer) => onCodes(answer.recovery_codes));
  const enrolment = start.data?.ok ? start.data.answer : undefined;
  return (
    <div className="space-y-4">
      <p>{t("admin.account.totp.off")}</p>
      {enrolment ? null : (
        <>
          {linked ? (
            <p role="status" className="font-medium">
              {t("admin.account.totp.withLink")}
            </p>
          ) : (
            <p className="text-sm">{t("admin.account.totp.inviteIntro")}</p>
          )}
          <start.Form method="post" className="grid max-w-xs gap-3">
            <CsrfField />
            <input type="hidden" name="intent" value="totp-start" />
            <FormResult result={start.data?.ok ? undefined : start.data} />
            {linked ? (
              <input type="hidden" name="convite" value={linked} />
            ) : (
              <TextField
                id="totp-invite-code"
                name="convite"
                autoComplete="off"
                required
                maxLength={40}
                label={t("admin.account.totp.inviteCode")}
                error={fieldErrors(start.data).convite}
              />
            )}
            <div>
              <SubmitButton pending={start.state !== "idle"} pendingLabel={t("admin.account.totp.starting")}>
                {t("admin.account.totp.start")}
              </SubmitButton>
            </div>
          </start.Form>
          {linked ? null : <InviteForm />}
        </>
      )}
      {enrolment ? (
        <div className="grid gap-4 md:grid-cols-[auto_1fr]">
          <div>
            <p className="mb-2 font-semibold">{t("admin.account.totp.scan")}</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
              alt={t("admin.account.totp.qrAlt")}
              width={192}
              height={192}
              className="h-48 w-48 rounded border border-slate-200 bg-white"
            />
          </div>
          <div className="min-w-0 space-y-3">
            <p className="text-sm">{t("admin.account.totp.manual")}</p>
            <code data-testid="totp-secret" className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-base">
              {enrolment.secret.match(/.{1,4}/g)?.join(" ")}
            </code>
            <confirm.Form method="post" className="grid max-w-xs gap-3">
              <CsrfField />
              <input type="hidden" name="intent" value="totp-confirm" />
              <input type="hidden" name="convite" value={enrolment.convite} />
              <p className="font-semibold">{t("admin.account.totp.confirmIntro")}</p>
              <FormResult result={confirm.data?.ok ? undefined : confirm.data} />
              <CodeField id="totp-confirm-code" label={t("admin.account.totp.code")} error={fieldErrors(confirm.data).codigo} />
              <div>
                <SubmitButton pending={confirm.state !== "idle"}>{t("admin.account.totp.confirm")}</SubmitButton>
              </div>
            </confirm.Form>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Two-factor on: new recovery codes with a code, or off with the password and a code. */
function Enrolled({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const renew = useFetcher<Result<RecoveryCodes>>();
  const disable = useFetcher<ActionResult>();
  useAnswer(renew.data, (answer) => onCodes(answer.recovery_codes));
  const disableErrors = fieldErrors(disable.data);
  return (
    <div className="space-y-5">
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900">
        {t("admin.account.totp.on")}
      </p>
      <renew.Form method="post" className="grid max-w-md gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="totp-renew" />
        <h3 className="font-bold">{t("admin.account.totp.renewTitle")}</h3>
        <p className="text-sm text-muted">{t("admin.account.totp.renewText")}</p>
        <FormResult result={renew.data?.ok ? undefined : renew.data} />
        <CodeField id="totp-renew-code" label={t("admin.account.totp.codeOrRecovery")} error={fieldErrors(renew.data).codigo} recovery />
        <div>
          <SubmitButton pending={renew.state !== "idle"}>{t("admin.account.totp.renew")}</SubmitButton>
        </div>
      </renew.Form>
      <disable.Form method="post" className="grid max-w-md gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="totp-disable" />
        <h3 className="font-bold">{t("admin.account.totp.disableTitle")}</h3>
        <p className="text-sm text-muted">{t("admin.account.totp.disableText")}</p>
        <FormResult result={disable.data} />
        <TextField
          id="totp-disable-password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          label={t("admin.account.totp.password")}
          required
          error={disableErrors.current_password}
        />
        <CodeField id="totp-disable-code" label={t("admin.account.totp.codeOrRecovery")} error={disableErrors.codigo} recovery />
        <div>
          <SubmitButton pending={disable.state !== "idle"}>{t("admin.account.totp.disable")}</SubmitButton>
        </div>
      </disable.Form>
    </div>
  );
}

/** "Minha conta"'s two-factor panel (docs/decisions/020): enrol, the recovery codes once, renew, turn off. */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const { staff, totp_pendente } = useStaffSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Panel title={t("admin.account.totp.title")}>
      <div className="space-y-4">
        {totp_pendente ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-950">
            {t("admin.account.totp.required")}
          </p>
        ) : null}
        {codes ? (
          <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />
        ) : staff.totp_ativo ? (
          <Enrolled onCodes={setCodes} />
        ) : (
          <Enrol onCodes={setCodes} />
        )}
      </div>
    </Panel>
  );
}
