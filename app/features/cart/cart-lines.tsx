import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import type { CartLine } from "#contract/api/cart.ts";
import { formatPrice } from "#contract/money.ts";
import { WrenchIcon } from "#app/components/ui/icons.tsx";
import { useCart } from "./cart-context.tsx";

/** Quantity − / + of one line (spec §4: minus disabled at 1; plus capped at stock and 99). */
export function QuantityControl({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const { setQuantity } = useCart();
  const name = line.produto?.nome ?? "";
  const button = "flex size-9 items-center justify-center text-lg font-bold hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400";
  return (
    <div className="inline-flex items-center rounded-md ring-1 ring-slate-300" role="group" aria-label={t("cart.quantityOf", { name })}>
      <button
        type="button"
        className={button}
        disabled={line.qtde <= 1}
        aria-label={t("cart.decrease", { name })}
        onClick={() => void setQuantity(line.produto_id, line.qtde - 1)}
      >
        −
      </button>
      <span className="min-w-8 text-center font-semibold tabular-nums" data-testid="line-qty" aria-live="polite">
        {line.qtde}
      </span>
      <button
        type="button"
        className={button}
        aria-label={t("cart.increase", { name })}
        onClick={() => void setQuantity(line.produto_id, line.qtde + 1)}
      >
        +
      </button>
    </div>
  );
}

/** The cart's lines: image, name, code, unit price, quantity − / +, remove (spec §2). */
export function CartLines({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const { lines, notices, remove, moedaId } = useCart();
  return (
    <ul className="divide-y divide-slate-200" aria-label={t("cart.linesLabel")}>
      {lines.map((line) => {
        const product = line.produto;
        const image = product?.imagens[0]?.url;
        const name = product?.nome ?? t("cart.unknownProduct");
        return (
          <li key={line.produto_id} className="flex gap-3 py-3" data-testid="cart-line">
            <div className={`${compact ? "size-16" : "size-20"} shrink-0 overflow-hidden rounded bg-white ring-1 ring-slate-200`}>
              {image ? (
                <img src={image} alt="" width={80} height={80} className="size-full object-contain" loading="lazy" />
              ) : (
                <WrenchIcon className="m-auto mt-4 size-8 text-slate-300" />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {product?.slug ? (
                <Link to={`/produto/${product.slug}`} onClick={onNavigate} className="line-clamp-2 text-sm font-semibold hover:underline">
                  {name}
                </Link>
              ) : (
                <span className="line-clamp-2 text-sm font-semibold">{name}</span>
              )}
              {product ? <span className="text-xs text-muted">{t("cart.code", { code: product.codigo })}</span> : null}
              <span className="text-sm">
                {t("cart.unitPrice")}: <strong>{formatPrice(line.valor_unitario, moedaId)}</strong>
              </span>
              <div className="flex flex-wrap items-center gap-3">
                <QuantityControl line={line} />
                <button
                  type="button"
                  onClick={() => void remove(line.produto_id)}
                  className="rounded px-2 py-1 text-sm font-semibold text-red-700 underline-offset-2 hover:underline"
                  aria-label={t("cart.removeItem", { name })}
                >
                  {t("cart.remove")}
                </button>
              </div>
              {notices[line.produto_id] ? (
                <p role="alert" className="text-sm font-semibold text-red-700" data-testid="line-notice">
                  {notices[line.produto_id]}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
