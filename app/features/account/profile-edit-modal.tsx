import { useState, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { api } from "#app/lib/api-client.ts";
import { errorLines, fieldErrors, refusalOf } from "#app/lib/action-result.ts";
import { documentTypesFor, UpdateProfileFieldsSchema, type User } from "#contract/api/accounts.ts";
import { maskCnpj, maskCpf, maskCuit, maskPhone, maskRuc } from "#contract/masks.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { zodFieldErrors } from "./errors.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { SelectField, TextField, type FieldErrors } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { documentTypeLabel, PHONE_PLACEHOLDER } from "./documents.ts";
import { checkDocumentFile, PROFILE_ACCEPT } from "./files.ts";
import "#app/i18n/account-texts.ts";

function maskDocument(type: string, value: string) {
  if (type === "CPF") return maskCpf(value);
  if (type === "CNPJ") return maskCnpj(value);
  if (type === "RUC") return maskRuc(value);
  if (type === "CUIT") return maskCuit(value);
  return value.slice(0, 20);
}

/** Spec §2 "Personal data" edit modal → POST /ecom/cliente/update-profile (multipart). */
export function ProfileEditModal({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="m-auto max-h-[92vh] w-[min(96vw,36rem)] overflow-y-auto rounded-lg bg-panel p-0 text-ink shadow-2xl"
      title={(id) => (
        <h2 id={id} className="border-b border-slate-200 px-5 py-4 text-lg font-bold">
          {t("account.personal.editTitle")}
        </h2>
      )}
    >
      {open ? <EditForm user={user} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function EditForm({ user, onClose, onSaved }: { user: User; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const country = user.nationality;
  // Spec §5: only the types the API accepts for this customer (CPF; RUC or Cédula; CUIT).
  const types = documentTypesFor(user.nationality);
  const [telefone, setTelefone] = useState(maskPhone(user.telefone, country));
  const [tipo, setTipo] = useState<string>((types as readonly string[]).includes(user.documento_tipo) ? user.documento_tipo : types[0]);
  const [documento, setDocumento] = useState(maskDocument(tipo, user.documento ?? ""));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [list, setList] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  function report(found: FieldErrors, lines?: string[]) {
    setErrors(found);
    setList(lines ?? Object.values(found).filter((m): m is string => Boolean(m)));
    setAttempt((n) => n + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = { telefone, documento_tipo: tipo, documento };
    const parsed = UpdateProfileFieldsSchema.safeParse(fields);
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues, fields, t);
    for (const side of ["frente", "verso"] as const) {
      const file = form.get(side);
      const problem = checkDocumentFile(file instanceof File ? file : undefined, "profile", false);
      if (problem) found[side] = t(`validation.${problem}`);
      if (file instanceof File && file.size === 0) form.delete(side);
    }
    if (Object.keys(found).length > 0) return report(found);
    form.set("telefone", telefone);
    form.set("documento_tipo", tipo);
    form.set("documento", documento);
    setBusy(true);
    try {
      const answer = await api("POST /ecom/cliente/update-profile", { body: form });
      onSaved(answer.message ?? t("account.personal.saved"));
    } catch (error) {
      const refused = refusalOf(error, t("account.errors.generic"));
      report(fieldErrors(refused), errorLines(refused));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4 px-5 py-4">
      <ErrorList messages={list} focusKey={attempt} />
      <TextField
        id="profile-telefone"
        name="telefone"
        type="tel"
        label={t("account.fields.telefone")}
        required
        value={telefone}
        placeholder={PHONE_PLACEHOLDER[country]}
        onChange={(e) => setTelefone(maskPhone(e.currentTarget.value, country))}
        error={errors.telefone}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="profile-documento-tipo"
          name="documento_tipo"
          label={t("account.fields.documentoTipo")}
          required
          value={tipo}
          onChange={(e) => {
            setTipo(e.currentTarget.value);
            setDocumento("");
          }}
          options={types.map((value) => ({ value, label: documentTypeLabel(t, value) }))}
          error={errors.documento_tipo}
        />
        <TextField
          id="profile-documento"
          name="documento"
          label={t("account.fields.documento")}
          required
          value={documento}
          onChange={(e) => setDocumento(maskDocument(tipo, e.currentTarget.value))}
          error={errors.documento}
        />
        <TextField
          id="profile-frente"
          name="frente"
          type="file"
          accept={PROFILE_ACCEPT}
          label={t("account.fields.frente")}
          hint={t("account.fields.fileHintProfile")}
          error={errors.frente}
        />
        <TextField
          id="profile-verso"
          name="verso"
          type="file"
          accept={PROFILE_ACCEPT}
          label={t("account.fields.verso")}
          hint={t("account.fields.fileHintProfile")}
          error={errors.verso}
        />
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
