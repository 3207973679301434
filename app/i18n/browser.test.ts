import { afterEach, describe, expect, it, vi } from "vitest";
import esPY from "./catalogues/es-PY.ts";
import homeEsPY from "./catalogues/home/es-PY.ts";
import ptBR from "./catalogues/pt-BR.ts";
import { createBrowserTranslator, ensureCatalogue, ensureTexts, hasTexts } from "./browser.ts";
import { fixedT, hasCatalogue } from "./translator.ts";

// This file never imports index.ts, so only what the browser would load is held here.
describe("browser catalogues", () => {
  it("starts in the page's locale with only that catalogue", async () => {
    const translator = await createBrowserTranslator("es-PY");
    expect(translator.language).toBe("es-PY");
    expect(translator.t("product.title")).toBe(esPY.product.title);
    expect(hasCatalogue("pt-BR")).toBe(false);
  });

  it("has the host's page titles before that locale's catalogue: a Spanish visitor's tab on the Portuguese host", () => {
    expect(hasCatalogue("pt-BR")).toBe(false);
    expect(fixedT("pt-BR")("pages.login.title")).toBe("Entrar");
    expect(fixedT("es-AR")("pages.register.title")).not.toBe("pages.register.title");
  });

  it("adds another locale on demand", async () => {
    await ensureCatalogue("pt-BR");
    expect(hasCatalogue("pt-BR")).toBe(true);
    expect(fixedT("pt-BR")("product.title")).toBe(ptBR.product.title);
  });

  it("has every locale's meta texts without their catalogues, since they follow the host", () => {
    expect(hasCatalogue("es-AR")).toBe(false);
    expect(fixedT("es-AR")("meta.pageTitle", { page: "Taladro", brand: "Ferretería" })).toBe("Taladro | Ferretería");
    expect(fixedT("es-AR")("meta.description", { brand: "X" })).not.toBe("meta.description");
    expect(fixedT("pt-BR")("meta.keywords")).not.toBe(fixedT("es-AR")("meta.keywords"));
  });
});

describe("text groups", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are downloaded in the page's language when a module asks, and with any language the page changes to", async () => {
    vi.stubGlobal("document", { documentElement: { lang: "es-PY" } });
    expect(hasCatalogue("es-PY", "home")).toBe(false);
    expect(fixedT("es-PY")("home.title")).toBe("home.title");
    await ensureTexts("home");
    expect(fixedT("es-PY")("home.title")).toBe(homeEsPY.home.title);
    expect(hasTexts("es-PY")).toBe(true);

    expect(hasTexts("es-AR")).toBe(false);
    await ensureCatalogue("es-AR");
    expect(hasCatalogue("es-AR", "home")).toBe(true);
    expect(hasTexts("es-AR")).toBe(true);
  });

  it("are left to the server's catalogues outside a browser", async () => {
    await ensureTexts("home");
    expect(hasCatalogue("pt-BR", "home")).toBe(false);
  });
});
