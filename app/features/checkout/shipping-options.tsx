import { useId } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { DeliveryOption } from "#contract/api/cart.ts";
import { formatPrice } from "#contract/money.ts";

const isZero = (value: string) => /^0+(\.0+)?$/.test(value);

/** The key of an option among the others: its delivery service (null is pickup in the shop). */
export const optionKey = (o: DeliveryOption) => String(o.entrega_servico_id);

/** The shipping options as radios (spec §2 Shipping): service, days, price or "free". */
export function ShippingOptions({
  options,
  selected,
  onSelect,
}: {
  options: DeliveryOption[];
  selected: DeliveryOption | null;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{t("cart.shipping.options")}</legend>
      <ul className="space-y-2">
        {options.map((o) => (
          <li key={optionKey(o)}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md p-3 ring-1 ring-slate-200 has-checked:bg-amber-50 has-checked:ring-amber-500">
              <input
                type="radio"
                name={`${id}-option`}
                checked={selected === o}
                onChange={() => onSelect(optionKey(o))}
                className="size-4 accent-amber-600"
              />
              <span className="flex-1">
                <span className="block font-semibold">{o.descricao}</span>
                <span className="block text-xs text-muted">
                  {o.prazo > 0 ? t("cart.shipping.days", { count: o.prazo }) : t("cart.shipping.sameDay")}
                </span>
              </span>
              <strong>{isZero(o.valor) ? t("cart.shipping.free") : formatPrice(o.valor, o.moeda.id)}</strong>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
