import { usePostedValue } from "#app/components/form/posted-values.tsx";

/** A labelled text area with an id of its own (many forms share a page); its error is announced with it. */
export function TextAreaField({
  id,
  name,
  label,
  defaultValue,
  error,
  hint,
  rows = 3,
  maxLength,
  required,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}) {
  const value = usePostedValue(name, defaultValue);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={value}
        rows={rows}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-400 aria-[invalid=true]:border-red-600"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
