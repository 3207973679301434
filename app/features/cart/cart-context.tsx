import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useLocation, useRouteLoaderData } from "react-router";
import type { Cart, CartLine } from "#contract/api/cart.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { cartCurrency, isSellable, stockLimit } from "./rules.ts";
import { ApiError, STORAGE, claimCart, loadCart, saveCart, toInput, type LineInput } from "#app/lib/cart-api.ts";
import { activeInputs, readBackup, writeBackup } from "./cart-backup.ts";
import { useLineNotices } from "./use-line-notices.ts";
import { useSessionEnd } from "./use-session-end.ts";
import { randomUuid } from "#app/lib/uuid.ts";
import { readStored, writeStored } from "#app/lib/local-store.ts";
import { takeHandedOverCart } from "./cart-handover.ts";

/** Spec §9 timers. */
export const DRAWER_CLOSE_MS = 300;

export type DrawerState = "hidden" | "open" | "closing";

interface CartApi {
  cart: Cart | null;
  /** Active lines only (ativo false means removed, spec §3). */
  lines: CartLine[];
  count: number;
  moedaId: number;
  ready: boolean;
  /** The saved cart could not be loaded (not a 404: that gives a fresh cart). */
  loadFailed: boolean;
  busy: boolean;
  /** Per-product messages shown for 3 s under the line (spec §8 stock). */
  notices: Record<number, string>;
  /**
   * Adds `quantity` of `product`; its stock and availability alerts go to `alert` when the caller shows
   * them itself (the product page's 3 s alerts, spec §4), else to a toast.
   */
  add: (product: ProductSummary, quantity?: number, alert?: (message: string) => void) => Promise<boolean>;
  setQuantity: (produtoId: number, quantity: number) => Promise<void>;
  remove: (produtoId: number) => Promise<void>;
  clear: () => void;
  /** Shows each line's own maximum under it (the API's `qtde_maxima`, by product id). */
  showLimits: (limits: Record<string, number>) => void;
  /** Drops the cart after checkout started: the server turned it into an order. */
  reset: () => void;
  drawer: DrawerState;
  openDrawer: () => void;
  closeDrawer: () => void;
  /** The customer's session ran out in this tab; their cart was kept as a guest cart. */
  sessionEnded: boolean;
  dismissSessionEnded: () => void;
}

const CartContext = createContext<CartApi | null>(null);

export function useCart(): CartApi {
  const api = useContext(CartContext);
  if (!api) throw new Error("useCart must be used inside <CartProvider>");
  return api;
}

function freshExternalId(): string {
  const id = randomUuid();
  writeStored(STORAGE.externalId, id);
  writeStored(STORAGE.cartId, null);
  return id;
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { pathname } = useLocation();
  const shell = useRouteLoaderData<ShellData>("root");
  const moedaId = cartCurrency(shell);
  const signedIn = shell?.customer != null;
  const session = useSessionEnd(signedIn);
  const { signedInRef, markEnded, onPurpose, refused, saved: savedOk, takeEnded } = session;

  const [cart, setCart] = useState<Cart | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState(0);
  const { notices, notice, showLimits, clearLimits } = useLineNotices();
  const [drawer, setDrawer] = useState<DrawerState>("hidden");
  const [announcement, setAnnouncement] = useState("");

  const cartRef = useRef<Cart | null>(null);
  const externalId = useRef<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const saveRef = useRef<(change: (lines: LineInput[]) => LineInput[]) => Promise<unknown>>(() => Promise.resolve());
  const moedaRef = useRef(moedaId);
  // Declared before the effects that read it, so they see this render's currency.
  useEffect(() => {
    moedaRef.current = moedaId;
  });

  const apply = useCallback(
    (next: Cart | null) => {
      cartRef.current = next;
      setCart(next);
      writeStored(STORAGE.cartId, next ? String(next.id) : null);
      writeBackup(next, signedInRef.current);
    },
    [signedInRef],
  );

  /**
   * The session ended: the customer's cart stays theirs on the server, so its lines go into a new
   * guest cart (priced and checked by the server), which their next login claims again.
   */
  const keepAsGuest = useCallback(
    (lines: LineInput[]) => {
      markEnded();
      externalId.current = freshExternalId();
      cartRef.current = null;
      if (lines.length === 0) {
        apply(null);
        return Promise.resolve();
      }
      return saveRef.current(() => lines);
    },
    [apply, markEnded],
  );

  // Spec §7: GET on load in the buyer's currency; 404 gives a fresh cart, other failures an empty one.
  // A signed-in customer loads with the claim (POST …/vincular), which makes a guest cart theirs.
  // The loaded cart arrives as a transition: sections of the page still waiting for their code
  // (product/below-the-fold.tsx) then keep the server's HTML instead of being rendered anew.
  useEffect(() => {
    let cancelled = false;
    const kept = takeEnded(() => activeInputs(cartRef.current));
    if (kept) {
      void keepAsGuest(kept);
      return;
    }
    // A cart handed over from the other brand's host (a language switch) replaces this host's.
    const handedOver = takeHandedOverCart();
    if (handedOver) writeStored(STORAGE.externalId, handedOver);
    const stored = readStored(STORAGE.externalId);
    externalId.current = stored ?? freshExternalId();
    // Without a cart id the cart was never saved: there is nothing to load (and no 404 to log).
    if (!stored || (!handedOver && !readStored(STORAGE.cartId))) {
      void Promise.resolve().then(() => !cancelled && startTransition(() => setReady(true)));
      return () => {
        cancelled = true;
      };
    }
    const load = signedIn
      ? // A session that ran out meanwhile: the cart is still readable as a guest's.
        claimCart(stored, moedaId).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) return loadCart(stored, moedaId);
          throw error;
        })
      : loadCart(stored, moedaId);
    load
      .then((loaded) => !cancelled && startTransition(() => apply(loaded)))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 404) {
          // A signed-in customer's cart the tab can no longer see: the session ended before this load.
          const backup = readBackup();
          if (!signedIn && backup?.customer && backup.lines.length > 0) {
            void keepAsGuest(backup.lines);
            return;
          }
          externalId.current = freshExternalId();
          apply(null);
        } else {
          console.error("cart load failed", error);
          setLoadFailed(true);
        }
      })
      .finally(() => !cancelled && startTransition(() => setReady(true)));
    return () => {
      cancelled = true;
    };
  }, [moedaId, apply, signedIn, keepAsGuest, takeEnded]);

  /** Saves the lines `change` derives from the latest cart; saves run one after another. */
  const save = useCallback(
    (change: (lines: LineInput[]) => LineInput[]) => {
      const run = async () => {
        const current = cartRef.current;
        const lines = change((current?.itens ?? []).map(toInput));
        const ext = externalId.current ?? freshExternalId();
        externalId.current = ext;
        setPending((n) => n + 1);
        try {
          const saved = await saveCart(ext, moedaRef.current, lines, current?.id ?? null);
          apply(saved);
          clearLimits();
          savedOk();
          const count = saved.itens.filter((l) => l.ativo).length;
          setAnnouncement(t("cart.announce", { count }));
        } catch (error) {
          // Spec §8: save errors are logged; a message the server wrote for the buyer is shown too.
          console.error("cart save failed", error);
          // A customer's cart answering 401/404 usually means the session ended: the root route
          // asks the server again, and if so these lines are kept in a guest cart.
          if (error instanceof ApiError && !error.network) refused(lines, error.status);
          if (error instanceof ApiError && error.status === 422) {
            toast.error(error.message);
            if (error.limits) showLimits(error.limits);
          }
        } finally {
          setPending((n) => n - 1);
        }
      };
      const next = queue.current.then(run, run);
      queue.current = next;
      return next;
    },
    [apply, t, toast, showLimits, clearLimits, refused, savedOk],
  );
  // The same function whichever render made it: it reads the currency and the cart through refs.
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const add = useCallback(
    async (product: ProductSummary, quantity = 1, alert?: (message: string) => void) => {
      if (!isSellable(product)) {
        if (alert) alert(t("cart.unavailable"));
        else toast.error(t("cart.unavailable"));
        return false;
      }
      const limit = stockLimit(product);
      const existing = cartRef.current?.itens.find((l) => l.produto_id === product.id);
      const already = existing?.ativo ? existing.qtde : 0;
      const wanted = Math.max(1, Math.floor(quantity)) + already;
      if (wanted > limit) {
        notice(product.id, t("cart.stockMax", { n: limit }));
        if (alert) alert(t("cart.stockMax", { n: limit }));
        else toast.warning(t("cart.stockMax", { n: limit }));
      }
      const qtde = Math.min(wanted, limit);
      if (qtde === already) return false;
      await save((lines) => {
        const rest = lines.filter((l) => l.produto_id !== product.id);
        return [
          ...rest,
          {
            produto_id: product.id,
            qtde,
            ativo: true,
            token: product.token ?? "",
          },
        ];
      });
      return true;
    },
    [notice, save, t, toast],
  );

  const setQuantity = useCallback(
    async (produtoId: number, quantity: number) => {
      const line = cartRef.current?.itens.find((l) => l.produto_id === produtoId);
      if (!line) return;
      const limit = stockLimit(line.produto);
      let qtde = Math.floor(quantity);
      if (qtde > limit) {
        notice(produtoId, t("cart.stockMax", { n: limit }));
        qtde = limit;
      }
      const ativo = qtde > 0;
      if (ativo && qtde === line.qtde && line.ativo) return;
      await save((lines) => lines.map((l) => (l.produto_id === produtoId ? { ...l, qtde: ativo ? qtde : 0, ativo } : l)));
    },
    [notice, save, t],
  );

  const remove = useCallback((produtoId: number) => setQuantity(produtoId, 0), [setQuantity]);

  const drop = useCallback(() => {
    externalId.current = freshExternalId();
    writeStored(STORAGE.shipping, null);
    apply(null);
  }, [apply]);

  // Logout and checkout: the customer leaves on purpose, so the end of the session is no surprise.
  const reset = useCallback(() => {
    onPurpose();
    drop();
  }, [drop, onPurpose]);

  // Spec §4: clearing drops the ids and makes a new external id.
  const clear = useCallback(() => {
    drop();
    setAnnouncement(t("cart.announce", { count: 0 }));
  }, [drop, t]);

  const onCheckout = pathname.replace(/\/+$/, "") === "/checkout";
  const openDrawer = useCallback(() => {
    if (!onCheckout) setDrawer("open");
  }, [onCheckout]);
  const closeDrawer = useCallback(() => {
    setDrawer((state) => (state === "open" ? "closing" : state));
  }, []);

  useEffect(() => {
    if (drawer !== "closing") return;
    const timer = setTimeout(() => setDrawer("hidden"), DRAWER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [drawer]);

  const value = useMemo<CartApi>(() => {
    const lines = (cart?.itens ?? []).filter((l) => l.ativo);
    return {
      cart,
      lines,
      count: lines.reduce((sum, l) => sum + l.qtde, 0),
      moedaId: cart?.moeda_id ?? moedaId,
      ready,
      loadFailed,
      busy: pending > 0,
      notices,
      add,
      setQuantity,
      remove,
      clear,
      showLimits,
      reset,
      // Spec §2: the drawer cannot be open on /checkout.
      drawer: onCheckout ? "hidden" : drawer,
      openDrawer,
      closeDrawer,
      sessionEnded: session.sessionEnded,
      dismissSessionEnded: session.dismiss,
    };
  }, [
    session.sessionEnded,
    session.dismiss,
    cart,
    moedaId,
    ready,
    loadFailed,
    pending,
    notices,
    add,
    setQuantity,
    remove,
    clear,
    showLimits,
    reset,
    drawer,
    onCheckout,
    openDrawer,
    closeDrawer,
  ]);

  return (
    <CartContext.Provider value={value}>
      {children}
      <p role="status" aria-live="polite" className="sr-only" data-testid="cart-live">
        {announcement}
      </p>
    </CartContext.Provider>
  );
}
