import type { ProductDetails } from "#contract/api/catalog.ts";
import { isPrice } from "#contract/money.ts";
import { htmlToText } from "#app/lib/meta.ts";
import { currencyCode } from "./product-logic.ts";

export interface Crumb {
  name: string;
  /** Path on this site; the last crumb (the product) has none in the visible trail. */
  path: string;
}

/** Home › Products › category › department › product, as shown and as structured data. */
export function breadcrumbs(product: ProductDetails, labels: { home: string; products: string }): Crumb[] {
  const crumbs: Crumb[] = [
    { name: labels.home, path: "/" },
    { name: labels.products, path: "/produtos" },
  ];
  if (product.categoria) {
    crumbs.push({ name: product.categoria.name, path: `/produtos/${product.categoria.slug}` });
    if (product.departamento) {
      crumbs.push({ name: product.departamento.name, path: `/produtos/${product.categoria.slug}/${product.departamento.slug}` });
    }
  }
  crumbs.push({ name: product.nome, path: productPath(product) });
  return crumbs;
}

export const productPath = (product: Pick<ProductDetails, "slug" | "id">) => `/produto/${encodeURIComponent(product.slug || String(product.id))}`;

/** Absolute image URL (images may be stored as paths on this host). */
const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`);

/** schema.org Product: an Offer only when the price is shown and valid, so no wrong price is indexed. */
export function productJsonLd(product: ProductDetails, origin: string) {
  const description = htmlToText(product.descritivo || product.caracteristica || "");
  const url = `${origin}${productPath(product)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.nome,
    sku: product.codigo,
    url,
    ...(product.imagens.length > 0 ? { image: product.imagens.map((image) => absolute(origin, image.url)) } : {}),
    ...(description ? { description } : {}),
    ...(product.marca ? { brand: { "@type": "Brand", name: product.marca.nome } } : {}),
    ...(product.categoria ? { category: product.categoria.name } : {}),
    ...(product.mostrar_preco && isPrice(product.valor_venda)
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: product.valor_venda,
            priceCurrency: currencyCode(product.moeda.id),
            availability: product.tem_estoque ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            itemCondition: "https://schema.org/NewCondition",
          },
        }
      : {}),
  };
}

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}
