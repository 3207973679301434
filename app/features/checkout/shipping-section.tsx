import { useEffect, useId, useMemo, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";
import type { Address } from "#contract/api/accounts.ts";
import type { DeliveryOption, PickupPoint } from "#contract/api/cart.ts";
import { formatPrice, isPrice } from "#contract/money.ts";
import { InfoIcon } from "#app/components/ui/icons.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { isPointOption, pickupPoints, quote, readSaved, writeSaved, type SavedShipping } from "./shipping-api.ts";
import { byName, useParaguayGeo } from "./use-paraguay-geo.ts";

/** Spec §9: the calculation waits 2 s when the cart has no external id yet. */
export const SHIPPING_RETRY_MS = 2000;

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
  externalId: string | null;
  moedaId: number;
  /** Changes whenever the cart's lines change: shipping is recalculated (spec §4 Cart). */
  cartKey: string;
  foreign: boolean;
  addresses: Address[];
  onChange: (choice: ShippingChoice | null) => void;
  /** Opens the new-address form (spec §2 New-address modal). */
  addAddress?: React.ReactNode;
}

type Status = { kind: "idle" } | { kind: "loading" } | { kind: "done"; options: DeliveryOption[]; message?: string } | { kind: "error"; message: string };

const isZero = (value: string) => /^0+(\.0+)?$/.test(value);

const addressLine = (a: Address) => [`${a.logradouro}, ${a.numero}`, a.bairro, a.cidade].filter(Boolean).join(" - ");

function firstAddress(addresses: Address[], saved: number | null | undefined) {
  return addresses.find((a) => a.id === saved) ?? addresses.find((a) => a.principal) ?? addresses[0] ?? null;
}

/** Shipping calculator of the checkout (spec §2, §4 Shipping): address or city, options, pickup points. */
export function ShippingSection({ externalId, moedaId, cartKey, foreign, addresses, onChange, addAddress }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const shopAddress = useRouteLoaderData<ShellData>("root")?.site.address ?? "";
  // Rendered only in the browser (after the cart loads), so localStorage can seed the state (spec §4: restored on mount).
  const [saved] = useState<Partial<SavedShipping>>(readSaved);
  const [mode, setMode] = useState<SavedShipping["mode"]>(!foreign && saved.mode === "pickup_point" ? "pickup_point" : "delivery");
  const [addressId, setAddressId] = useState<number | null>(() => firstAddress(addresses, foreign ? null : saved.addressId)?.id ?? null);
  const [estadoId, setEstadoId] = useState<number | null>(saved.estadoId ?? null);
  const [cidadeId, setCidadeId] = useState<number | null>(saved.cidadeId ?? null);
  const [points, setPoints] = useState<PickupPoint[] | null>(null);
  const [pointsError, setPointsError] = useState<string | null>(null);
  const [pickupEstadoId, setPickupEstadoId] = useState<number | null>(saved.pickupEstadoId ?? null);
  const [pickupCidadeId, setPickupCidadeId] = useState<number | null>(saved.pickupCidadeId ?? null);
  const [pointId, setPointId] = useState<number | null>(saved.pointId ?? null);
  const [serviceKey, setServiceKey] = useState<string | null>(saved.serviceId === undefined ? null : String(saved.serviceId));
  const [result, setResult] = useState<{ key: string; status: Status } | null>(null);
  const [retry, setRetry] = useState(0);

  const usesSelects = addresses.length === 0;
  const geo = useParaguayGeo(usesSelects && !foreign, estadoId);

  // Pickup points, for residents only (spec §5: foreign customers are not offered them).
  useEffect(() => {
    if (foreign || mode !== "pickup_point" || points || !externalId) return;
    pickupPoints(externalId)
      .then(setPoints)
      .catch((error: unknown) => setPointsError(t("cart.shipping.pointsError", { details: error instanceof Error ? error.message : "" })));
  }, [foreign, mode, points, externalId, t]);

  const point = points?.find((p) => p.id === pointId) ?? null;

  const target = useMemo(() => {
    if (mode === "pickup_point") return point ? { cidadeId: point.cidade_id, pontoId: point.id } : null;
    if (addressId) return { clienteEnderecoId: addressId };
    return cidadeId ? { cidadeId } : null;
  }, [mode, point, addressId, cidadeId]);
  const requestKey = target ? JSON.stringify([target, externalId, moedaId, cartKey, retry]) : "";

  useEffect(() => {
    if (!target) return;
    if (!externalId) {
      const timer = setTimeout(() => setRetry((n) => n + 1), SHIPPING_RETRY_MS);
      return () => clearTimeout(timer);
    }
    let live = true;
    quote(externalId, moedaId, target)
      .then((answer) => live && setResult({ key: requestKey, status: { kind: "done", options: answer.options, message: answer.message } }))
      .catch((error: unknown) => {
        if (!live) return;
        const details = error instanceof ApiError && !error.network ? error.message : "";
        setResult({ key: requestKey, status: { kind: "error", message: t("cart.shipping.error", { details }) } });
      });
    return () => {
      live = false;
    };
  }, [target, requestKey, externalId, moedaId, t]);

  // The answer of an older request is stale: until the current one answers, it is loading.
  const status: Status = !target ? { kind: "idle" } : result?.key === requestKey ? result.status : { kind: "loading" };

  const options =
    status.kind === "done" ? status.options.filter((o) => (mode === "pickup_point" ? isPointOption(o) : !isPointOption(o))) : [];

  const keyOf = (o: DeliveryOption) => String(o.entrega_servico_id);
  // A saved choice that still exists wins; else the first option (spec §4 Shipping default).
  const selected = options.find((o) => keyOf(o) === serviceKey) ?? options[0] ?? null;

  const geoCityName = geo?.cities.find((c) => c.cidade_id === cidadeId)?.nome ?? "";
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
      estadoId,
      cidadeId,
      pickupEstadoId,
      pickupCidadeId,
      pointId,
      serviceId: selected ? selected.entrega_servico_id : null,
      cost: selected && isPrice(selected.valor) ? selected.valor : "0",
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is the parent's setter
  }, [selected, mode, addressId, estadoId, cidadeId, pickupEstadoId, pickupCidadeId, pointId, point, place, inShop, atPoint]);

  const select = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-ink disabled:bg-slate-100";
  const pointStates = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of points ?? []) seen.set(p.estado_id, p.estado);
    return [...seen].map(([estado_id, nome]) => ({ estado_id, nome })).sort(byName);
  }, [points]);
  const pointCities = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of points ?? []) if (p.estado_id === pickupEstadoId) seen.set(p.cidade_id, p.cidade);
    return [...seen].map(([cidade_id, nome]) => ({ cidade_id, nome })).sort(byName);
  }, [points, pickupEstadoId]);
  const cityPoints = (points ?? []).filter((p) => p.cidade_id === pickupCidadeId);

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
            <label className="text-sm font-semibold">
              {t("cart.shipping.state")}
              <select
                className={select}
                value={estadoId ?? ""}
                disabled={!geo}
                onChange={(e) => {
                  setEstadoId(e.target.value ? Number(e.target.value) : null);
                  setCidadeId(null);
                }}
              >
                <option value="">{t("cart.shipping.selectState")}</option>
                {[...(geo?.states ?? [])].sort(byName).map((s) => (
                  <option key={s.estado_id} value={s.estado_id}>
                    {s.nome}
                  </option>
                ))}
              </select>
            </label>
            {estadoId ? (
              <label className="text-sm font-semibold">
                {t("cart.shipping.city")}
                <select className={select} value={cidadeId ?? ""} onChange={(e) => setCidadeId(e.target.value ? Number(e.target.value) : null)}>
                  <option value="">{t("cart.shipping.selectCity")}</option>
                  {(geo?.cities ?? [])
                    .filter((c) => c.estado_id === estadoId)
                    .sort(byName)
                    .map((c) => (
                      <option key={c.cidade_id} value={c.cidade_id}>
                        {c.nome}
                      </option>
                    ))}
                </select>
              </label>
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
            <label className="min-w-0 flex-1 text-sm font-semibold">
              {t("cart.shipping.chooseAddress")}
              <select className={select} value={addressId ?? ""} onChange={(e) => setAddressId(Number(e.target.value))}>
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.nome ? `${a.nome}: ` : ""}
                    {addressLine(a)}
                  </option>
                ))}
              </select>
            </label>
            {addAddress}
          </div>
        )
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          {pointsError ? <p role="alert" className="text-sm text-red-700 sm:col-span-3">{pointsError}</p> : null}
          <label className="text-sm font-semibold">
            {t("cart.shipping.state")}
            <select
              className={select}
              value={pickupEstadoId ?? ""}
              disabled={!points}
              onChange={(e) => {
                setPickupEstadoId(e.target.value ? Number(e.target.value) : null);
                setPickupCidadeId(null);
                setPointId(null);
              }}
            >
              <option value="">{t("cart.shipping.selectState")}</option>
              {pointStates.map((s) => (
                <option key={s.estado_id} value={s.estado_id}>
                  {s.nome}
                </option>
              ))}
            </select>
          </label>
          {pickupEstadoId ? (
            <label className="text-sm font-semibold">
              {t("cart.shipping.city")}
              <select
                className={select}
                value={pickupCidadeId ?? ""}
                onChange={(e) => {
                  setPickupCidadeId(e.target.value ? Number(e.target.value) : null);
                  setPointId(null);
                }}
              >
                <option value="">{t("cart.shipping.selectCity")}</option>
                {pointCities.map((c) => (
                  <option key={c.cidade_id} value={c.cidade_id}>
                    {c.nome}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {pickupCidadeId ? (
            <label className="text-sm font-semibold">
              {t("cart.shipping.pickupPoint")}
              <select className={select} value={pointId ?? ""} onChange={(e) => setPointId(e.target.value ? Number(e.target.value) : null)}>
                <option value="">{t("cart.shipping.selectPoint")}</option>
                {cityPoints.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.nome}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {point ? (
            <p className="text-sm text-muted sm:col-span-3">
              {point.endereco} · {t("cart.shipping.hours", { hours: point.horario_atendimento })}
            </p>
          ) : null}
        </div>
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

      {options.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t("cart.shipping.options")}</legend>
          <ul className="space-y-2">
            {options.map((o) => (
              <li key={keyOf(o)}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md p-3 ring-1 ring-slate-200 has-checked:bg-amber-50 has-checked:ring-amber-500">
                  <input
                    type="radio"
                    name={`${id}-option`}
                    checked={selected === o}
                    onChange={() => setServiceKey(keyOf(o))}
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
      ) : null}
    </section>
  );
}
