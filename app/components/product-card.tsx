import { useTranslation } from "#app/i18n/react.tsx";
import { imageSrcSet } from "#contract/product-images.ts";
import { Link } from "react-router";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { WrenchIcon } from "#app/components/ui/icons.tsx";

type HeadingLevel = 2 | 3 | 4;

export interface ProductCardProps {
  product: ProductSummary;
  /** The card's name is a heading so screen-reader users can jump from product to product. */
  headingLevel?: HeadingLevel;
  /**
   * The card is in the first row a visitor sees: its image is fetched at once, ahead of the scripts,
   * since it is usually the page's largest paint. Other cards' images wait until they come near.
   */
  priority?: boolean;
}

// Fixed intrinsic size: the grid reserves the image box before it loads (no layout shift).
const IMAGE_SIZE = 300;

/** One product in a grid: image, name, code, price, stock badge; the whole card links to the product. */
export function ProductCard({ product, headingLevel = 3, priority = false }: ProductCardProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const image = product.imagens[0]?.url;
  const href = `/produto/${product.slug}`;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-panel shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-ink hover:shadow-md">
      <div className="relative aspect-square bg-white">
        {image ? (
          <img
            src={image}
            // Uploaded images come in three widths; a phone's half-width card takes the one it needs.
            srcSet={imageSrcSet(image)}
            sizes={`(max-width: 768px) 50vw, ${IMAGE_SIZE}px`}
            alt=""
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="size-full object-contain p-2"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-300">
            <WrenchIcon className="size-16" />
          </div>
        )}
        {!product.tem_estoque && (
          <span className="absolute left-2 top-2 rounded bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">
            {t("catalog.card.outOfStock")}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {product.marca && <p className="text-xs font-medium uppercase tracking-wide text-muted">{product.marca.nome}</p>}
        <Heading className="line-clamp-3 text-sm font-medium leading-snug text-ink">
          {/* The stretched link makes the whole card clickable while only the name is announced. */}
          <Link to={href} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.nome}
          </Link>
        </Heading>
        <p className="text-xs text-muted">{t("catalog.card.code", { code: product.codigo })}</p>
        <p className="mt-auto pt-1 text-lg font-bold text-ink">
          {product.mostrar_preco && product.preco_atual ? (
            product.preco_atual.formatado
          ) : (
            <span className="text-sm font-semibold text-accent-ink">{t("catalog.card.priceOnRequest")}</span>
          )}
        </p>
      </div>
    </article>
  );
}

/** Grey placeholders shaped like ProductCard, shown while a list loads (spec §4). */
export function ProductGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <ul aria-hidden="true" className={className ?? "grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4"} data-testid="product-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200">
          <div className="aspect-square animate-pulse bg-slate-200 motion-reduce:animate-none" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-5 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
          </div>
        </li>
      ))}
    </ul>
  );
}
