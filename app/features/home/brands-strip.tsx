import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import type { HomeBrand } from "./home-content.ts";
import "#app/i18n/home-texts.ts";

// Above 768 px the strip scrolls slowly and stops under the pointer or keyboard focus; with
// reduced motion, and on phones, it is a plain row to scroll by hand.
const MARQUEE_CSS = `
@keyframes home-marquee { from { transform: translateX(0); } to { transform: translateX(-50%); } }
@media (min-width: 48.0625rem) and (prefers-reduced-motion: no-preference) {
  .home-marquee-track { animation: home-marquee 60s linear infinite; }
  .home-marquee:hover .home-marquee-track,
  .home-marquee:focus-within .home-marquee-track,
  .home-marquee[data-paused] .home-marquee-track { animation-play-state: paused; }
  .home-marquee-scroller { overflow: hidden; }
  .home-marquee-copy { display: flex; }
}
`;

function BrandItem({ brand }: { brand: HomeBrand }) {
  return (
    <li className="shrink-0">
      <Link
        to={`/marca/${brand.slug}`}
        className="flex h-20 w-36 items-center justify-center rounded-lg bg-white p-3 ring-1 ring-slate-200 hover:ring-slate-400"
      >
        {brand.logo ? (
          <img src={brand.logo} alt={brand.nome} width={120} height={48} loading="lazy" className="max-h-12 w-auto object-contain" />
        ) : (
          <span className="font-bold">{brand.nome}</span>
        )}
      </Link>
    </li>
  );
}

/** Spec §2: a strip of the brands that have a logo. */
export function BrandsStrip({ brands }: { brands: HomeBrand[] }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="home-brands-strip" className="home-marquee mx-auto max-w-7xl px-4" data-paused={paused ? "" : undefined}>
      <style href="home-marquee" precedence="default">
        {MARQUEE_CSS}
      </style>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id="home-brands-strip" className="text-xl font-bold md:text-2xl">
          {t("home.brandsStrip.title")}
        </h2>
        <button
          type="button"
          onClick={() => setPaused(!paused)}
          className="hidden rounded-md px-3 py-1.5 text-sm font-semibold text-accent-ink ring-1 ring-slate-300 hover:bg-slate-100 motion-safe:md:block"
        >
          {paused ? t("home.brandsStrip.play") : t("home.brandsStrip.pause")}
        </button>
      </div>
      <div className="home-marquee-scroller -mx-4 overflow-x-auto px-4 py-1">
        <div className="home-marquee-track flex w-max gap-4">
          <ul className="flex gap-4">
            {brands.map((brand) => (
              <BrandItem key={brand.id} brand={brand} />
            ))}
          </ul>
          {/* A second copy makes the loop seamless; it is hidden from assistive tech and the tab order. */}
          <ul className="home-marquee-copy hidden gap-4" aria-hidden="true" inert>
            {brands.map((brand) => (
              <BrandItem key={brand.id} brand={brand} />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
