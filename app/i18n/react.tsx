import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import { translatorFor, type Translator } from "./translator.ts";

const TranslatorContext = createContext<Translator>(translatorFor(DEFAULT_LOCALE));

/** Gives the components below it the texts of one locale (entry files, LocaleProvider). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** `t` in the page's locale, and that locale as `i18n.language`: the call shapes react-i18next had. */
export function useTranslation(): { t: Translator["t"]; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  return { t: translator.t, i18n: translator };
}
