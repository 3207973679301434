import { lazy, Suspense, useState } from "react";
import { imageSrcSet } from "#contract/product-images.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { WrenchIcon } from "#app/components/ui/icons.tsx";

// The viewer is needed only after a click on the image: it is downloaded then, not with the page.
const ImageViewer = lazy(() => import("./image-viewer.tsx").then((m) => ({ default: m.ImageViewer })));

// Spec §2: four thumbnails visible, 80 px wide; more scroll sideways.
const THUMB = 80;
const VISIBLE_THUMBS = 4;
const THUMB_GAP = 8;
// Each thumbnail sits in 2 px of padding so its selection ring is not clipped by the scroller.
const THUMB_BOX = THUMB + 4;

/** Main image, thumbnails and a full-screen viewer with previous/next, arrows and Escape. */
export function Gallery({ images, name }: { images: { url: string }[]; name: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  // Once opened, the viewer stays mounted, so that closing it returns the focus.
  const [viewed, setViewed] = useState(false);
  const total = images.length;
  const image = images[current];

  if (!image) {
    return (
      <div className="flex aspect-[4/3] items-center md:aspect-square justify-center rounded-lg bg-panel text-slate-300 ring-1 ring-slate-200">
        <WrenchIcon className="size-24" />
        <span className="sr-only">{t("product.gallery.noImage")}</span>
      </div>
    );
  }

  return (
    <section aria-label={t("product.gallery.label")} className="flex flex-col gap-3">
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setViewed(true);
        }}
        className="group relative block aspect-[4/3] w-full cursor-zoom-in md:aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
      >
        <img
          src={image.url}
          srcSet={imageSrcSet(image.url)}
          sizes="(max-width: 768px) 100vw, 600px"
          alt={t("product.gallery.imageAlt", { name, n: current + 1 })}
          width={600}
          height={600}
          fetchPriority="high"
          className="size-full object-contain p-4"
        />
        <span className="absolute right-2 bottom-2 rounded bg-ink/80 px-2 py-1 text-xs font-semibold text-white opacity-90 group-hover:opacity-100">
          {t("product.gallery.open")}
        </span>
      </button>

      {total > 1 && (
        <ul
          aria-label={t("product.gallery.thumbnails")}
          className="flex snap-x gap-2 overflow-x-auto pb-1"
          style={{ maxWidth: VISIBLE_THUMBS * THUMB_BOX + (VISIBLE_THUMBS - 1) * THUMB_GAP }}
        >
          {images.map((img, index) => (
            <li key={`${img.url}-${index}`} className="shrink-0 snap-start p-0.5">
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-current={index === current ? "true" : undefined}
                aria-label={t("product.gallery.showImage", { n: index + 1, total })}
                className={`block overflow-hidden rounded-md bg-white ring-2 ${index === current ? "ring-accent-ink" : "ring-slate-200 hover:ring-slate-400"}`}
                style={{ width: THUMB, height: THUMB }}
              >
                <img
                  src={img.url}
                  srcSet={imageSrcSet(img.url)}
                  sizes={`${THUMB}px`}
                  alt=""
                  width={THUMB}
                  height={THUMB}
                  loading="lazy"
                  className="size-full object-contain p-1"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      {viewed && (
        <Suspense fallback={null}>
          <ImageViewer open={open} onClose={() => setOpen(false)} images={images} name={name} index={current} onIndex={setCurrent} />
        </Suspense>
      )}
    </section>
  );
}
