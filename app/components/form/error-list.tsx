import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * The list of a form's problems (spec §2 "Registration": a list of form errors). It takes focus
 * when it appears, so a screen-reader user hears what went wrong after submitting.
 */
export function ErrorList({ title, messages, focusKey }: { title?: string; messages: string[]; focusKey?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    if (messages.length > 0) ref.current?.focus();
  }, [messages.length, focusKey]);
  if (messages.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 focus:outline-none focus:ring-2 focus:ring-red-400"
    >
      <p className="font-semibold">{title ?? t("validation.validation_failed")}</p>
      {messages.length > 1 || title ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {[...new Set(messages)].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">{messages[0]}</p>
      )}
    </div>
  );
}
