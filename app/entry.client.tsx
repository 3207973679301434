import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#contract/locale.ts";
import { createI18n } from "#app/i18n/index.ts";

// The server wrote the chosen locale into <html lang>; starting i18next in that same locale (with
// bundled catalogues, synchronously) makes the first client render match the server's text.
const lang = document.documentElement.lang;
const i18n = createI18n(isLocale(lang) ? lang : DEFAULT_LOCALE);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
