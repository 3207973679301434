import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#contract/locale.ts";
import { createBrowserI18n } from "#app/i18n/browser.ts";

// The server wrote the chosen locale into <html lang>. Only that catalogue is downloaded, and
// hydration waits for it, so the first client render matches the server's text.
const lang = document.documentElement.lang;
const i18n = await createBrowserI18n(isLocale(lang) ? lang : DEFAULT_LOCALE);

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
