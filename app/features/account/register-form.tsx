import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import { RegisterFieldsSchema, type Nationality } from "#contract/api/accounts.ts";
import type { Locale } from "#contract/locale.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";
import { errorLines, fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import type { AfterLogin } from "./login.server.ts";
import { zodFieldErrors } from "./errors.ts";
import { afterLogin, reloadInto } from "./login-form.tsx";
import { ErrorList } from "#app/components/form/error-list.tsx";
import type { FieldErrors } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { checkDocumentFile } from "./files.ts";
import { RegisterAddress } from "./register-address.tsx";
import { RegisterNationality } from "./register-nationality.tsx";
import { RegisterPersonal } from "./register-personal.tsx";
import { RegisterDocuments } from "./register-documents.tsx";
import "#app/i18n/account-texts.ts";

/** Spec §4: choosing the nationality sets the language (pt-BR, es-PY; es-AR for Argentinians). */
const NATIONALITY_LOCALE: Readonly<Record<Nationality, Locale>> = { BR: "pt-BR", PY: "es-PY", AR: "es-AR" };
const initialNationality = (locale: Locale): Nationality => (locale === "pt-BR" ? "BR" : locale === "es-AR" ? "AR" : "PY");

const STEP_FIELDS = [
  ["estrangeiro", "nacionalidade"],
  ["nome", "sobrenome", "email", "email_confirmation", "telefone", "password", "password_confirmation", "razao_social"],
  ["documento_tipo", "documento", "identidade", "identidade_complemento", "frente", "verso"],
  ["cep", "logradouro", "numero", "bairro", "complemento", "pais_id", "estado_id", "cidade_id", "cidade", "como_chegar"],
] as const;
const STEP_KEYS = ["nationality", "personal", "documents", "address"] as const;
const LAST_STEP = STEP_FIELDS.length - 1;
const stepOf = (field: string) =>
  Math.max(
    0,
    STEP_FIELDS.findIndex((f) => (f as readonly string[]).includes(field)),
  );

/**
 * The multi-step registration (spec §2, §4, §5): one <form> holds every step (the inactive ones
 * hidden), so the final submit sends all fields and both files as one multipart body.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [params] = useSearchParams();
  const locale = useRouteLoaderData<ShellData>("root")?.locale ?? "pt-BR";
  const fetcher = useFetcher<ActionResult<AfterLogin>>();
  const formRef = useRef<HTMLFormElement>(null);

  const language = useFetcher<ActionResult>();
  const [step, setStep] = useState(0);
  const [nationality, setNationality] = useState<Nationality>(() => initialNationality(locale));
  const foreign = nationality === "BR";
  const [errors, setErrors] = useState<FieldErrors>({});
  const [list, setList] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [emailError, setEmailError] = useState<string | undefined>();

  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      const message = result.message || t("account.login.success");
      toast.success(message);
      if (result.answer) reloadInto(afterLogin(result.answer.redirectTo, result.answer.locale), message);
      return;
    }
    const fields = fieldErrors(result);
    const lines = errorLines(result);
    // The action's answer is an outside event: show it once, on the step that holds the first field.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once per answer of the action
    setErrors(fields);
    setList(lines.length > 0 ? lines : [t("account.register.sendError")]);
    setAttempt((n) => n + 1);
    const first = Object.keys(fields)[0];
    if (first) setStep(stepOf(first));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [result, fetcher.state]);

  function chooseNationality(value: Nationality) {
    setNationality(value);
    // The interface follows the nationality at once: the action stores the language and the
    // loaders run again, while the form keeps what was typed (same page, no reload).
    const wanted = NATIONALITY_LOCALE[value];
    if (wanted !== locale) void language.submit({ intent: "language", locale: wanted }, { method: "post", action: "/cadastro" });
  }

  function validate(fields: readonly string[] | null): FieldErrors {
    const form = formRef.current;
    if (!form) return {};
    const values = Object.fromEntries([...new FormData(form).entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
    const parsed = RegisterFieldsSchema.safeParse(values);
    let found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues, values, t);
    for (const side of ["frente", "verso"] as const) {
      const input = form.elements.namedItem(side) as HTMLInputElement | null;
      const problem = checkDocumentFile(input?.files?.[0], "registration");
      if (problem) found[side] = t(`validation.${problem}`);
    }
    if (emailError && !found.email) found.email = emailError;
    if (fields) found = Object.fromEntries(Object.entries(found).filter(([k]) => fields.includes(k)));
    return found;
  }

  function show(found: FieldErrors) {
    setErrors(found);
    setList(Object.values(found).filter((m): m is string => Boolean(m)));
    setAttempt((n) => n + 1);
  }

  function next() {
    const found = validate(STEP_FIELDS[step]!);
    if (Object.keys(found).length > 0) return show(found);
    show({});
    setStep((s) => Math.min(LAST_STEP, s + 1));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < LAST_STEP) return next();
    const found = validate(null);
    if (Object.keys(found).length > 0) {
      show(found);
      setStep(stepOf(Object.keys(found)[0]!));
      return;
    }
    show({});
    void fetcher.submit(new FormData(event.currentTarget), {
      method: "post",
      encType: "multipart/form-data",
      action: `/cadastro${params.toString() ? `?${params}` : ""}`,
    });
  }

  const err = (field: string) => errors[field] ?? (field === "email" ? emailError : undefined);

  return (
    <form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
      <ol
        className="grid grid-cols-4 gap-1.5 text-center text-[0.68rem] font-semibold [overflow-wrap:anywhere] sm:gap-2 sm:text-sm"
        aria-label={t("account.register.stepsLabel")}
      >
        {STEP_KEYS.map((key, index) => (
          <li
            key={key}
            aria-current={index === step ? "step" : undefined}
            className={`rounded-md border px-1 py-2 ${index === step ? "border-amber-500 bg-amber-100 text-amber-950" : index < step ? "border-slate-300 bg-white" : "border-slate-200 bg-slate-50 text-muted"}`}
          >
            <span className="block text-[0.7rem] font-normal">{t("account.register.stepN", { n: index + 1 })}</span>
            {t(`account.register.steps.${key}`)}
          </li>
        ))}
      </ol>

      <ErrorList messages={list} focusKey={attempt} />

      <input type="hidden" name="estrangeiro" value={foreign ? "1" : "0"} />
      <input type="hidden" name="lang" value={NATIONALITY_LOCALE[nationality]} />

      <RegisterNationality hidden={step !== 0} nationality={nationality} onChoose={chooseNationality} err={err} />

      <RegisterPersonal hidden={step !== 1} nationality={nationality} err={err} onEmailChecked={setEmailError} />

      <fieldset hidden={step !== 2} className="grid gap-4 rounded-lg border border-slate-200 bg-panel p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-bold">{t("account.register.steps.documents")}</legend>
        <RegisterDocuments key={nationality} nationality={nationality} err={err} />
      </fieldset>

      <fieldset hidden={step !== 3} className="grid gap-4 rounded-lg border border-slate-200 bg-panel p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-bold">{t("account.register.steps.address")}</legend>
        <RegisterAddress key={nationality} nationality={nationality} err={err} />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {step > 0 ? (
          <button
            type="button"
            onClick={() => setStep((s) => s - 1)}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-6 font-semibold hover:bg-slate-50"
          >
            {t("account.register.back")}
          </button>
        ) : (
          <span />
        )}
        <SubmitButton pending={busy} pendingLabel={step < LAST_STEP ? undefined : t("account.register.submitting")}>
          {step < LAST_STEP ? t("account.register.next") : t("account.register.submit")}
        </SubmitButton>
      </div>
      <p className="text-center text-sm">
        {t("account.register.haveAccount")}{" "}
        <Link to={`/login${params.toString() ? `?${params}` : ""}`} className="font-semibold text-accent-ink underline">
          {t("account.register.loginLink")}
        </Link>
      </p>
    </form>
  );
}
