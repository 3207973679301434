import type { ComponentProps } from "react";
import { TextField } from "#app/components/form/fields.tsx";

/**
 * A two-factor code: the app's digits on a phone's keypad, filled in by the browser or the app where
 * they can, or (`recovery`) one of the recovery codes, typed as written.
 */
export function CodeField({ recovery = false, ...props }: Omit<ComponentProps<typeof TextField>, "name"> & { recovery?: boolean }) {
  return (
    <TextField
      name="codigo"
      required
      maxLength={40}
      autoComplete={recovery ? "off" : "one-time-code"}
      inputMode={recovery ? "text" : "numeric"}
      {...(recovery ? { autoCapitalize: "none", spellCheck: false } : {})}
      {...props}
    />
  );
}
