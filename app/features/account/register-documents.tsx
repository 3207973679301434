import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Nationality } from "#contract/api/accounts.ts";
import { cpfOrCnpjType } from "#contract/documents.ts";
import { maskCpfOrCnpj, maskCuit, maskRuc } from "#contract/masks.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { REGISTRATION_ACCEPT } from "./files.ts";
import "#app/i18n/account-texts.ts";

/**
 * The documents step of the registration (spec §5): CPF or CNPJ for Brazilians, RUC or Cédula for
 * Paraguayans, CUIT for Argentinians; identity document and both images. Keyed by nationality.
 */
export function RegisterDocuments({ nationality, err }: { nationality: Nationality; err: (field: string) => string | undefined }) {
  const { t } = useTranslation();
  const foreign = nationality === "BR";
  const [documentoTipo, setDocumentoTipo] = useState<"RUC" | "Cédula">("RUC");
  const [documento, setDocumento] = useState("");
  return (
    <>
      {foreign ? (
        <>
          {/* Spec §5 "CPF or CNPJ": a person or a company, told apart by the number's length as it is typed. */}
          <input type="hidden" name="documento_tipo" value={cpfOrCnpjType(documento)} />
          <TextField
            name="documento"
            label={t("account.fields.cpfOrCnpj")}
            required
            placeholder="000.000.000-00"
            hint={t("account.fields.cpfOrCnpjHint")}
            value={documento}
            onChange={(e) => setDocumento(maskCpfOrCnpj(e.currentTarget.value))}
            error={err("documento") ?? err("documento_tipo")}
          />
        </>
      ) : nationality === "AR" ? (
        <>
          <input type="hidden" name="documento_tipo" value="CUIT" />
          <TextField
            name="documento"
            label={t("account.fields.cuit")}
            required
            inputMode="numeric"
            placeholder="20-12345678-6"
            value={documento}
            onChange={(e) => setDocumento(maskCuit(e.currentTarget.value))}
            error={err("documento") ?? err("documento_tipo")}
          />
        </>
      ) : (
        <>
          <SelectField
            name="documento_tipo"
            label={t("account.fields.documentoTipo")}
            required
            value={documentoTipo}
            onChange={(e) => {
              setDocumentoTipo(e.currentTarget.value as "RUC" | "Cédula");
              setDocumento("");
            }}
            options={[
              { value: "RUC", label: t("account.documentTypes.RUC") },
              { value: "Cédula", label: t("account.documentTypes.Cedula") },
            ]}
            error={err("documento_tipo")}
          />
          <TextField
            name="documento"
            label={documentoTipo === "RUC" ? t("account.fields.ruc") : t("account.fields.cedula")}
            required
            inputMode="numeric"
            placeholder={documentoTipo === "RUC" ? "80012345-6" : "1234567"}
            value={documento}
            onChange={(e) =>
              setDocumento(documentoTipo === "RUC" ? maskRuc(e.currentTarget.value) : e.currentTarget.value.replace(/\D/g, "").slice(0, 10))
            }
            error={err("documento")}
          />
        </>
      )}
      <TextField name="identidade" label={t("account.fields.identidade")} required maxLength={20} error={err("identidade")} />
      {foreign ? (
        <TextField
          name="identidade_complemento"
          label={t("account.fields.identidadeComplemento")}
          required
          maxLength={10}
          placeholder="SSP/SP"
          error={err("identidade_complemento")}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      <TextField
        name="frente"
        type="file"
        accept={REGISTRATION_ACCEPT}
        label={t("account.fields.frente")}
        required
        hint={t("account.fields.fileHintRegistration")}
        error={err("frente")}
      />
      <TextField
        name="verso"
        type="file"
        accept={REGISTRATION_ACCEPT}
        label={t("account.fields.verso")}
        required
        hint={t("account.fields.fileHintRegistration")}
        error={err("verso")}
      />
    </>
  );
}
