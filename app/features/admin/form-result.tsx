import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/**
 * What a back-office form's action answered: the success message (announced politely) or the refusal
 * (an alert that takes focus, so a screen-reader user hears it).
 */
export function FormResult({ result }: { result: ActionResult<unknown> | undefined }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result && !result.ok) ref.current?.focus();
  }, [result]);
  if (!result) return null;
  if (result.ok) {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
        {result.message || t("admin.saved")}
      </p>
    );
  }
  // The field messages not already said by the main one (a refusal of one field is often said once).
  const details = [...new Set(Object.values(result.errors).flat())].filter((m) => m !== result.message);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 focus:outline-none focus:ring-2 focus:ring-red-400"
    >
      <p className="font-semibold">{result.message || t("admin.error")}</p>
      {details.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {details.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A form that is blank again once its action succeeded (the next member, category or brand); its ref. */
export function useResetOnSuccess(fetcher: { state: string; data?: ActionResult<unknown> }): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return form;
}
