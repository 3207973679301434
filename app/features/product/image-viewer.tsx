import { useEffect } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { ChevronRightIcon, CloseIcon } from "#app/components/ui/icons.tsx";

const wrap = (index: number, total: number) => (index + total) % total;

/** The gallery's full-screen viewer: previous/next buttons, arrow keys, Escape to close. */
export function ImageViewer({
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

  const navButton = "flex size-12 items-center justify-center rounded-full bg-white/90 text-ink shadow-lg ring-1 ring-black/10 hover:bg-white";

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
