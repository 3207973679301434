import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import type { ProductDetails } from "#contract/api/catalog.ts";
import type { Locale } from "#contract/locale.ts";
import type { ExchangeRate } from "#contract/money.ts";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { FavouriteButton } from "#app/components/favourite-button.tsx";
import { jsonForScript } from "#app/lib/meta.ts";
import { Gallery } from "./gallery.tsx";
import { breadcrumbJsonLd, breadcrumbs, productJsonLd, productPath, type Crumb } from "./json-ld.ts";
import { maxQuantity } from "./product-logic.ts";
import { PaymentOptions, PriceBlock, StockInfo, StorePickupNotice } from "./product-sections.tsx";
import { QuantitySelector } from "./quantity-selector.tsx";
import { DescriptionAndSpecs, RelatedProducts, ShippingCalculator } from "./below-the-fold.tsx";
import { ShareButtons } from "./share-buttons.tsx";

export interface ProductPageProps {
  product: ProductDetails;
  locale: Locale;
  currencyId: number;
  rates: readonly ExchangeRate[];
  origin: string;
}

/** Product detail (spec §2): desktop two columns, mobile one, both server-rendered. */
export function ProductPage({ product, locale, currencyId, rates, origin }: ProductPageProps) {
  const { t } = useTranslation();
  const max = maxQuantity(product.qtde_disponivel);
  const [quantity, setQuantity] = useState(max > 0 ? 1 : 0);
  const crumbs = breadcrumbs(product, { home: t("product.home"), products: t("product.products") });
  const url = `${origin}${productPath(product)}`;
  const inStock = product.tem_estoque && max > 0;

  return (
    <article className="mx-auto max-w-7xl px-4 py-4 md:py-8" data-testid="product-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, origin)) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(breadcrumbJsonLd(crumbs, origin)) }} />
      <Breadcrumbs crumbs={crumbs} />

      {/* Mobile reads name, gallery, purchase; desktop puts the gallery in a column of its own. */}
      <div className="mt-4 grid gap-5 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:grid-rows-[auto_1fr] md:gap-x-10">
        <header className="md:col-start-2">
          <p className="text-sm text-muted">
            {t("product.code", { code: product.codigo })}
            {product.marca && (
              <>
                {" · "}
                <Link to={`/marca/${product.marca.slug}`} className="font-semibold text-accent-ink underline-offset-2 hover:underline">
                  {product.marca.nome}
                </Link>
              </>
            )}
          </p>
          <h1 className="mt-1 text-2xl leading-tight font-bold md:text-3xl">{product.nome}</h1>
          <p className="mt-2 text-sm">
            <span className="sr-only">{t("product.availability.label")}: </span>
            <span
              data-testid="availability"
              className={`inline-block rounded px-2 py-0.5 font-semibold ${inStock ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
            >
              {inStock ? t("product.availability.inStock") : t("product.availability.outOfStock")}
            </span>
            {inStock && <span className="ml-2 text-muted">{t("product.availability.units", { count: Math.floor(product.qtde_disponivel) })}</span>}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <FavouriteButton productId={product.id} />
            <ShareButtons name={product.nome} url={url} />
          </div>
        </header>

        <div className="md:col-start-1 md:row-span-2 md:row-start-1">
          <Gallery key={product.id} images={product.imagens} name={product.nome} />
        </div>

        <div className="flex flex-col gap-5 md:col-start-2">
          <PriceBlock product={product} locale={locale} rates={rates} />

          <div className="flex flex-wrap items-start gap-4">
            <QuantitySelector value={quantity} max={max} onChange={setQuantity} />
            <div className="flex-1 pt-6 max-sm:basis-full max-sm:pt-0">
              <AddToCartButton
                product={product}
                quantity={Math.max(1, quantity)}
                inlineAlerts
                className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-accent px-6 py-3 text-lg font-bold text-ink shadow-sm hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-200 aria-disabled:text-muted"
              />
            </div>
          </div>

          <PaymentOptions locale={locale} />
          <StockInfo product={product} />
          {/* Deliveries are for Paraguay and Argentina; Brazilians pick up in the shop (spec §1). */}
          {inStock && product.mostrar_preco && locale === "pt-BR" ? <StorePickupNotice /> : null}
          {inStock && product.mostrar_preco && locale !== "pt-BR" ? (
            <ShippingCalculator produtoId={product.id} quantity={Math.max(1, quantity)} moedaId={currencyId} />
          ) : null}
        </div>
      </div>

      <div className="mt-10 grid gap-10 md:grid-cols-2">
        <DescriptionAndSpecs product={product} />
      </div>

      <div className="mt-12">
        <RelatedProducts product={product} locale={locale} currencyId={currencyId} />
      </div>
    </article>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("product.breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1">
              {last ? (
                <span aria-current="page" className="truncate font-medium text-ink max-md:max-w-[14rem]">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.path} className="hover:text-ink hover:underline">
                    {crumb.name}
                  </Link>
                  <ChevronRightIcon className="size-4 shrink-0" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
