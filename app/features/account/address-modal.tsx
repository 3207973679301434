import { useState, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { ApiError, api } from "#app/lib/api-client.ts";
import { AddressBodySchema, type Address } from "#contract/api/accounts.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { zodFieldErrors } from "./errors.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { TextField, type FieldErrors } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AddressFields } from "./address-fields.tsx";
import { BRASIL_ID, PARAGUAI_ID } from "#app/lib/geo.ts";
import "#app/i18n/account-texts.ts";

interface AddressModalProps {
  open: boolean;
  /** Brazilian customers (estrangeiro) give a CEP; everyone else picks department and city. */
  foreign: boolean;
  onClose: () => void;
  /** Called with the saved address (POST /ecom/cliente/address answered 2xx). */
  onSaved: (address: Address | undefined, message: string) => void;
}

/**
 * The new-address modal of spec §2, used by the profile and by checkout. Brazil: CEP (#####-###)
 * looked up on blur, street and neighbourhood filled, city and state read-only. Paraguay: state
 * and city selects and directions. Backend errors are listed; cancel and save.
 */
export function AddressModal({ open, foreign, onClose, onSaved }: AddressModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="m-auto max-h-[92vh] w-[min(96vw,40rem)] overflow-y-auto rounded-lg bg-panel p-0 text-ink shadow-2xl"
      title={(id) => (
        <h2 id={id} className="sticky top-0 z-10 border-b border-slate-200 bg-panel px-5 py-4 text-lg font-bold">
          {t("account.address.newTitle")}
        </h2>
      )}
    >
      {open ? <AddressForm foreign={foreign} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function AddressForm({ foreign, onClose, onSaved }: Omit<AddressModalProps, "open">) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [list, setList] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  function report(found: FieldErrors, lines: string[]) {
    setErrors(found);
    setList(lines);
    setAttempt((n) => n + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const id = (name: string) => Number(form.get(name)) || undefined;
    // The city's name: read-only after a CEP lookup, else the chosen option's.
    const city = event.currentTarget.elements.namedItem("cidade_id");
    const cityName = city instanceof HTMLSelectElement ? (city.value ? city.selectedOptions[0]?.text : undefined) : text("cidade_nome");
    const estadoId = id("estado_id");
    const body = {
      nome: text("nome") ?? "",
      cep: foreign ? text("cep") : undefined,
      logradouro: text("logradouro") ?? "",
      numero: text("numero") ?? "",
      bairro: text("bairro") ?? "",
      cidade: cityName,
      cidade_id: id("cidade_id"),
      // Spec §3: estado_id only for non-Brazilians.
      estado_id: foreign ? undefined : estadoId,
      pais: foreign ? ("Brasil" as const) : ("Paraguai" as const),
      pais_id: foreign ? BRASIL_ID : PARAGUAI_ID,
      complemento: text("complemento"),
      como_chegar: foreign ? undefined : text("como_chegar"),
      ativo: true,
      principal: false,
    };
    const parsed = AddressBodySchema.safeParse(body);
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues, body, t);
    if (foreign && !body.cep) found.cep = t("validation.required");
    if (!foreign && !estadoId) found.estado_id = t("validation.state_required");
    if (!body.cidade_id) found.cidade_id = t("validation.city_required");
    if (Object.keys(found).length > 0) {
      return report(
        found,
        Object.values(found).filter((m): m is string => Boolean(m)),
      );
    }
    setBusy(true);
    try {
      const answer = await api("POST /ecom/cliente/address", { body });
      onSaved(answer.data, answer.message ?? t("account.address.saved"));
    } catch (error) {
      if (!(error instanceof ApiError) || error.network) report({}, [t("account.address.saveError")]);
      else if (error.status === 401) report({}, [t("account.address.sessionExpired")]);
      else report(error.fields, error.lines(t("account.address.saveError")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4 px-5 py-4">
      <ErrorList messages={list} focusKey={attempt} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="address-nome"
          name="nome"
          label={t("account.fields.addressName")}
          required
          maxLength={100}
          placeholder={t("account.address.namePlaceholder")}
          error={errors.nome}
          className="sm:col-span-2"
        />
        <AddressFields countries={[foreign ? BRASIL_ID : PARAGUAI_ID]} err={(field) => errors[field]} idPrefix="address" showCountry />
      </div>
      <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
        <button type="button" onClick={onClose} className="min-h-11 rounded-md border border-slate-300 px-5 font-semibold hover:bg-slate-50">
          {t("account.common.cancel")}
        </button>
        <SubmitButton pending={busy} pendingLabel={t("account.common.saving")}>
          {t("account.common.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
