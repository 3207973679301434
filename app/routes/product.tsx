import { isRouteErrorResponse, redirect, useNavigation, useRouteLoaderData, type MetaDescriptor } from "react-router";
import { useEffect } from "react";
import type { ShellData } from "#app/lib/shell-data.ts";
import { loadProduct } from "#app/features/product/product-data.server.ts";
import { productPath } from "#app/features/product/json-ld.ts";
import { ProductPage } from "#app/features/product/product-page.tsx";
import { ProductLoadError, ProductNotFound, ProductSkeleton, resetRetries } from "#app/features/product/product-states.tsx";
import { fixedT } from "#app/i18n/translator.ts";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { pageCurrencyId } from "#app/lib/session.server.ts";
import { alternateLinks, buildMeta, htmlToText, metaDescription, pageTitle, rootData, searchLocale } from "#app/lib/meta.ts";
import type { Route } from "./+types/product";

/**
 * Product detail (spec §2), by slug or id. The related products are asked for by the browser as the
 * visitor nears them (related-products.tsx), so the server renders the product alone.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { locale } = resolveLocale(request, context.site);
  if (!params.slug) throw new Response("Not Found", { status: 404 });
  const currencyId = await pageCurrencyId(request, context, locale);
  const product = await loadProduct(serverApi(context), params.slug, locale, currencyId);
  // An address the product had before the shop renamed it: moved for good to the address it has now.
  if (!/^\d+$/.test(params.slug) && product.slug !== params.slug) {
    throw redirect(`/produto/${product.slug}${new URL(request.url).search}`, 301);
  }
  return { product };
}

export const meta: Route.MetaFunction = ({ data, matches, location, error }) => {
  const shell = rootData(matches);
  if (!data?.product || error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      ...buildMeta(shell, location.pathname, (t) => (notFound ? t("product.notFound.title") : t("product.error.title"))),
      { name: "robots", content: "noindex" },
    ];
  }
  const { product } = data;
  // Search engines read the host brand's language (as buildMeta does).
  const t = fixedT(shell ? searchLocale(shell) : "pt-BR");
  const brand = shell?.site.brandName ?? "";
  const title = pageTitle(shell, () => product.nome);
  const description = metaDescription(htmlToText(product.descritivo || product.caracteristica || "") || t("meta.description", { brand }));
  const path = productPath(product);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
  ];
  if (brand) tags.push({ property: "og:site_name", content: brand });
  if (shell) {
    const origin = shell.site.origin;
    tags.push({ property: "og:url", content: `${origin}${path}` });
    const image = product.imagens[0]?.url;
    if (image) tags.push({ property: "og:image", content: /^https?:/.test(image) ? image : `${origin}${image}` });
    tags.push({ tagName: "link", rel: "canonical", href: `${origin}${path}` }, ...alternateLinks(shell.site, path));
  }
  return tags;
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<ShellData>("root");
  const navigation = useNavigation();
  const { product } = loaderData;
  const path = productPath(product);

  useEffect(() => {
    resetRetries(window.location.pathname);
  }, [path]);

  // Another product is on its way (a related card was followed): its skeleton, not the old page.
  if (
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/produto/") &&
    navigation.location.pathname !== window.location.pathname
  ) {
    return <ProductSkeleton />;
  }

  return (
    <ProductPage
      key={product.id}
      product={product}
      locale={shell?.locale ?? "pt-BR"}
      currencyId={shell?.currencyId ?? 2}
      rates={shell?.rates ?? []}
      origin={shell?.site.origin ?? ""}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound />;
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return <ProductLoadError />;
}
