import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { addressCountriesFor, ARGENTINA_ID, type Nationality } from "#contract/api/accounts.ts";
import { InfoIcon } from "#app/components/ui/icons.tsx";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { BRASIL_ID, PARAGUAI_ID, useCities, useStates } from "./geo.ts";
import { useCepLookup } from "./use-cep-lookup.ts";

/**
 * The address step of the registration: Brazilians give a CEP (looked up, or state and city by
 * hand), Paraguayans a department and city, Argentinians an Argentine address (province, typed
 * city, CPA) or a Paraguayan one for deliveries (docs/decisions/006). Keyed by nationality, so a
 * change of nationality starts it afresh.
 */
export function RegisterAddress({ nationality, err }: { nationality: Nationality; err: (field: string) => string | undefined }) {
  const { t } = useTranslation();
  const foreign = nationality === "BR";
  const countries = addressCountriesFor(nationality);
  const [country, setCountry] = useState(countries[0]!);
  const argentine = country === ARGENTINA_ID;

  const [logradouro, setLogradouro] = useState("");
  const [bairro, setBairro] = useState("");
  const [estadoId, setEstadoId] = useState<number | null>(null);
  const [cidadeId, setCidadeId] = useState<number | null>(null);
  const [found, setFound] = useState<{ cidade: string; estado: string } | null>(null);
  const { cep, setCep, status: cepStatus, lookup } = useCepLookup({
    onFound: (answer) => {
      setLogradouro(answer.logradouro);
      setBairro(answer.bairro);
      setEstadoId(answer.estado_id);
      setCidadeId(answer.cidade_id);
      setFound({ cidade: answer.cidade ?? answer.localidade, estado: answer.estado ?? answer.uf });
    },
    onManual: () => {
      setFound(null);
      setEstadoId(null);
      setCidadeId(null);
    },
  });

  const manualSelects = !foreign || cepStatus === "manual";
  const states = useStates(manualSelects ? (foreign ? BRASIL_ID : country) : null);
  const cities = useCities(manualSelects && !argentine ? estadoId : null);

  function chooseCountry(value: number) {
    setCountry(value);
    setEstadoId(null);
    setCidadeId(null);
  }

  return (
    <>
      <input type="hidden" name="pais_id" value={country} />
      <input type="hidden" name="pais" value={country === BRASIL_ID ? "Brasil" : country === PARAGUAI_ID ? "Paraguai" : "Argentina"} />
      {foreign ? (
        <>
          <p className="flex gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950 sm:col-span-2">
            <InfoIcon className="mt-0.5 size-5 shrink-0" />
            {t("account.register.foreignNotice")}
          </p>
          <TextField
            name="cep"
            label={t("account.fields.cep")}
            required
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            value={cep}
            onChange={(e) => setCep(e.currentTarget.value)}
            onBlur={() => void lookup()}
            hint={cepStatus === "loading" ? t("account.address.cepLoading") : cepStatus === "manual" ? t("account.address.cepManual") : undefined}
            error={err("cep")}
          />
          {cepStatus === "found" && found ? (
            <>
              <input type="hidden" name="estado_id" value={estadoId ?? ""} />
              <input type="hidden" name="cidade_id" value={cidadeId ?? ""} />
              <TextField name="cidade_nome" label={t("account.fields.cidade")} readOnly value={found.cidade} />
              <TextField name="estado_nome" label={t("account.fields.estado")} readOnly value={found.estado} />
            </>
          ) : cepStatus !== "manual" ? (
            <>
              <input type="hidden" name="estado_id" value="" />
              <input type="hidden" name="cidade_id" value="" />
              <div className="hidden sm:block" />
            </>
          ) : null}
        </>
      ) : null}
      {countries.length > 1 ? (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold">{t("account.register.addressCountry")}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {countries.map((value) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50">
                <input
                  type="radio"
                  name="pais_escolha"
                  value={value}
                  checked={country === value}
                  onChange={() => chooseCountry(value)}
                  className="size-5 accent-amber-600"
                />
                {t(`account.register.addressCountries.${value === ARGENTINA_ID ? "argentina" : "paraguay"}`)}
              </label>
            ))}
          </div>
          <p className="mt-2 flex gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
            <InfoIcon className="mt-0.5 size-5 shrink-0" />
            {t("account.register.argentinaNotice")}
          </p>
        </fieldset>
      ) : null}
      {manualSelects ? (
        <>
          <SelectField
            key={`estado-${country}`}
            name="estado_id"
            label={foreign ? t("account.fields.estado") : argentine ? t("account.fields.provincia") : t("account.fields.departamento")}
            required
            value={estadoId ?? ""}
            onChange={(e) => {
              setEstadoId(Number(e.currentTarget.value) || null);
              setCidadeId(null);
            }}
            placeholder={t("account.fields.select")}
            options={states.map((s) => ({ value: s.id, label: s.nome }))}
            error={err("estado_id")}
          />
          {argentine ? (
            <TextField name="cidade" label={t("account.fields.cidade")} required maxLength={120} autoComplete="address-level2" error={err("cidade")} />
          ) : (
            <SelectField
              name="cidade_id"
              label={t("account.fields.cidade")}
              required
              value={cidadeId ?? ""}
              disabled={!estadoId}
              onChange={(e) => setCidadeId(Number(e.currentTarget.value) || null)}
              placeholder={t("account.fields.select")}
              options={cities.map((c) => ({ value: c.id, label: c.nome }))}
              error={err("cidade_id")}
            />
          )}
        </>
      ) : null}
      {argentine ? (
        <TextField name="cep" label={t("account.fields.codigoPostal")} maxLength={10} autoComplete="postal-code" placeholder="N3300" error={err("cep")} />
      ) : null}
      <TextField
        name="logradouro"
        label={t("account.fields.logradouro")}
        required
        maxLength={200}
        autoComplete="address-line1"
        value={logradouro}
        onChange={(e) => setLogradouro(e.currentTarget.value)}
        error={err("logradouro")}
      />
      <TextField name="numero" label={t("account.fields.numero")} required maxLength={20} error={err("numero")} />
      <TextField
        name="bairro"
        label={t("account.fields.bairro")}
        required
        maxLength={100}
        value={bairro}
        onChange={(e) => setBairro(e.currentTarget.value)}
        error={err("bairro")}
      />
      <TextField name="complemento" label={t("account.fields.complemento")} maxLength={10} error={err("complemento")} />
      {!foreign ? (
        <div className="sm:col-span-2">
          <label htmlFor="field-como_chegar" className="block text-sm font-semibold">
            {t("account.fields.comoChegar")}
          </label>
          <textarea
            id="field-como_chegar"
            name="como_chegar"
            maxLength={500}
            rows={3}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5"
          />
        </div>
      ) : null}
    </>
  );
}
