import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";

/** Spec §9: a stock alert stays 3 s under its line. */
export const NOTICE_MS = 3000;

/**
 * Messages under the cart's lines, by product id: a stock alert for 3 s (spec §8), or each line's
 * own maximum after a refused save or checkout, kept until the cart is saved again.
 */
export function useLineNotices() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Record<number, string>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const sticky = useRef(new Set<number>());

  const notice = useCallback((produtoId: number, text: string) => {
    setNotices((all) => ({ ...all, [produtoId]: text }));
    clearTimeout(timers.current.get(produtoId));
    timers.current.set(
      produtoId,
      setTimeout(() => setNotices(({ [produtoId]: _gone, ...rest }) => rest), NOTICE_MS),
    );
  }, []);

  /** The API's `qtde_maxima`: each product's own maximum, shown under its line. */
  const showLimits = useCallback(
    (limits: Record<string, number>) => {
      const texts: Record<number, string> = {};
      for (const [key, n] of Object.entries(limits)) {
        const produtoId = Number(key);
        clearTimeout(timers.current.get(produtoId));
        sticky.current.add(produtoId);
        texts[produtoId] = t("cart.stockMax", { n });
      }
      setNotices((all) => ({ ...all, ...texts }));
    },
    [t],
  );

  /** A save went through: the maxima it was refused for no longer apply. */
  const clearLimits = useCallback(() => {
    if (sticky.current.size === 0) return;
    const gone = new Set(sticky.current);
    sticky.current.clear();
    setNotices((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !gone.has(Number(id)))));
  }, []);

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

  return { notices, notice, showLimits, clearLimits };
}
