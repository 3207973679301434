import { useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import type { Locale } from "#contract/locale.ts";

/**
 * Keeps the texts in the locale the root loader chose. The entry files already start i18next in
 * that locale, so this is normally a pass-through; should they ever differ, a clone in the right
 * language is used, synchronously (catalogues are bundled), so no text of the other language shows.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { i18n } = useTranslation();
  const scoped = useMemo(
    () => (i18n.language === locale ? i18n : i18n.cloneInstance({ lng: locale, initAsync: false })),
    [i18n, locale],
  );
  return <I18nextProvider i18n={scoped}>{children}</I18nextProvider>;
}
