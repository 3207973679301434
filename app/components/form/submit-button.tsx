import type { ReactNode } from "react";

/**
 * A form's submit button: while `pending` it is disabled, announced busy and says `pendingLabel`
 * (when given) instead of its label, so a second click cannot send the form twice.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = "",
}: {
  pending: boolean;
  pendingLabel?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className={`inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-6 py-2.5 font-bold text-ink hover:bg-accent-strong disabled:opacity-60 ${className}`}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
