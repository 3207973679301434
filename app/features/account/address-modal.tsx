import { useState, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { ApiError, api } from "#app/lib/api-client.ts";
import { AddressBodySchema, type Address } from "#contract/api/accounts.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { zodFieldErrors } from "./errors.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { SelectField, TextField, type FieldErrors } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { BRASIL_ID, PARAGUAI_ID, useCities, useStates } from "./geo.ts";
import { useCepLookup } from "./use-cep-lookup.ts";

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
  const [logradouro, setLogradouro] = useState("");
  const [bairro, setBairro] = useState("");
  const [estadoId, setEstadoId] = useState<number | null>(null);
  const [cidadeId, setCidadeId] = useState<number | null>(null);
  const [cidade, setCidade] = useState("");
  const [estado, setEstado] = useState("");
  // Paraguay: always state and city by hand; Brazil: once a postal code is not found, until one is.
  const [manual, setManual] = useState(!foreign);
  const { cep, setCep, status: cepStatus, lookup } = useCepLookup({
    onFound: (answer) => {
      setManual(false);
      setLogradouro(answer.logradouro);
      setBairro(answer.bairro);
      setEstadoId(answer.estado_id);
      setCidadeId(answer.cidade_id);
      setCidade(answer.cidade ?? answer.localidade);
      setEstado(answer.estado ?? answer.uf);
    },
    // Spec §8: the lookup failure is only logged; the manual selects let the customer go on.
    onManual: (reason) => {
      console.warn("postal-code lookup failed", reason);
      setManual(true);
    },
  });
  const cepNote =
    cepStatus === "loading" ? t("account.address.cepLoading") : cepStatus === "manual" ? t("account.address.cepManual") : undefined;
  const paisId = foreign ? BRASIL_ID : PARAGUAI_ID;
  const states = useStates(manual ? paisId : null);
  const cities = useCities(manual ? estadoId : null);

  function report(found: FieldErrors, lines: string[]) {
    setErrors(found);
    setList(lines);
    setAttempt((n) => n + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const cityName = manual ? cities.find((c) => c.id === cidadeId)?.nome : cidade;
    const body = {
      nome: text("nome") ?? "",
      cep: foreign ? text("cep") : undefined,
      logradouro: logradouro.trim(),
      numero: text("numero") ?? "",
      bairro: bairro.trim(),
      cidade: cityName,
      cidade_id: cidadeId ?? undefined,
      // Spec §3: estado_id only for non-Brazilians.
      estado_id: foreign ? undefined : (estadoId ?? undefined),
      pais: foreign ? ("Brasil" as const) : ("Paraguai" as const),
      pais_id: paisId,
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
      return report(found, Object.values(found).filter((m): m is string => Boolean(m)));
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
        {foreign ? (
          <TextField
            id="address-cep"
            name="cep"
            label={t("account.fields.cep")}
            required
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            value={cep}
            onChange={(e) => setCep(e.currentTarget.value)}
            onBlur={() => void lookup()}
            hint={cepNote}
            error={errors.cep}
            className="sm:col-span-2"
          />
        ) : null}
        {manual ? (
          <>
            <SelectField
              id="address-estado"
              name="estado_id"
              label={foreign ? t("account.fields.estado") : t("account.fields.departamento")}
              required
              value={estadoId ?? ""}
              onChange={(e) => {
                setEstadoId(Number(e.currentTarget.value) || null);
                setCidadeId(null);
              }}
              placeholder={t("account.fields.select")}
              options={states.map((s) => ({ value: s.id, label: s.nome }))}
              error={errors.estado_id}
            />
            <SelectField
              id="address-cidade"
              name="cidade_id"
              label={t("account.fields.cidade")}
              required
              disabled={!estadoId}
              value={cidadeId ?? ""}
              onChange={(e) => setCidadeId(Number(e.currentTarget.value) || null)}
              placeholder={t("account.fields.select")}
              options={cities.map((c) => ({ value: c.id, label: c.nome }))}
              error={errors.cidade_id}
            />
          </>
        ) : null}
        <TextField
          id="address-logradouro"
          name="logradouro"
          label={t("account.fields.logradouro")}
          required
          maxLength={200}
          value={logradouro}
          onChange={(e) => setLogradouro(e.currentTarget.value)}
          error={errors.logradouro}
          className="sm:col-span-2"
        />
        <TextField id="address-numero" name="numero" label={t("account.fields.numero")} required maxLength={20} error={errors.numero} />
        <TextField
          id="address-bairro"
          name="bairro"
          label={t("account.fields.bairro")}
          required
          maxLength={100}
          value={bairro}
          onChange={(e) => setBairro(e.currentTarget.value)}
          error={errors.bairro}
        />
        {!manual ? (
          <>
            <TextField id="address-cidade-ro" name="cidade" label={t("account.fields.cidade")} readOnly value={cidade} error={errors.cidade_id} />
            <TextField id="address-estado-ro" name="estado" label={t("account.fields.estado")} readOnly value={estado} />
          </>
        ) : null}
        <TextField id="address-complemento" name="complemento" label={t("account.fields.complemento")} maxLength={10} error={errors.complemento} />
        <TextField id="address-pais" name="pais" label={t("account.fields.pais")} readOnly value={foreign ? "Brasil" : "Paraguai"} />
        {!foreign ? (
          <div className="sm:col-span-2">
            <label htmlFor="address-como-chegar" className="block text-sm font-semibold">
              {t("account.fields.comoChegar")}
            </label>
            <textarea
              id="address-como-chegar"
              name="como_chegar"
              maxLength={500}
              rows={3}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5"
            />
          </div>
        ) : null}
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
