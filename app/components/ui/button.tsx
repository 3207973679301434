import type { ButtonHTMLAttributes } from "react";

const KINDS = {
  /** The main action of a form that has no pending state (filter a list). */
  primary: "min-h-11 rounded-md bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-700",
  /** A secondary action beside a form (add a row, duplicate). */
  secondary: "min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50",
  /** An action that removes something. */
  danger: "min-h-11 rounded-md border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50",
} as const;

/** A button of the back office's forms; `type` defaults to "button", so only a submit says so. */
export function Button({
  kind = "secondary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { kind?: keyof typeof KINDS }) {
  return <button type={type} className={`${KINDS[kind]}${className ? ` ${className}` : ""}`} {...props} />;
}
