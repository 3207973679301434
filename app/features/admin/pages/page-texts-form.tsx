import { useFetcher } from "react-router";
import type { AdminPageText } from "#contract/api/admin/pages.ts";
import { MAX_PAGE_TEXT, pageTextKeys, type TextPage } from "#contract/page-texts.ts";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { useAdminFormAnswer } from "#app/features/admin/form-answer.ts";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TranslationKey } from "#app/i18n/translator.ts";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { TextAreaField } from "./text-area.tsx";
import "#app/i18n/admin-texts.ts";

/** The body a page's texts form sends: every text of the page in both languages (the API checks them again). */
export function pageTextsBodyOf(form: FormData, page: TextPage) {
  const text = (name: string) => String(form.get(name) ?? "");
  return { textos: Object.fromEntries(pageTextKeys(page).map((key) => [key, { pt: text(`${key}.pt`), es: text(`${key}.es`) }])) };
}

/** Long texts get more lines. */
const rowsFor = (text: string) => (text.length > 140 ? 4 : text.length > 60 ? 3 : 2);

/** The how-to-buy or the about page's texts, each in Portuguese and Spanish, saved together. */
export function PageTextsForm({ page, texts }: { page: TextPage; texts: AdminPageText[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const intent = `texts-${page}`;
  const answer = useAdminFormAnswer(fetcher, intent);
  const result = answer.result?.intent === intent ? answer.result : undefined;
  const errors = fieldErrors(result);
  return (
    <fetcher.Form method="post" className="space-y-4" aria-label={t(`admin.pages.texts.${page}`)}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-muted">{t("admin.pages.texts.hint", { brand: "{{brand}}" })}</p>
      <FormResult result={result} />
      <PostedValues values={answer.typed}>
        {texts.map((text) => {
          const label = t(`admin.pages.texts.keys.${text.chave}` as TranslationKey);
          const id = `text-${text.chave.replace(/\./g, "-")}`;
          return (
            <fieldset
              key={`${text.chave}:${text.texto_pt}:${text.texto_es}`}
              className="rounded-md border border-slate-200 p-3"
              data-testid="page-text"
            >
              <legend className="flex flex-wrap items-center gap-2 px-1 font-semibold">
                {label}
                {text.alterado ? <Badge tone="warm">{t("admin.pages.texts.changed")}</Badge> : null}
              </legend>
              <div className="grid gap-3 md:grid-cols-2">
                <TextAreaField
                  id={`${id}-pt`}
                  name={`${text.chave}.pt`}
                  label={`${label} · ${t("admin.pages.texts.pt")}`}
                  defaultValue={text.texto_pt}
                  rows={rowsFor(text.texto_pt)}
                  maxLength={MAX_PAGE_TEXT}
                  required
                  hint={text.alterado && text.texto_pt !== text.padrao_pt ? t("admin.pages.texts.original", { text: text.padrao_pt }) : undefined}
                  error={errors[`textos.${text.chave}.pt`]}
                />
                <TextAreaField
                  id={`${id}-es`}
                  name={`${text.chave}.es`}
                  label={`${label} · ${t("admin.pages.texts.es")}`}
                  defaultValue={text.texto_es}
                  rows={rowsFor(text.texto_es)}
                  maxLength={MAX_PAGE_TEXT}
                  required
                  hint={text.alterado && text.texto_es !== text.padrao_es ? t("admin.pages.texts.original", { text: text.padrao_es }) : undefined}
                  error={errors[`textos.${text.chave}.es`]}
                />
              </div>
            </fieldset>
          );
        })}
      </PostedValues>
      <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.catalogue.saving")}>
        {t("admin.pages.texts.save")}
      </SubmitButton>
    </fetcher.Form>
  );
}
