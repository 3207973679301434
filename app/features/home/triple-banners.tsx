import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { TRIPLE_BANNER_INTERVAL_MS, TRIPLE_BANNER_START_MS } from "./autoplay.ts";
import { BannerCarousel } from "./banner-carousel.tsx";
import type { HomeBanner } from "./home-content.ts";
import { useIsMobile } from "./use-carousel.ts";
import "#app/i18n/home-texts.ts";

const SIZE = { width: 800, height: 400 };

/** Left, centre and right banners: side by side above 768 px, a swipeable carousel below. */
export function TripleBanners({ banners }: { banners: HomeBanner[] }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  if (banners.length === 0) return null;
  return (
    <div className="mx-auto max-w-7xl px-4">
      <ul aria-label={t("home.carousel.tripleLabel")} className="hidden gap-4 md:grid md:grid-cols-3">
        {banners.map((banner) => (
          <li key={banner.id}>
            {banner.link ? (
              <Link
                to={banner.link}
                className="block overflow-hidden rounded-lg transition-transform hover:scale-[1.01] motion-reduce:transform-none"
              >
                <img src={banner.image} alt={banner.title} width={SIZE.width} height={SIZE.height} loading="lazy" className="h-auto w-full" />
              </Link>
            ) : (
              <img
                src={banner.image}
                alt={banner.title}
                width={SIZE.width}
                height={SIZE.height}
                loading="lazy"
                className="h-auto w-full rounded-lg"
              />
            )}
          </li>
        ))}
      </ul>
      <BannerCarousel
        className="md:hidden"
        banners={banners}
        label={t("home.carousel.tripleLabel")}
        intervalMs={TRIPLE_BANNER_INTERVAL_MS}
        startDelayMs={TRIPLE_BANNER_START_MS}
        enabled={isMobile}
        size={SIZE}
      />
    </div>
  );
}
