import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { ARGENTINA_ID } from "#contract/api/accounts.ts";
import { InfoIcon } from "#app/components/ui/icons.tsx";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { BRASIL_ID, PARAGUAI_ID, useCities, useStates } from "#app/lib/geo.ts";
import { useCepLookup } from "./use-cep-lookup.ts";
import "#app/i18n/account-texts.ts";

const COUNTRY_NAMES: Record<number, string> = { [BRASIL_ID]: "Brasil", [PARAGUAI_ID]: "Paraguai", [ARGENTINA_ID]: "Argentina" };

interface AddressFieldsProps {
  /** The countries the address may be in; the first is chosen, and more than one are offered as a choice (docs/decisions/006). */
  countries: readonly number[];
  /** The message of a field the server or the form refused. */
  err: (field: string) => string | undefined;
  /** Ids of the fields are `${idPrefix}-${name}` (a modal over a page with its own fields). */
  idPrefix?: string;
  /** Shows the country as a read-only field (the address modal). */
  showCountry?: boolean;
}

/**
 * The fields of an address (spec §2 and §3), for the registration's address step and the new-address
 * modal: in Brazil a CEP looked up when the customer leaves it (street and neighbourhood filled, city
 * and state read-only), or state and city by hand when the code is not found; in Paraguay a department
 * and a city; in Argentina a province, a typed city and the CPA. Every value is a named field of the
 * surrounding form (`pais_id`, `pais`, `cep`, `estado_id`, `cidade_id` or `cidade`, `logradouro`,
 * `numero`, `bairro`, `complemento`, `como_chegar`); the read-only city and state are `cidade_nome`
 * and `estado_nome`. Key it by what decides `countries`, so a change starts it afresh.
 */
export function AddressFields({ countries, err, idPrefix, showCountry = false }: AddressFieldsProps) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(countries[0]!);
  const brazil = country === BRASIL_ID;
  const argentine = country === ARGENTINA_ID;
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);

  const [logradouro, setLogradouro] = useState("");
  const [bairro, setBairro] = useState("");
  const [estadoId, setEstadoId] = useState<number | null>(null);
  const [cidadeId, setCidadeId] = useState<number | null>(null);
  const [found, setFound] = useState<{ cidade: string; estado: string } | null>(null);
  const {
    cep,
    setCep,
    status: cepStatus,
    lookup,
  } = useCepLookup({
    onFound: (answer) => {
      setLogradouro(answer.logradouro);
      setBairro(answer.bairro);
      setEstadoId(answer.estado_id);
      setCidadeId(answer.cidade_id);
      setFound({ cidade: answer.cidade ?? answer.localidade, estado: answer.estado ?? answer.uf });
    },
    // Spec §8: a failed lookup is only logged; state and city by hand let the customer go on.
    onManual: (reason) => {
      console.warn("postal-code lookup failed", reason);
      setFound(null);
      setEstadoId(null);
      setCidadeId(null);
    },
  });

  // Brazil: state and city by hand once a postal code was not found, until one is.
  const manual = !brazil || cepStatus === "manual";
  const states = useStates(manual ? country : null);
  const cities = useCities(manual && !argentine ? estadoId : null);

  function chooseCountry(value: number) {
    setCountry(value);
    setEstadoId(null);
    setCidadeId(null);
  }

  return (
    <>
      <input type="hidden" name="pais_id" value={country} />
      <input type="hidden" name="pais" value={COUNTRY_NAMES[country]} />
      {brazil ? (
        <>
          <TextField
            id={id("cep")}
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
          {manual ? null : (
            <>
              <input type="hidden" name="estado_id" value={estadoId ?? ""} />
              <input type="hidden" name="cidade_id" value={cidadeId ?? ""} />
              <TextField
                id={id("cidade-nome")}
                name="cidade_nome"
                label={t("account.fields.cidade")}
                readOnly
                value={found?.cidade ?? ""}
                error={err("cidade_id")}
              />
              <TextField id={id("estado-nome")} name="estado_nome" label={t("account.fields.estado")} readOnly value={found?.estado ?? ""} />
            </>
          )}
        </>
      ) : null}
      {countries.length > 1 ? (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold">{t("account.register.addressCountry")}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {countries.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50"
              >
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
      {manual ? (
        <>
          <SelectField
            key={`estado-${country}`}
            id={id("estado")}
            name="estado_id"
            label={brazil ? t("account.fields.estado") : argentine ? t("account.fields.provincia") : t("account.fields.departamento")}
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
            <TextField
              id={id("cidade")}
              name="cidade"
              label={t("account.fields.cidade")}
              required
              maxLength={120}
              autoComplete="address-level2"
              error={err("cidade")}
            />
          ) : (
            <SelectField
              id={id("cidade")}
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
        <TextField
          id={id("cep")}
          name="cep"
          label={t("account.fields.codigoPostal")}
          maxLength={10}
          autoComplete="postal-code"
          placeholder="N3300"
          error={err("cep")}
        />
      ) : null}
      <TextField
        id={id("logradouro")}
        name="logradouro"
        label={t("account.fields.logradouro")}
        required
        maxLength={200}
        autoComplete="address-line1"
        value={logradouro}
        onChange={(e) => setLogradouro(e.currentTarget.value)}
        error={err("logradouro")}
      />
      <TextField id={id("numero")} name="numero" label={t("account.fields.numero")} required maxLength={20} error={err("numero")} />
      <TextField
        id={id("bairro")}
        name="bairro"
        label={t("account.fields.bairro")}
        required
        maxLength={100}
        value={bairro}
        onChange={(e) => setBairro(e.currentTarget.value)}
        error={err("bairro")}
      />
      <TextField id={id("complemento")} name="complemento" label={t("account.fields.complemento")} maxLength={10} error={err("complemento")} />
      {showCountry ? <TextField id={id("pais")} name="pais_nome" label={t("account.fields.pais")} readOnly value={COUNTRY_NAMES[country]} /> : null}
      {brazil ? null : (
        <div className="sm:col-span-2">
          <label htmlFor={id("como-chegar") ?? "field-como_chegar"} className="block text-sm font-semibold">
            {t("account.fields.comoChegar")}
          </label>
          <textarea
            id={id("como-chegar") ?? "field-como_chegar"}
            name="como_chegar"
            maxLength={500}
            rows={3}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5"
          />
        </div>
      )}
    </>
  );
}
