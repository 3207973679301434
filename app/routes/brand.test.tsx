import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "#contract/locale.ts";
import type { Missing } from "#app/features/catalog/list-data.ts";
import { resources } from "#app/i18n/index.ts";
import { TranslatorProvider } from "#app/i18n/react.tsx";
import { translatorFor } from "#app/i18n/translator.ts";
import BrandRoute, { ErrorBoundary } from "./brand.tsx";

/** The brand page as its route renders it after its loader answered 404 with `missing`. */
function notFoundPage(locale: Locale, missing: Missing): string {
  const Stub = createRoutesStub([
    { id: "brand", path: "/marca/:brandSlug?/:categoriaSlug?", Component: BrandRoute as never, ErrorBoundary: ErrorBoundary as never },
  ]);
  return renderToString(
    <TranslatorProvider translator={translatorFor(locale)}>
      <Stub initialEntries={["/marca/bosch/nao-existe"]} hydrationData={{ errors: { brand: new UNSAFE_ErrorResponseImpl(404, "", missing) } }} />
    </TranslatorProvider>,
  );
}

const bosch = { id: 3, slug: "bosch", name: "Bosch" };

describe("the brand page of an address that names something missing", () => {
  it("says the category is not found (not the brand) and leads back to the brand", () => {
    for (const locale of ["pt-BR", "es-AR"] as const) {
      const texts = resources[locale].catalog;
      const html = notFoundPage(locale, { message: texts.list.categoryNotFound, what: "category", brand: bosch });
      expect(html, locale).toContain(texts.list.categoryNotFound);
      expect(html, locale).not.toContain(texts.brand.notFound);
      expect(html, locale).toContain('href="/marca/bosch"');
    }
    expect(resources["pt-BR"].catalog.list.categoryNotFound).toBe("Categoria não encontrada");
  });

  it("says the department is not found for an unknown department of the brand's category", () => {
    const texts = resources["pt-BR"].catalog;
    const html = notFoundPage("pt-BR", { message: texts.list.departmentNotFound, what: "department", brand: bosch });
    expect(html).toContain(texts.list.departmentNotFound);
    expect(html).not.toContain(texts.brand.notFound);
  });

  it("keeps 'Marca não encontrada' for an unknown brand", () => {
    const html = notFoundPage("pt-BR", { message: "Marca não encontrada", what: "brand" });
    expect(html).toContain("Marca não encontrada");
    expect(html).toContain('href="/marcas"');
  });
});
