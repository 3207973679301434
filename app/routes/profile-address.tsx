import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useRevalidator } from "react-router";
import type { Address } from "#contract/api/accounts.ts";
import { MapPinIcon } from "#app/components/ui/icons.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { AddressModal } from "#app/features/account/address-modal.tsx";
import { ConfirmDialog } from "#app/features/account/confirm-dialog.tsx";
import { useProfileUser } from "#app/features/account/use-profile-user.ts";
import { ApiError, api } from "#app/lib/api-client.ts";
import { pageMeta } from "#app/lib/meta.ts";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("address");

function addressLines(a: Address) {
  const street = [a.logradouro, a.numero, a.complemento].filter(Boolean).join(", ");
  const place = [a.bairro, a.cidade, a.estado].filter(Boolean).join(" - ");
  return [street, place, [a.cep, a.pais].filter(Boolean).join(" · ")];
}

/** Spec §2 "Addresses": active addresses, main badge, remove (confirmed), set main, add. */
export default function ProfileAddressRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useProfileUser();
  const { revalidate } = useRevalidator();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Address | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const addresses = user.enderecos.filter((a) => a.ativo);
  // Spec §6: foreign customers cannot change their address (the API refuses it too).
  const locked = user.estrangeiro;

  async function send(address: Address, kind: "remove" | "main") {
    setBusy(address.id);
    const failed = t(kind === "remove" ? "account.address.deleteError" : "account.address.mainError");
    try {
      const answer =
        kind === "remove"
          ? await api("PUT /ecom/cliente/address/{id}", { params: { id: address.id }, body: { ativo: false, nome: address.nome } })
          : await api("PATCH /ecom/cliente/address/{id}/set-main", { params: { id: address.id } });
      toast.success(answer.message);
      await revalidate();
    } catch (error) {
      if (!(error instanceof ApiError) || error.network) return toast.error(failed);
      toast.error(error.status === 401 ? t("account.address.sessionExpired") : (error.body?.message ?? failed));
      await revalidate();
    } finally {
      setBusy(null);
      setRemoving(null);
    }
  }

  return (
    <section aria-labelledby="section-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="section-title" className="text-2xl font-bold">
          {t("profileNav.address")}
        </h1>
        {!locked ? (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="min-h-11 rounded-md bg-accent px-5 font-bold text-ink hover:bg-accent-strong"
          >
            {t("account.address.add")}
          </button>
        ) : null}
      </div>
      {locked ? (
        <p role="note" className="mt-4 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
          {t("account.address.foreignLocked")}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-panel p-6 text-center text-muted">{t("account.address.empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-panel p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <MapPinIcon className="mt-0.5 size-6 shrink-0 text-accent-ink" />
                <div className="min-w-0 flex-1">
                  <h2 className="flex flex-wrap items-center gap-2 font-bold">
                    {address.nome}
                    {address.principal ? (
                      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                        {t("account.address.main")}
                      </span>
                    ) : null}
                  </h2>
                  {addressLines(address).map((line, i) =>
                    line ? (
                      <p key={i} className="text-sm text-muted">
                        {line}
                      </p>
                    ) : null,
                  )}
                  {address.como_chegar ? <p className="mt-1 text-sm italic text-muted">{address.como_chegar}</p> : null}
                </div>
              </div>
              {!locked ? (
                <div className="mt-auto flex flex-wrap gap-2">
                  {!address.principal ? (
                    <button
                      type="button"
                      disabled={busy === address.id}
                      onClick={() => void send(address, "main")}
                      aria-label={t("account.address.setMainLabel", { name: address.nome })}
                      className="min-h-11 rounded-md border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60"
                    >
                      {t("account.address.setMain")}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    disabled={busy === address.id}
                    onClick={() => setRemoving(address)}
                    aria-label={t("account.address.removeLabel", { name: address.nome })}
                    className="min-h-11 rounded-md border border-red-300 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                  >
                    {t("account.address.remove")}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AddressModal
        open={adding}
        foreign={user.estrangeiro}
        onClose={() => setAdding(false)}
        onSaved={(_address, message) => {
          setAdding(false);
          toast.success(message);
          void revalidate();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t("account.address.removeTitle")}
        confirmLabel={t("account.address.remove")}
        busy={busy !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void send(removing, "remove")}
      >
        {t("account.address.removeQuestion", { name: removing?.nome ?? "" })}
      </ConfirmDialog>
    </section>
  );
}
