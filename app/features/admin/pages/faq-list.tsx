import { useFetcher } from "react-router";
import { MAX_FAQ_ANSWER, MAX_FAQ_ORDER, MAX_FAQ_QUESTION, type AdminFaq } from "#contract/api/admin/pages.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { useAdminFormAnswer, usePostedAnswerOf } from "#app/features/admin/form-answer.ts";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { SaveOrDelete } from "#app/features/admin/save-or-delete.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { TextAreaField } from "./text-area.tsx";
import "#app/i18n/admin-texts.ts";

/** The body a FAQ form sends (the API checks every field again). */
export function faqBodyOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    pergunta_pt: text("pergunta_pt"),
    pergunta_es: text("pergunta_es"),
    resposta_pt: text("resposta_pt"),
    resposta_es: text("resposta_es"),
    ordem: text("ordem") || "0",
  };
}

function FaqFields({ prefix, values, errors }: { prefix: string; values?: AdminFaq; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${prefix}-pergunta_pt`}
        name="pergunta_pt"
        label={t("admin.pages.faq.questionPt")}
        defaultValue={values?.pergunta_pt}
        required
        maxLength={MAX_FAQ_QUESTION}
        error={errors.pergunta_pt}
      />
      <TextField
        id={`${prefix}-pergunta_es`}
        name="pergunta_es"
        label={t("admin.pages.faq.questionEs")}
        defaultValue={values?.pergunta_es}
        required
        maxLength={MAX_FAQ_QUESTION}
        error={errors.pergunta_es}
      />
      <TextAreaField
        id={`${prefix}-resposta_pt`}
        name="resposta_pt"
        label={t("admin.pages.faq.answerPt")}
        defaultValue={values?.resposta_pt}
        required
        rows={4}
        maxLength={MAX_FAQ_ANSWER}
        error={errors.resposta_pt}
      />
      <TextAreaField
        id={`${prefix}-resposta_es`}
        name="resposta_es"
        label={t("admin.pages.faq.answerEs")}
        defaultValue={values?.resposta_es}
        required
        rows={4}
        maxLength={MAX_FAQ_ANSWER}
        error={errors.resposta_es}
      />
      <TextField
        id={`${prefix}-ordem`}
        name="ordem"
        type="number"
        min={0}
        max={MAX_FAQ_ORDER}
        label={t("admin.pages.faq.order")}
        defaultValue={values?.ordem ?? 0}
        error={errors.ordem}
      />
    </>
  );
}

export function NewFaqForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(fetcher);
  const { result, typed } = useAdminFormAnswer(fetcher, "create-faq");
  return (
    <fetcher.Form method="post" ref={form} className="grid gap-3 md:grid-cols-2" aria-label={t("admin.pages.faq.new")}>
      <CsrfField />
      <input type="hidden" name="intent" value="create-faq" />
      <div className="md:col-span-2">
        <FormResult result={result} />
      </div>
      <PostedValues values={typed}>
        <FaqFields prefix="new-faq" errors={fieldErrors(result)} />
      </PostedValues>
      <div className="md:col-span-2">
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.catalogue.creating")}>
          {t("admin.catalogue.create")}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

/** What a question's edit form posts: save it, or delete it (SaveOrDelete's button). */
const FAQ_EDIT_INTENTS = ["update-faq", "delete-faq"];

/** One question with its edit form and delete button. */
export function FaqItem({ faq }: { faq: AdminFaq }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const question = i18n.language.startsWith("es") ? faq.pergunta_es : faq.pergunta_pt;
  const { result, typed } = useAdminFormAnswer(fetcher, FAQ_EDIT_INTENTS, faq.id);
  const answered = usePostedAnswerOf(FAQ_EDIT_INTENTS, faq.id) !== undefined;
  return (
    <li data-testid="admin-faq">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50" open={answered || undefined}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          <span className="min-w-0 break-words">{question}</span>
          <Badge>{t("admin.pages.faq.orderBadge", { order: faq.ordem })}</Badge>
        </summary>
        <fetcher.Form method="post" className="mt-3 grid gap-3 md:grid-cols-2" aria-label={t("admin.pages.faq.edit", { question })}>
          <CsrfField />
          <input type="hidden" name="intent" value="update-faq" />
          <input type="hidden" name="id" value={faq.id} />
          <div className="md:col-span-2">
            <FormResult result={result} />
          </div>
          <PostedValues values={typed}>
            <FaqFields key={JSON.stringify(faq)} prefix={`faq-${faq.id}`} values={faq} errors={fieldErrors(result)} />
          </PostedValues>
          <SaveOrDelete pending={fetcher.state !== "idle"} name={question} />
        </fetcher.Form>
      </details>
    </li>
  );
}
