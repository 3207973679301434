import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Nationality } from "#contract/api/accounts.ts";
import { maskPhone } from "#contract/masks.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { api } from "#app/lib/api-client.ts";
import { fieldErrors, refusalOf } from "#app/lib/action-result.ts";
import { PHONE_PLACEHOLDER } from "./documents.ts";
import "#app/i18n/account-texts.ts";

/**
 * The registration's personal step (spec §2): name, e-mail (checked with the API when the customer
 * leaves it, spec §5), phone masked for the nationality, company name outside Brazil, password.
 */
export function RegisterPersonal({
  hidden,
  nationality,
  err,
  onEmailChecked,
}: {
  hidden: boolean;
  nationality: Nationality;
  err: (field: string) => string | undefined;
  /** The API's word on the e-mail: undefined when it may register, else the message to show. */
  onEmailChecked: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();

  async function checkEmail(value: string) {
    onEmailChecked(undefined);
    if (!value.trim() || !/^\S+@\S+\.\S+$/.test(value)) return;
    try {
      await api("POST /ecom/cliente/cadastrar/check-email", { body: { email: value.trim() } });
    } catch (error) {
      const refused = refusalOf(error, t("account.register.emailCheckError"));
      onEmailChecked(fieldErrors(refused).email ?? refused.message);
    }
  }

  return (
    <fieldset hidden={hidden} className="grid gap-4 rounded-lg border border-slate-200 bg-panel p-5 sm:grid-cols-2">
      <legend className="px-1 text-lg font-bold">{t("account.register.steps.personal")}</legend>
      <TextField name="nome" label={t("account.fields.nome")} required maxLength={200} autoComplete="given-name" error={err("nome")} />
      <TextField
        name="sobrenome"
        label={t("account.fields.sobrenome")}
        required
        maxLength={200}
        autoComplete="family-name"
        error={err("sobrenome")}
      />
      <TextField
        name="email"
        type="email"
        label={t("account.fields.email")}
        required
        maxLength={200}
        autoComplete="email"
        error={err("email")}
        onBlur={(e) => void checkEmail(e.currentTarget.value)}
      />
      <TextField
        name="email_confirmation"
        type="email"
        label={t("account.fields.emailConfirmation")}
        required
        maxLength={200}
        autoComplete="off"
        error={err("email_confirmation")}
      />
      <PhoneField key={nationality} nationality={nationality} error={err("telefone")} />
      {nationality !== "BR" ? (
        <TextField
          name="razao_social"
          label={t("account.fields.razaoSocial")}
          maxLength={200}
          autoComplete="organization"
          error={err("razao_social")}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      <TextField
        name="password"
        type="password"
        label={t("account.fields.password")}
        required
        maxLength={20}
        autoComplete="new-password"
        hint={t("account.fields.passwordHint")}
        error={err("password")}
      />
      <TextField
        name="password_confirmation"
        type="password"
        label={t("account.fields.passwordConfirmation")}
        required
        maxLength={20}
        autoComplete="new-password"
        error={err("password_confirmation")}
      />
    </fieldset>
  );
}

/** The phone, masked as the nationality writes it; a new nationality starts it empty (keyed by it). */
function PhoneField({ nationality, error }: { nationality: Nationality; error: string | undefined }) {
  const { t } = useTranslation();
  const [telefone, setTelefone] = useState("");
  return (
    <TextField
      name="telefone"
      type="tel"
      label={t("account.fields.telefone")}
      required
      maxLength={20}
      autoComplete="tel"
      value={telefone}
      placeholder={PHONE_PLACEHOLDER[nationality]}
      onChange={(e) => setTelefone(maskPhone(e.currentTarget.value, nationality))}
      error={error}
    />
  );
}
