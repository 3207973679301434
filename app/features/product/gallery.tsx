import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { ChevronRightIcon, CloseIcon, WrenchIcon } from "#app/components/ui/icons.tsx";

// Spec §2: four thumbnails visible, 80 px wide; more scroll sideways.
const THUMB = 80;
const VISIBLE_THUMBS = 4;
const THUMB_GAP = 8;
// Each thumbnail sits in 2 px of padding so its selection ring is not clipped by the scroller.
const THUMB_BOX = THUMB + 4;

const wrap = (index: number, total: number) => (index + total) % total;

/** Main image, thumbnails and a full-screen viewer with previous/next, arrows and Escape. */
export function Gallery({ images, name }: { images: { url: string }[]; name: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
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
        onClick={() => setOpen(true)}
        className="group relative block aspect-[4/3] w-full cursor-zoom-in md:aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
      >
        <img
          src={image.url}
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
                <img src={img.url} alt="" width={THUMB} height={THUMB} loading="lazy" className="size-full object-contain p-1" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <ImageViewer
        open={open}
        onClose={() => setOpen(false)}
        images={images}
        name={name}
        index={current}
        onIndex={setCurrent}
      />
    </section>
  );
}

function ImageViewer({
  open,
  onClose,
  images,
  name,
  index,
  onIndex,
}: {
  open: boolean;
  onClose: () => void;
  images: { url: string }[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
}) {
  const { t } = useTranslation();
  const total = images.length;
  const go = (step: number) => onIndex(wrap(index + step, total));

  // Arrows work wherever focus is inside the viewer (the close button gets it first).
  useEffect(() => {
    if (!open || total < 2) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      event.preventDefault();
      onIndex(wrap(index + (event.key === "ArrowRight" ? 1 : -1), total));
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, total, index, onIndex]);

  const navButton =
    "flex size-12 items-center justify-center rounded-full bg-white/90 text-ink shadow-lg ring-1 ring-black/10 hover:bg-white";

  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-steel-dark p-0 text-white"
      title={(id) => (
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <h2 id={id} className="truncate text-sm font-semibold md:text-base" aria-live="polite">
            {t("product.gallery.modalTitle", { name, n: index + 1, total })}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="surface-dark flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
          >
            <CloseIcon className="size-6" />
            <span className="sr-only">{t("product.gallery.close")}</span>
          </button>
        </div>
      )}
    >
      <div className="relative flex h-[calc(100dvh-4.25rem)] items-center justify-center px-2 pb-4 md:px-20">
        <img
          src={images[index]?.url}
          alt={t("product.gallery.imageAlt", { name, n: index + 1 })}
          className="max-h-full max-w-full rounded bg-white object-contain"
        />
        {total > 1 && (
          <>
            <button type="button" onClick={() => go(-1)} className={`${navButton} absolute top-1/2 left-3 -translate-y-1/2`}>
              <ChevronRightIcon className="size-6 rotate-180" />
              <span className="sr-only">{t("product.gallery.previous")}</span>
            </button>
            <button type="button" onClick={() => go(1)} className={`${navButton} absolute top-1/2 right-3 -translate-y-1/2`}>
              <ChevronRightIcon className="size-6" />
              <span className="sr-only">{t("product.gallery.next")}</span>
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
