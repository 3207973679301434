import { useRef, useState, type MouseEvent, type PointerEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import { isTap, swipeDirection, type Gesture } from "./gestures.ts";
import type { HomeBanner } from "./home-content.ts";
import { useAutoplayCarousel, usePrefersReducedMotion } from "./use-carousel.ts";
import "#app/i18n/home-texts.ts";

interface BannerCarouselProps {
  banners: HomeBanner[];
  label: string;
  intervalMs: number;
  startDelayMs?: number;
  /** false keeps it still (e.g. the mobile triple carousel while the desktop grid shows). */
  enabled?: boolean;
  size: { width: number; height: number };
  /** The first banner is the page's largest image: load it first. */
  priority?: boolean;
  className?: string;
}

interface Press {
  x: number;
  y: number;
  at: number;
  pointerType: string;
}

const controlClass = "flex size-10 items-center justify-center rounded-full bg-white/90 text-ink shadow ring-1 ring-slate-300 hover:bg-white";

/**
 * A wrapping banner carousel (spec §2, §4, §9): it advances by itself, pauses on hover, focus,
 * press, its pause button and reduced motion; swipes move it and a banner opens only on a short tap.
 */
export function BannerCarousel({ banners, label, intervalMs, startDelayMs, enabled = true, size, priority, className }: BannerCarouselProps) {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pressing, setPressing] = useState(false);
  const press = useRef<Press | null>(null);
  const lastGesture = useRef<(Gesture & { pointerType: string }) | null>(null);

  const wantsPlay = playing ?? !reducedMotion;
  const autoplay = enabled && wantsPlay && !hovered && !focused && !pressing;
  const { index, move, goTo } = useAutoplayCarousel(banners.length, { intervalMs, startDelayMs, paused: !autoplay });
  if (banners.length === 0) return null;
  const count = banners.length;

  const onPointerDown = (event: PointerEvent) => {
    press.current = { x: event.clientX, y: event.clientY, at: performance.now(), pointerType: event.pointerType };
    setPressing(true);
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = press.current;
    press.current = null;
    setPressing(false);
    if (!start) return;
    const gesture = { dx: event.clientX - start.x, dy: event.clientY - start.y, durationMs: performance.now() - start.at };
    lastGesture.current = { ...gesture, pointerType: start.pointerType };
    const direction = swipeDirection(gesture);
    if (direction) move(direction === "next" ? 1 : -1);
  };
  const onPointerCancel = () => {
    press.current = null;
    setPressing(false);
  };
  // Keyboard activation has no pointer (detail 0) and always follows the link; a touch press
  // follows it only when it was a tap, so a swipe or a long press never opens a page.
  const onLinkClick = (event: MouseEvent) => {
    const gesture = lastGesture.current;
    lastGesture.current = null;
    if (event.detail === 0 || !gesture || gesture.pointerType === "mouse") {
      if (gesture && swipeDirection(gesture)) event.preventDefault();
      return;
    }
    if (!isTap(gesture)) event.preventDefault();
  };

  return (
    <section
      aria-roledescription={t("home.carousel.carousel")}
      aria-label={label}
      className={`relative ${className ?? ""}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="touch-pan-y overflow-hidden rounded-lg bg-slate-200"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={onPointerCancel}
        // While it rotates by itself, announcing every slide would interrupt; when the person moves it, it is told.
        aria-live={autoplay ? "off" : "polite"}
      >
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {banners.map((banner, i) => {
            const current = i === index;
            const image = (
              <img
                src={banner.image}
                alt={banner.title}
                width={size.width}
                height={size.height}
                draggable={false}
                loading={priority && i === 0 ? "eager" : "lazy"}
                fetchPriority={priority && i === 0 ? "high" : "auto"}
                className="block h-auto w-full select-none"
              />
            );
            return (
              <div
                key={banner.id}
                role="group"
                aria-roledescription={t("home.carousel.slide")}
                aria-label={t("home.carousel.slideOf", { current: i + 1, total: count })}
                aria-hidden={!current}
                inert={!current}
                className="w-full shrink-0"
              >
                {banner.link ? (
                  <Link to={banner.link} onClick={onLinkClick} draggable={false} className="block focus-visible:outline-offset-[-4px]">
                    {image}
                  </Link>
                ) : (
                  image
                )}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="mt-2 flex items-center justify-center gap-3">
          <button
            type="button"
            className={controlClass}
            onClick={() => setPlaying(!wantsPlay)}
            aria-label={wantsPlay ? t("home.carousel.pause") : t("home.carousel.play")}
          >
            {wantsPlay ? (
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
                <rect x="6" y="5" width="4" height="14" rx="1" />
                <rect x="14" y="5" width="4" height="14" rx="1" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
                <path d="M7 5v14l12-7z" />
              </svg>
            )}
          </button>
          <button type="button" className={controlClass} onClick={() => move(-1)} aria-label={t("home.carousel.previous")}>
            <ChevronRightIcon className="size-5 rotate-180" />
          </button>
          <ul className="flex items-center gap-1">
            {banners.map((banner, i) => (
              <li key={banner.id}>
                <button
                  type="button"
                  onClick={() => goTo(i)}
                  aria-label={t("home.carousel.goTo", { number: i + 1 })}
                  aria-current={i === index ? "true" : undefined}
                  className="flex size-6 items-center justify-center rounded-full"
                >
                  <span aria-hidden="true" className={`block size-2.5 rounded-full ${i === index ? "bg-ink" : "bg-slate-400"}`} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={controlClass} onClick={() => move(1)} aria-label={t("home.carousel.next")}>
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      )}
    </section>
  );
}
