import { useEffect, useId, useMemo, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";
import type { Address } from "#contract/api/accounts.ts";
import type { DeliveryOption, PickupPoint } from "#contract/api/cart.ts";
import { isPrice } from "#contract/money.ts";
import { InfoIcon } from "#app/components/ui/icons.tsx";
import { SelectField } from "#app/components/form/fields.tsx";
import { PickupPointFields, usePickupPoints, type PointChoice } from "./pickup-point-fields.tsx";
import { isPointOption, originOf, readSaved, writeSaved, type QuoteCart, type SavedShipping } from "./shipping-api.ts";
import { optionKey, ShippingOptions } from "./shipping-options.tsx";
import { byName, useParaguayGeo } from "./use-paraguay-geo.ts";
import { useShippingQuote, type QuoteTarget } from "./use-shipping-quote.ts";

export interface ShippingChoice {
  option: DeliveryOption;
  addressId: number | null;
  point: PickupPoint | null;
  /** True when nothing is delivered: the order is picked up in the shop or at a pickup point. */
  pickup: boolean;
  /** Where the order goes, for the summary: an address, a city, a pickup point or the shop. */
  place: string;
}

interface Props {
  /** The cart as calcular-frete sends it; null until it has been saved (it has no external id yet). */
  cart: QuoteCart | null;
  moedaId: number;
  /** Changes whenever the cart's lines change: shipping is recalculated (spec §4 Cart). */
  cartKey: string;
  foreign: boolean;
  addresses: Address[];
  onChange: (choice: ShippingChoice | null) => void;
  /** Opens the new-address form (spec §2 New-address modal). */
  addAddress?: React.ReactNode;
}

const addressLine = (a: Address) => [`${a.logradouro}, ${a.numero}`, a.bairro, a.cidade].filter(Boolean).join(" - ");

function firstAddress(addresses: Address[], saved: number | null | undefined) {
  return addresses.find((a) => a.id === saved) ?? addresses.find((a) => a.principal) ?? addresses[0] ?? null;
}

/**
 * Shipping calculator of the checkout (spec §2, §4 Shipping): where the order goes (a saved address,
 * a department and city, or a pickup point), the options for it, and the choice kept in the browser
 * so a reload restores it. The options come from useShippingQuote; the pickup points' selects are
 * PickupPointFields.
 */
export function ShippingSection({ cart, moedaId, cartKey, foreign, addresses, onChange, addAddress }: Props) {
  const externalId = cart?.external_id ?? null;
  const { t } = useTranslation();
  const id = useId();
  const shopAddress = useRouteLoaderData<ShellData>("root")?.site.address ?? "";
  // Rendered only in the browser (after the cart loads), so localStorage can seed the state (spec §4: restored on mount).
  const [saved] = useState<Partial<SavedShipping>>(readSaved);
  const [mode, setMode] = useState<SavedShipping["mode"]>(!foreign && saved.mode === "pickup_point" ? "pickup_point" : "delivery");
  const [addressId, setAddressId] = useState<number | null>(() => firstAddress(addresses, foreign ? null : saved.addressId)?.id ?? null);
  const [city, setCity] = useState({ estadoId: saved.estadoId ?? null, cidadeId: saved.cidadeId ?? null });
  const [pointChoice, setPointChoice] = useState<PointChoice>({
    estadoId: saved.pickupEstadoId ?? null,
    cidadeId: saved.pickupCidadeId ?? null,
    pointId: saved.pointId ?? null,
  });
  const [serviceKey, setServiceKey] = useState<string | null>(saved.serviceId === undefined ? null : String(saved.serviceId));

  const usesSelects = addresses.length === 0;
  const geo = useParaguayGeo(usesSelects && !foreign, city.estadoId);
  // Pickup points, for residents only (spec §5: foreign customers are not offered them).
  const { points, error: pointsError } = usePickupPoints(!foreign && mode === "pickup_point", externalId);
  const point = points?.find((p) => p.id === pointChoice.pointId) ?? null;

  const target = useMemo((): QuoteTarget | null => {
    if (mode === "pickup_point") return point ? { cidadeId: point.cidade_id, pontoId: point.id } : null;
    if (addressId) return { clienteEnderecoId: addressId };
    return city.cidadeId ? { cidadeId: city.cidadeId } : null;
  }, [mode, point, addressId, city.cidadeId]);
  const status = useShippingQuote(cart, moedaId, cartKey, target, {
    ...originOf(addresses),
    serviceId: serviceKey && /^\d+$/.test(serviceKey) ? Number(serviceKey) : null,
  });

  const options = status.kind === "done" ? status.options.filter((o) => (mode === "pickup_point" ? isPointOption(o) : !isPointOption(o))) : [];
  // A saved choice that still exists wins; else the first option (spec §4 Shipping default).
  const selected = options.find((o) => optionKey(o) === serviceKey) ?? options[0] ?? null;

  const geoCityName = geo?.cities.find((c) => c.cidade_id === city.cidadeId)?.nome ?? "";
  const address = addresses.find((a) => a.id === addressId) ?? null;
  // Store pickup (no delivery service) goes nowhere: the order waits in the shop.
  const inShop = selected !== null && selected.entrega_servico_id === null;
  const atPoint = mode === "pickup_point" && point !== null;
  const place = atPoint ? `${point.nome} - ${point.endereco}` : inShop ? shopAddress : address ? addressLine(address) : geoCityName;

  useEffect(() => {
    onChange(
      selected
        ? {
            option: selected,
            addressId: mode === "delivery" ? addressId : null,
            point: mode === "pickup_point" ? point : null,
            pickup: inShop || atPoint,
            place,
          }
        : null,
    );
    writeSaved({
      mode,
      addressId,
      estadoId: city.estadoId,
      cidadeId: city.cidadeId,
      pickupEstadoId: pointChoice.estadoId,
      pickupCidadeId: pointChoice.cidadeId,
      pointId: pointChoice.pointId,
      serviceId: selected ? selected.entrega_servico_id : null,
      cost: selected && isPrice(selected.valor) ? selected.valor : "0",
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is the parent's setter
  }, [selected, mode, addressId, city, pointChoice, point, place, inShop, atPoint]);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="shipping-section">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("cart.shipping.title")}
      </h2>

      {!foreign ? (
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-1 text-sm font-semibold">{t("cart.shipping.mode")}</legend>
          {(["delivery", "pickup_point"] as const).map((m) => (
            <label key={m} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-mode`} checked={mode === m} onChange={() => setMode(m)} className="size-4 accent-amber-600" />
              {m === "delivery" ? t("cart.shipping.deliveryMode") : t("cart.shipping.pickupMode")}
            </label>
          ))}
        </fieldset>
      ) : null}

      {mode === "delivery" ? (
        usesSelects && !foreign ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              id={`${id}-state`}
              name="estado_id"
              label={t("cart.shipping.state")}
              value={city.estadoId ?? ""}
              disabled={!geo}
              onChange={(e) => setCity({ estadoId: e.target.value ? Number(e.target.value) : null, cidadeId: null })}
              placeholder={t("cart.shipping.selectState")}
              options={[...(geo?.states ?? [])].sort(byName).map((s) => ({ value: s.estado_id, label: s.nome }))}
            />
            {city.estadoId ? (
              <SelectField
                id={`${id}-city`}
                name="cidade_id"
                label={t("cart.shipping.city")}
                value={city.cidadeId ?? ""}
                onChange={(e) => setCity({ ...city, cidadeId: e.target.value ? Number(e.target.value) : null })}
                placeholder={t("cart.shipping.selectCity")}
                options={(geo?.cities ?? [])
                  .filter((c) => c.estado_id === city.estadoId)
                  .sort(byName)
                  .map((c) => ({ value: c.cidade_id, label: c.nome }))}
              />
            ) : null}
            {addAddress}
          </div>
        ) : foreign ? (
          // Spec §1: nothing is delivered to a foreign customer; the order is picked up in the shop.
          <p className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-testid="pickup-place">
            <span className="font-semibold">{t("cart.shipping.pickupPlace")}: </span>
            {shopAddress}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              id={`${id}-address`}
              name="cliente_endereco_id"
              label={t("cart.shipping.chooseAddress")}
              className="min-w-0 flex-1"
              value={addressId ?? ""}
              onChange={(e) => setAddressId(Number(e.target.value))}
              options={addresses.map((a) => ({ value: a.id, label: `${a.nome ? `${a.nome}: ` : ""}${addressLine(a)}` }))}
            />
            {addAddress}
          </div>
        )
      ) : (
        <PickupPointFields points={points} error={pointsError} value={pointChoice} onChange={setPointChoice} />
      )}

      <div aria-live="polite">
        {status.kind === "loading" ? <p className="text-sm text-muted">{t("cart.shipping.calculating")}</p> : null}
        {status.kind === "error" ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {status.message}
          </p>
        ) : null}
        {status.kind === "done" && status.message && mode === "delivery" ? (
          <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="pickup-only">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            {foreign ? t("cart.shipping.foreignNote") : t("cart.shipping.noRegion")}
          </p>
        ) : null}
      </div>

      <ShippingOptions options={options} selected={selected} onSelect={setServiceKey} />
    </section>
  );
}
