import { useEffect, useState, type ReactNode } from "react";
import type { Locale } from "#contract/locale.ts";
import { ensureCatalogue, hasTexts } from "./browser.ts";
import { TranslatorProvider, useTranslation } from "./react.tsx";
import { translatorFor } from "./translator.ts";

/**
 * Keeps the texts in the locale the root loader chose. The entry files already start the
 * translator in that locale, so this is normally a pass-through. Should they ever differ (an
 * action stored another language), that locale is used once its catalogue is there: at once on
 * the server, which holds them all; in the browser after a download, meanwhile keeping the
 * current texts rather than showing keys.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [arrived, setArrived] = useState<Locale>();
  const available = arrived === locale || hasTexts(locale);

  useEffect(() => {
    if (available) return;
    let current = true;
    ensureCatalogue(locale).then(
      () => current && setArrived(locale),
      (error: unknown) => console.error(`The ${locale} texts could not be loaded`, error),
    );
    return () => {
      current = false;
    };
  }, [locale, available]);

  return <TranslatorProvider translator={translatorFor(available ? locale : i18n.language)}>{children}</TranslatorProvider>;
}
