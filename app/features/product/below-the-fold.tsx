import { memo, Suspense, use } from "react";
import type { ProductDetails } from "#contract/api/catalog.ts";
import type { Locale } from "#contract/locale.ts";

/*
 * Sections kept out of the JavaScript that hydration waits for: those at the foot of the page, and
 * the shipping calculator, which nobody uses before the page is up. Their
 * code is requested as soon as this module runs, beside the visitor's catalogue. The server renders
 * them in full and React keeps that HTML until their code is here. An update reaching a section
 * before then (the cart's context changes right after hydration) would make React drop that HTML
 * for the empty fallback, so the code is requested early and, once here, used without suspending
 * (React.lazy suspends on every first render, even with its module loaded); memo keeps the page's
 * own re-renders (a quantity change) away from the sections.
 */
function loadEarly<T>(load: () => Promise<T>) {
  const state: { module?: T | null; promise: Promise<T | null> } = { promise: Promise.resolve(null) };
  state.promise = load().then(
    (module) => (state.module = module),
    (error: unknown) => {
      console.error("A section of the product page could not be loaded", error);
      return (state.module = null);
    },
  );
  return state;
}

const details = loadEarly(() => import("./product-details.tsx"));
const related = loadEarly(() => import("./related-products.tsx"));
const calculator = loadEarly(() => import("./shipping-calculator.tsx"));

type CalculatorProps = { produtoId: number; quantity: number; moedaId: number };

function ShippingCalculatorSection(props: CalculatorProps) {
  const section = calculator.module === undefined ? use(calculator.promise) : calculator.module;
  return section ? <section.ShippingCalculator {...props} /> : null;
}

function DescriptionAndSpecsSections({ product }: { product: ProductDetails }) {
  const sections = details.module === undefined ? use(details.promise) : details.module;
  if (!sections) return null;
  return (
    <>
      <sections.Description product={product} />
      <sections.SpecTable specs={product.especificacoes} />
    </>
  );
}

type RelatedProps = { product: ProductDetails; locale: Locale; currencyId: number };

function RelatedProductsSection(props: RelatedProps) {
  const section = related.module === undefined ? use(related.promise) : related.module;
  return section ? <section.RelatedProducts {...props} /> : null;
}

/** The description and the specifications, side by side on desktop. */
export const DescriptionAndSpecs = memo(function DescriptionAndSpecs({ product }: { product: ProductDetails }) {
  return (
    <Suspense fallback={null}>
      <DescriptionAndSpecsSections product={product} />
    </Suspense>
  );
});

export const RelatedProducts = memo(function RelatedProducts(props: RelatedProps) {
  return (
    <Suspense fallback={null}>
      <RelatedProductsSection {...props} />
    </Suspense>
  );
});

/** The shipping estimate for this product (spec §2 Product page), in Paraguay. */
export const ShippingCalculator = memo(function ShippingCalculator(props: CalculatorProps) {
  return (
    <Suspense fallback={null}>
      <ShippingCalculatorSection {...props} />
    </Suspense>
  );
});
