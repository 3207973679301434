import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import type { Brand } from "#contract/api/catalog.ts";
import { EmptyState, SkeletonGrid } from "./page-parts.tsx";
import "#app/i18n/home-texts.ts";

export const BRAND_SKELETONS = 12;
const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 md:gap-4 lg:grid-cols-6";

/** Spec §2 "Brands list": a card per brand with its logo, or its name when there is none. */
export function BrandsGrid({ brands }: { brands: Brand[] }) {
  const { t } = useTranslation();
  if (brands.length === 0) return <EmptyState>{t("home.brandsPage.empty")}</EmptyState>;
  return (
    <ul className={GRID}>
      {brands.map((brand) => (
        <li key={brand.id}>
          <Link
            to={`/marca/${brand.slug}`}
            className="flex h-28 flex-col items-center justify-center gap-2 rounded-lg bg-white p-4 text-center ring-1 ring-slate-200 transition-shadow hover:shadow-md hover:ring-slate-400"
          >
            {brand.logo ? (
              <img src={brand.logo} alt={brand.nome} width={140} height={56} loading="lazy" className="max-h-14 w-auto object-contain" />
            ) : (
              <span className="text-lg font-bold">{brand.nome}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const BrandsSkeleton = () => <SkeletonGrid count={BRAND_SKELETONS} className={GRID} itemClassName="h-28" />;
