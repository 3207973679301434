import { describe, expect, it } from "vitest";
import esPY from "./catalogues/es-PY.ts";
import ptBR from "./catalogues/pt-BR.ts";
import { createBrowserI18n, ensureCatalogue } from "./browser.ts";
import { fixedT } from "./instance.ts";

// This file never imports index.ts, so only what the browser would load is held here.
describe("browser catalogues", () => {
  it("starts in the page's locale with only that catalogue", async () => {
    const i18n = await createBrowserI18n("es-PY");
    expect(i18n.language).toBe("es-PY");
    expect(i18n.t("product.title")).toBe(esPY.product.title);
    expect(i18n.hasResourceBundle("pt-BR", "translation")).toBe(false);
  });

  it("adds another locale on demand, for components and for fixedT", async () => {
    const i18n = await createBrowserI18n("es-PY");
    await ensureCatalogue(i18n, "pt-BR");
    expect(i18n.getFixedT("pt-BR")("product.title")).toBe(ptBR.product.title);
    expect(fixedT("pt-BR")("product.title")).toBe(ptBR.product.title);
  });

  it("has every locale's meta texts without their catalogues, since they follow the host", () => {
    expect(fixedT("es-AR")("meta.pageTitle", { page: "Taladro", brand: "Ferretería" })).toBe("Taladro | Ferretería");
    expect(fixedT("es-AR")("meta.description", { brand: "X" })).not.toBe("meta.description");
    expect(fixedT("pt-BR")("meta.keywords")).not.toBe(fixedT("es-AR")("meta.keywords"));
  });
});
