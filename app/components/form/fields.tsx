import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from "react";
import { usePostedCheck, usePostedValue } from "./posted-values.tsx";

/**
 * The storefront's form toolkit: labelled fields whose error is announced with them (here), the
 * list of a form's errors (error-list.tsx), a submit button that shows its pending state
 * (submit-button.tsx) and the card a form sits in (form-card.tsx).
 */

/** Field errors keyed by field name, already in the visitor's language. */
export type FieldErrors = Record<string, string | undefined>;

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-400 aria-[invalid=true]:border-red-600 read-only:bg-slate-100 disabled:bg-slate-100";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input; its error is announced through aria-describedby. */
export function TextField({ name, label, error, hint, id, className = "", ...props }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  // What a refused script-less post typed (never a file or a password); a checkbox keeps whether it was ticked.
  const keepsNothing = props.type === "file" || props.type === "password" || props.type === "hidden";
  const postedValue = usePostedValue(name, props.defaultValue);
  const postedCheck = usePostedCheck(name, props.defaultChecked);
  const kept = keepsNothing ? {} : props.type === "checkbox" ? { defaultChecked: postedCheck } : { defaultValue: postedValue };
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...props}
        {...(props.value === undefined ? kept : {})}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  error?: string;
  options: { value: string | number; label: string }[];
  placeholder?: string;
}

/** A labelled select with a first empty option when `placeholder` is given; its error is announced like a text field's. */
export function SelectField({ name, label, error, options, placeholder, id, className = "", ...props }: SelectProps) {
  const selectId = id ?? `field-${name}`;
  const errorId = `${selectId}-error`;
  const defaultValue = usePostedValue(name, props.defaultValue);
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={selectId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
        {...props}
        {...(props.value === undefined ? { defaultValue } : {})}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text area; its error is announced like a text field's. */
export function TextArea({ name, label, defaultValue, error }: { name: string; label: string; defaultValue: string; error?: string }) {
  const id = `field-${name}`;
  const value = usePostedValue(name, defaultValue);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={value}
        rows={3}
        maxLength={5000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-400"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox, the label beside the box. */
export function Check({
  name,
  label,
  defaultChecked,
  className = "min-h-11",
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  className?: string;
}) {
  const checked = usePostedCheck(name, defaultChecked);
  return (
    <label className={`flex ${className} items-center gap-2 text-sm font-semibold`}>
      <input type="checkbox" name={name} defaultChecked={checked} className="size-5" />
      {label}
    </label>
  );
}
