import { useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import type { Locale } from "#contract/locale.ts";
import { ensureCatalogue } from "./browser.ts";

/**
 * Keeps the texts in the locale the root loader chose. The entry files already start i18next in
 * that locale, so this is normally a pass-through. Should they ever differ (an action stored
 * another language), a clone in that language is used once its catalogue is there: at once on
 * the server, which holds them all; in the browser after a download, meanwhile keeping the
 * current texts rather than showing keys.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [arrived, setArrived] = useState<Locale>();
  const available = arrived === locale || i18n.hasResourceBundle(locale, "translation");

  useEffect(() => {
    if (available) return;
    let current = true;
    ensureCatalogue(i18n, locale).then(
      () => current && setArrived(locale),
      (error: unknown) => console.error(`The ${locale} texts could not be loaded`, error),
    );
    return () => {
      current = false;
    };
  }, [i18n, locale, available]);

  const language = available ? locale : i18n.language;
  const scoped = useMemo(
    () => (i18n.language === language ? i18n : i18n.cloneInstance({ lng: language, initAsync: false })),
    [i18n, language],
  );
  return <I18nextProvider i18n={scoped}>{children}</I18nextProvider>;
}
