import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormPage } from "#app/components/form/form-card.tsx";

/**
 * The frame of the password recovery and reset pages (spec §2): the title and the form's card,
 * whose form gives way, once the API accepted it, to its confirmation and a link to the login.
 */
export function PasswordPage({
  title,
  done,
  loginLabel,
  children,
}: {
  title: string;
  /** The confirmation shown instead of the form, once there is one. */
  done: string | null;
  loginLabel: string;
  children: ReactNode;
}) {
  return (
    <FormPage title={title}>
      {done !== null ? (
        <div role="status" className="space-y-4">
          <p className="font-semibold text-emerald-800">{done}</p>
          <Link to="/login" className="inline-block font-semibold text-accent-ink underline">
            {loginLabel}
          </Link>
        </div>
      ) : (
        children
      )}
    </FormPage>
  );
}
