import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { HeartIcon } from "#app/components/ui/icons.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { toggleFavourite, useIsFavourite } from "#app/lib/favourites-store.ts";

const HEART_ANIMATION_MS = 600;

/** The heart on product pages and cards (spec §4): adds or removes, busy while the request runs. */
export function FavouriteButton({ productId, className = "" }: { productId: number; className?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const active = useIsFavourite(productId);
  const [busy, setBusy] = useState(false);
  const [pulse, setPulse] = useState(false);

  useEffect(() => {
    if (!pulse) return;
    const timer = setTimeout(() => setPulse(false), HEART_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [pulse]);

  async function onClick() {
    if (busy) return;
    setBusy(true);
    try {
      const added = await toggleFavourite(productId);
      if (added) setPulse(true);
    } catch (error) {
      console.error(error);
      toast.error(t("account.favourites.error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-pressed={active}
      aria-busy={busy}
      disabled={busy}
      aria-label={active ? t("account.favourites.remove") : t("account.favourites.add")}
      title={active ? t("account.favourites.remove") : t("account.favourites.add")}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-rose-600 hover:bg-rose-50 disabled:opacity-60 ${className}`}
    >
      <HeartIcon className={`size-6 transition-transform duration-300 ${pulse ? "scale-125" : ""}`} fill={active ? "currentColor" : "none"} />
    </button>
  );
}
