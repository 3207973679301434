import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#contract/locale.ts";
import { createBrowserTranslator } from "#app/i18n/browser.ts";
import { TranslatorProvider } from "#app/i18n/react.tsx";

// The server wrote the chosen locale into <html lang>. Only that catalogue is downloaded, and
// hydration waits for it, so the first client render matches the server's text.
const lang = document.documentElement.lang;
const translator = await createBrowserTranslator(isLocale(lang) ? lang : DEFAULT_LOCALE);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <TranslatorProvider translator={translator}>
        <HydratedRouter />
      </TranslatorProvider>
    </StrictMode>,
  );
});
