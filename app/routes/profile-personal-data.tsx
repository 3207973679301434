import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { documentTypeLabel } from "#app/features/account/documents.ts";
import { ProfileEditModal } from "#app/features/account/profile-edit-modal.tsx";
import { useProfileUser } from "#app/features/account/use-profile-user.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import { api } from "#app/lib/api-client.ts";
import { refusalOf } from "#app/lib/action-result.ts";
import { pageMeta } from "#app/lib/meta.ts";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("personalData");

/** Spec §2 "Personal data": the customer's record, the unconfirmed-e-mail notice and the edit modal. */
export default function PersonalDataRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useProfileUser();
  const locale = useRouteLoaderData<ShellData>("root")?.locale ?? "pt-BR";
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [resending, setResending] = useState(false);

  async function resend() {
    setResending(true);
    try {
      const answer = await api("POST /ecom/cliente/reenviar-email");
      toast.success(answer.message || t("account.personal.verifyInbox"));
    } catch (error) {
      toast.error(refusalOf(error, t("account.personal.verifyInboxError")).message);
    } finally {
      setResending(false);
    }
  }

  // The staff's review of the identity document (issue 31): a refusal says why and asks for new images.
  const review = user.documento_revisao;
  const lastLogin = user.data_ultimo_login
    ? new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(new Date(user.data_ultimo_login))
    : "—";
  const rows: [string, string][] = [
    [t("account.personal.fullName"), `${user.nome} ${user.sobrenome}`],
    [t("account.fields.documentoTipo"), documentTypeLabel(t, user.documento_tipo)],
    [t("account.fields.documento"), user.documento ?? "—"],
    [t("account.personal.foreigner"), user.estrangeiro ? t("account.common.yes") : t("account.common.no")],
    [t("account.fields.telefone"), user.telefone],
    [t("account.personal.lastLogin"), lastLogin],
    [t("account.personal.document"), t(`account.personal.documentStates.${review.status}`)],
  ];

  return (
    <section aria-labelledby="section-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="section-title" className="text-2xl font-bold">
          {t("profileNav.personalData")}
        </h1>
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="min-h-11 rounded-md bg-accent px-5 font-bold text-ink hover:bg-accent-strong"
        >
          {t("account.personal.edit")}
        </button>
      </div>
      {!user.email_verified_at ? (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">{t("account.personal.unconfirmed")}</p>
          <button
            type="button"
            onClick={() => void resend()}
            disabled={resending}
            aria-busy={resending}
            className="mt-2 min-h-11 font-semibold text-accent-ink underline disabled:opacity-60"
          >
            {t("account.personal.resend")}
          </button>
        </div>
      ) : null}
      {review.status === "rejeitado" ? (
        <div role="status" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950" data-testid="document-rejected">
          <p className="font-semibold">{t("account.personal.documentRejected")}</p>
          {review.motivo ? (
            <p className="mt-1">{t("account.personal.documentReason", { reason: t(`account.personal.documentReasons.${review.motivo}`) })}</p>
          ) : null}
          {review.nota ? <p className="mt-1">{t("account.personal.documentNote", { note: review.nota })}</p> : null}
          <p className="mt-1">{t("account.personal.documentUploadHint")}</p>
          <button type="button" onClick={() => setEditing(true)} className="mt-2 min-h-11 font-semibold text-red-900 underline">
            {t("account.personal.documentUpload")}
          </button>
        </div>
      ) : null}
      <dl className="mt-6 grid gap-x-6 rounded-lg border border-slate-200 bg-panel p-5 shadow-sm sm:grid-cols-2">
        <div className="border-b border-slate-100 py-3 sm:col-span-2">
          <dt className="text-sm text-muted">{t("account.fields.email")}</dt>
          <dd className="font-semibold break-all">
            {user.email}{" "}
            <span
              className={`ml-1 inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs ${user.email_verified_at ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950"}`}
            >
              {user.email_verified_at ? t("account.personal.confirmed") : t("account.personal.notConfirmed")}
            </span>
          </dd>
        </div>
        {rows.map(([label, value]) => (
          <div key={label} className="border-b border-slate-100 py-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <ProfileEditModal
        user={user}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={(message) => {
          setEditing(false);
          toast.success(message);
          void revalidate();
        }}
      />
    </section>
  );
}
