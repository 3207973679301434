import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "./index.ts";
import { LocaleProvider } from "./locale-provider.tsx";
import { TranslatorProvider, useTranslation } from "./react.tsx";
import { translatorFor } from "./translator.ts";

function Greeting() {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t("header.cartLabel", { count: 2 })} · {t("catalog.list.resultCount", { count: 1 })}
    </p>
  );
}

describe("useTranslation", () => {
  it("gives the provider's locale and its texts", () => {
    const html = renderToString(
      <TranslatorProvider translator={translatorFor("es-PY")}>
        <Greeting />
      </TranslatorProvider>,
    );
    expect(html).toContain('<p lang="es-PY">');
    expect(html).toContain(resources["es-PY"].header.cartLabel.replace("{{count}}", "2"));
    expect(html).toContain(resources["es-PY"].catalog.list.resultCount_one.replace("{{count}}", "1"));
  });

  it("follows the locale LocaleProvider is given, at once where every catalogue is held", () => {
    const html = renderToString(
      <TranslatorProvider translator={translatorFor("pt-BR")}>
        <LocaleProvider locale="es-AR">
          <Greeting />
        </LocaleProvider>
      </TranslatorProvider>,
    );
    expect(html).toContain('lang="es-AR"');
    expect(html).toContain(resources["es-AR"].header.cartLabel.replace("{{count}}", "2"));
  });
});
