import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { ProductCard } from "#app/components/product-card.tsx";
import { SPECIAL_HREF, specialCategoryHref } from "#app/lib/links.ts";
import { CategoryIcon } from "#app/components/ui/category-icons.tsx";
import { FEATURED_MOBILE, TAB_LIMIT_MOBILE, type HomeBanner, type HomeBrand, type HomeCategory } from "./home-content.ts";
import { SectionHeading } from "./load-error.tsx";
import "#app/i18n/home-texts.ts";

const seeAllClass = "shrink-0 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline";

/** Category cards with their icon by slug; phones show the first 5. */
export function MainCategories({ categories, place }: { categories: HomeCategory[]; place: "top" | "bottom" }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  const titleId = `home-main-categories-${place}`;
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-7xl px-4" data-testid={`main-categories-${place}`}>
      <SectionHeading id={titleId} title={t("home.mainCategories.title")}>
        <Link to="/produtos" className={seeAllClass}>
          {t("home.mainCategories.seeAll")}
        </Link>
      </SectionHeading>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5 md:grid-cols-4 md:gap-4 lg:grid-cols-8">
        {categories.map((category, i) => (
          <li key={category.id} className={i >= TAB_LIMIT_MOBILE ? "max-md:hidden" : undefined}>
            <Link
              to={`/produtos/${category.slug}`}
              className="flex h-full flex-col items-center gap-2 rounded-lg bg-panel p-3 text-center text-sm font-semibold ring-1 ring-slate-200 hover:ring-accent"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-accent-ink">
                <CategoryIcon slug={category.icon} className="size-7" />
              </span>
              <span className="leading-tight">{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The special product line (spec §2 /especial): its categories, and a way to the whole line. */
export function SpecialLine({ categories }: { categories: HomeCategory[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="home-special-line" className="mx-auto max-w-7xl px-4" data-testid="special-line">
      <SectionHeading id="home-special-line" title={t("home.specialLine.title")}>
        <Link to={SPECIAL_HREF} className={seeAllClass}>
          {t("home.specialLine.seeAll")}
        </Link>
      </SectionHeading>
      <ul className="flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={specialCategoryHref(category)}
              className="inline-flex min-h-11 items-center rounded-full bg-panel px-4 text-sm font-semibold ring-1 ring-slate-200 hover:ring-accent"
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The featured brands first, each card linking to the brand page. */
export function MainBrands({ brands }: { brands: HomeBrand[] }) {
  const { t } = useTranslation();
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="home-main-brands" className="mx-auto max-w-7xl px-4">
      <SectionHeading id="home-main-brands" title={t("home.mainBrands.title")}>
        <Link to="/marcas" className={seeAllClass}>
          {t("home.mainBrands.seeAll")}
        </Link>
      </SectionHeading>
      <ul className="grid grid-cols-3 gap-3 md:grid-cols-6 md:gap-4">
        {brands.map((brand, i) => (
          <li key={brand.id} className={i >= 6 ? "max-md:hidden" : undefined}>
            <Link
              to={`/marca/${brand.slug}`}
              className="flex h-20 items-center justify-center rounded-lg bg-white p-3 ring-1 ring-slate-200 hover:ring-slate-400"
            >
              {brand.logo ? (
                <img src={brand.logo} alt={brand.nome} width={120} height={48} loading="lazy" className="max-h-12 w-auto object-contain" />
              ) : (
                <span className="font-bold">{brand.nome}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The newest tools in stock: 10 on desktop, 6 on phones (spec §2 "6 featured products on mobile"). */
export function FeaturedTools({ products }: { products: ProductSummary[] }) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="home-tools" className="mx-auto max-w-7xl px-4">
      <SectionHeading id="home-tools" title={t("home.tools.title")}>
        <Link to="/produtos?order=codigo_desc" className={seeAllClass}>
          {t("home.tools.seeAll")}
        </Link>
      </SectionHeading>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-5 md:gap-4" data-testid="featured-tools">
        {products.map((product, i) => (
          <li key={product.id} className={i >= FEATURED_MOBILE ? "max-md:hidden" : undefined}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The 'Receba Ofertas' banner: its title and text over the art, leading to the sign-up form below. */
export function OffersBanner({ banner }: { banner: HomeBanner | null }) {
  const { t } = useTranslation();
  if (!banner) return null;
  return (
    <div className="mx-auto max-w-7xl px-4">
      <a href="#ofertas" className="relative block overflow-hidden rounded-lg bg-green-800">
        <img src={banner.image} alt="" width={1600} height={500} loading="lazy" className="h-auto min-h-40 w-full object-cover object-right" />
        <span className="absolute inset-y-0 left-0 flex w-full flex-col justify-center gap-2 bg-gradient-to-r from-green-950/90 via-green-950/60 to-transparent p-4 text-white md:w-1/2 md:gap-3 md:p-10">
          <span className="text-lg font-bold leading-tight md:text-4xl">{banner.title || t("home.offers.title")}</span>
          {banner.description && <span className="hidden text-sm sm:block md:text-lg">{banner.description}</span>}
          <span className="mt-1 inline-flex w-fit rounded-md bg-accent px-3 py-1.5 text-sm font-bold text-ink md:px-5 md:py-2 md:text-base">
            {t("home.offersBanner.cta")}
          </span>
        </span>
      </a>
    </div>
  );
}
