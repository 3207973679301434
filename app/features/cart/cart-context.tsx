import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useLocation, useRouteLoaderData } from "react-router";
import type { Cart, CartLine } from "#contract/api/cart.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import type { ShellData } from "#app/features/layout/types.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { cartCurrency, isSellable, stockLimit } from "./rules.ts";
import {
  ApiError,
  STORAGE,
  loadCart,
  saveCart,
  toInput,
  type LineInput,
} from "./cart-api.ts";
import { randomUuid } from "#app/lib/uuid.ts";

/** Spec §9 timers. */
export const NOTICE_MS = 3000;
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
  add: (product: ProductSummary, quantity?: number) => Promise<boolean>;
  setQuantity: (produtoId: number, quantity: number) => Promise<void>;
  remove: (produtoId: number) => Promise<void>;
  clear: () => void;
  /** Drops the cart after checkout started: the server turned it into an order. */
  reset: () => void;
  drawer: DrawerState;
  openDrawer: () => void;
  closeDrawer: () => void;
}

const CartContext = createContext<CartApi | null>(null);

export function useCart(): CartApi {
  const api = useContext(CartContext);
  if (!api) throw new Error("useCart must be used inside <CartProvider>");
  return api;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the cart then lives for this page only.
  }
}

function freshExternalId(): string {
  const id = randomUuid();
  writeStorage(STORAGE.externalId, id);
  writeStorage(STORAGE.cartId, null);
  return id;
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { pathname } = useLocation();
  const shell = useRouteLoaderData<ShellData>("root");
  const moedaId = cartCurrency(shell);

  const [cart, setCart] = useState<Cart | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState(0);
  const [notices, setNotices] = useState<Record<number, string>>({});
  const [drawer, setDrawer] = useState<DrawerState>("hidden");
  const [announcement, setAnnouncement] = useState("");

  const cartRef = useRef<Cart | null>(null);
  const externalId = useRef<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const apply = useCallback((next: Cart | null) => {
    cartRef.current = next;
    setCart(next);
    writeStorage(STORAGE.cartId, next ? String(next.id) : null);
  }, []);

  // Spec §7: GET on load in the buyer's currency; 404 gives a fresh cart, other failures an empty one.
  // The loaded cart arrives as a transition: sections of the page still waiting for their code
  // (product/below-the-fold.tsx) then keep the server's HTML instead of being rendered anew.
  useEffect(() => {
    let cancelled = false;
    const stored = readStorage(STORAGE.externalId);
    externalId.current = stored ?? freshExternalId();
    // Without a cart id the cart was never saved: there is nothing to load (and no 404 to log).
    if (!stored || !readStorage(STORAGE.cartId)) {
      void Promise.resolve().then(() => !cancelled && startTransition(() => setReady(true)));
      return () => {
        cancelled = true;
      };
    }
    loadCart(stored, moedaId)
      .then((loaded) => !cancelled && startTransition(() => apply(loaded)))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 404) {
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
  }, [moedaId, apply]);

  const notice = useCallback((produtoId: number, text: string) => {
    setNotices((all) => ({ ...all, [produtoId]: text }));
    clearTimeout(timers.current.get(produtoId));
    timers.current.set(
      produtoId,
      setTimeout(
        () => setNotices(({ [produtoId]: _gone, ...rest }) => rest),
        NOTICE_MS,
      ),
    );
  }, []);

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

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
          const saved = await saveCart(
            ext,
            moedaId,
            lines,
            current?.id ?? null,
          );
          apply(saved);
          const count = saved.itens.filter((l) => l.ativo).length;
          setAnnouncement(t("cart.announce", { count }));
        } catch (error) {
          // Spec §8: save errors are logged; a message the server wrote for the buyer is shown too.
          console.error("cart save failed", error);
          if (error instanceof ApiError && error.status === 422)
            toast.error(error.message);
        } finally {
          setPending((n) => n - 1);
        }
      };
      const next = queue.current.then(run, run);
      queue.current = next;
      return next;
    },
    [apply, moedaId, t, toast],
  );

  const add = useCallback(
    async (product: ProductSummary, quantity = 1) => {
      if (!isSellable(product)) {
        toast.error(t("cart.unavailable"));
        return false;
      }
      const limit = stockLimit(product);
      const existing = cartRef.current?.itens.find(
        (l) => l.produto_id === product.id,
      );
      const already = existing?.ativo ? existing.qtde : 0;
      const wanted = Math.max(1, Math.floor(quantity)) + already;
      if (wanted > limit) {
        notice(product.id, t("cart.stockMax", { n: limit }));
        toast.warning(t("cart.stockMax", { n: limit }));
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
      const line = cartRef.current?.itens.find(
        (l) => l.produto_id === produtoId,
      );
      if (!line) return;
      const limit = stockLimit(line.produto);
      let qtde = Math.floor(quantity);
      if (qtde > limit) {
        notice(produtoId, t("cart.stockMax", { n: limit }));
        qtde = limit;
      }
      const ativo = qtde > 0;
      if (ativo && qtde === line.qtde && line.ativo) return;
      await save((lines) =>
        lines.map((l) =>
          l.produto_id === produtoId
            ? { ...l, qtde: ativo ? qtde : 0, ativo }
            : l,
        ),
      );
    },
    [notice, save, t],
  );

  const remove = useCallback(
    (produtoId: number) => setQuantity(produtoId, 0),
    [setQuantity],
  );

  const reset = useCallback(() => {
    externalId.current = freshExternalId();
    writeStorage(STORAGE.shipping, null);
    apply(null);
  }, [apply]);

  // Spec §4: clearing drops the ids and makes a new external id.
  const clear = useCallback(() => {
    reset();
    setAnnouncement(t("cart.announce", { count: 0 }));
  }, [reset, t]);

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
      reset,
      // Spec §2: the drawer cannot be open on /checkout.
      drawer: onCheckout ? "hidden" : drawer,
      openDrawer,
      closeDrawer,
    };
  }, [
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
    reset,
    drawer,
    onCheckout,
    openDrawer,
    closeDrawer,
  ]);

  return (
    <CartContext.Provider value={value}>
      {children}
      <p
        role="status"
        aria-live="polite"
        className="sr-only"
        data-testid="cart-live"
      >
        {announcement}
      </p>
    </CartContext.Provider>
  );
}
