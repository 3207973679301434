import { useCallback, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { CsrfField } from "../staff-data.tsx";
import { CameraScan } from "./camera-scan.tsx";
import "#app/i18n/admin-texts.ts";

/**
 * The counter's one large field: a code typed, typed by a USB scanner (which ends with Enter, sending the
 * form) or read by the camera. The focus stays in it, so the next scan lands there: `clear` (a handover
 * done) empties it; `refused` (a refusal) selects the code, so the next one replaces it.
 */
export function CounterSearch({ clear, refused }: { clear: unknown; refused: unknown }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "lookup";

  useEffect(() => {
    if (!clear) return;
    form.current?.reset();
    input.current?.focus();
  }, [clear]);

  useEffect(() => {
    if (refused) input.current?.select();
  }, [refused]);

  const scanned = useCallback((code: string) => {
    if (!input.current || !form.current) return;
    input.current.value = code;
    form.current.requestSubmit();
  }, []);

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-5">
      <Form method="post" ref={form} className="space-y-2" autoComplete="off">
        <CsrfField />
        <input type="hidden" name="intent" value="lookup" />
        <label htmlFor="counter-code" className="block text-lg font-bold">
          {t("admin.counter.code")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id="counter-code"
            name="codigo"
            required
            maxLength={40}
            autoFocus
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            enterKeyHint="search"
            aria-describedby="counter-code-hint"
            className="min-w-0 flex-1 rounded-md border-2 border-slate-400 px-4 py-3 font-mono text-3xl uppercase tracking-widest focus:border-slate-900 focus:outline-none"
          />
          <Button type="submit" kind="primary" className="px-6 py-3 text-lg" disabled={busy}>
            {t("admin.counter.find")}
          </Button>
        </div>
        <p id="counter-code-hint" className="text-sm text-muted">
          {t("admin.counter.codeHint")}
        </p>
      </Form>
      <CameraScan onCode={scanned} />
    </div>
  );
}
