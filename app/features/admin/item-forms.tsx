import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import type { FieldErrors } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { SaveOrDelete } from "./save-or-delete.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { useAdminFormAnswer, usePostedAnswerOf } from "./form-answer.ts";
import { FormResult, useResetOnSuccess } from "./form-result.tsx";
import { CsrfField } from "./staff-data.tsx";

/**
 * The forms of a page's list of records (brands, banners, the sales team): one that creates a record and
 * is blank again once it did, and, for each record, one folded under its summary that saves or deletes
 * it. `fields` draws the record's fields with the errors of the form's last answer.
 */

type Fields = (errors: FieldErrors) => ReactNode;

/** The form that creates a record (intent `create`). */
export function NewItemForm({ label, submit, pendingLabel, fields }: { label: string; submit: string; pendingLabel: string; fields: Fields }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(fetcher);
  const { result, typed } = useAdminFormAnswer(fetcher, "create");
  return (
    <fetcher.Form method="post" ref={form} className="grid gap-3 md:grid-cols-2" aria-label={label}>
      <CsrfField />
      <input type="hidden" name="intent" value="create" />
      <div className="md:col-span-2">
        <FormResult result={result} />
      </div>
      <PostedValues values={typed}>{fields(fieldErrors(result))}</PostedValues>
      <div className="md:col-span-2">
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={pendingLabel}>
          {submit}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

/** What an edit form's post asks: save, or delete (SaveOrDelete's button, read by readAdminForm). */
const EDIT_INTENTS = ["update", "delete"];

/** What a record's forms post: its edit form's, and its picture's (a banner's image, a seller's photo). */
const ITEM_INTENTS = [...EDIT_INTENTS, "image", "photo"];

/** The form that saves a record (intent `update`) or deletes it (`remove`); `intro` stands above its fields. */
export function EditItemForm({ id, label, name, intro, fields }: { id: number; label: string; name: string; intro?: ReactNode; fields: Fields }) {
  const fetcher = useFetcher<ActionResult>();
  const { result, typed } = useAdminFormAnswer(fetcher, EDIT_INTENTS, id);
  return (
    <fetcher.Form method="post" className="grid gap-3 md:grid-cols-2" aria-label={label}>
      <CsrfField />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={id} />
      <div className="md:col-span-2">
        <FormResult result={result} />
      </div>
      {intro}
      <PostedValues values={typed}>{fields(fieldErrors(result))}</PostedValues>
      <SaveOrDelete pending={fetcher.state !== "idle"} name={name} />
    </fetcher.Form>
  );
}

/**
 * A record of the list, folded under its summary: its form and its picture's part (`aside`), side by side on
 * a wide screen, or the one under the other when `stacked`.
 */
export function ItemDetails({
  testId,
  id,
  summary,
  aside,
  stacked = false,
  children,
}: {
  testId: string;
  /** The record's id: its details stand open when the page answers a script-less post of its form. */
  id?: number;
  summary: ReactNode;
  aside: ReactNode;
  stacked?: boolean;
  children: ReactNode;
}) {
  const answered = usePostedAnswerOf(ITEM_INTENTS, id ?? "-") !== undefined;
  return (
    <li data-testid={testId}>
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50" open={answered || undefined}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">{summary}</summary>
        <div className={stacked ? "mt-3 space-y-4" : "mt-3 grid gap-4 lg:grid-cols-[1fr_auto]"}>
          {children}
          {aside}
        </div>
      </details>
    </li>
  );
}
