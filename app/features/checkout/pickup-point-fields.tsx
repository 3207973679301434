import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { PickupPoint } from "#contract/api/cart.ts";
import { SelectField } from "#app/components/form/fields.tsx";
import { pickupPoints } from "./shipping-api.ts";
import { byName } from "./use-paraguay-geo.ts";

/** The pickup point chosen, step by step: its department, its city, the point. */
export interface PointChoice {
  estadoId: number | null;
  cidadeId: number | null;
  pointId: number | null;
}

/** The cart's pickup points (spec §7 pontos-entrega), asked for once `enabled`; with the message of a failed call. */
export function usePickupPoints(enabled: boolean, externalId: string | null): { points: PickupPoint[] | null; error: string | null } {
  const { t } = useTranslation();
  const [points, setPoints] = useState<PickupPoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || points || !externalId) return;
    pickupPoints(externalId)
      .then(setPoints)
      .catch((failure: unknown) => setError(t("cart.shipping.pointsError", { details: failure instanceof Error ? failure.message : "" })));
  }, [enabled, points, externalId, t]);
  return { points, error };
}

/** Department, city and point selects over the cart's pickup points (spec §2 Shipping, residents only). */
export function PickupPointFields({
  points,
  error,
  value,
  onChange,
}: {
  points: PickupPoint[] | null;
  error: string | null;
  value: PointChoice;
  onChange: (next: PointChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const states = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of points ?? []) seen.set(p.estado_id, p.estado);
    return [...seen].map(([value, nome]) => ({ value, nome })).sort(byName);
  }, [points]);
  const cities = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of points ?? []) if (p.estado_id === value.estadoId) seen.set(p.cidade_id, p.cidade);
    return [...seen].map(([value, nome]) => ({ value, nome })).sort(byName);
  }, [points, value.estadoId]);
  const cityPoints = (points ?? []).filter((p) => p.cidade_id === value.cidadeId);
  const point = cityPoints.find((p) => p.id === value.pointId);
  const number = (raw: string) => (raw ? Number(raw) : null);

  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      ) : null}
      <SelectField
        id={`${id}-state`}
        name="ponto_estado_id"
        label={t("cart.shipping.state")}
        value={value.estadoId ?? ""}
        disabled={!points}
        onChange={(e) => onChange({ estadoId: number(e.target.value), cidadeId: null, pointId: null })}
        placeholder={t("cart.shipping.selectState")}
        options={states.map((s) => ({ value: s.value, label: s.nome }))}
      />
      {value.estadoId ? (
        <SelectField
          id={`${id}-city`}
          name="ponto_cidade_id"
          label={t("cart.shipping.city")}
          value={value.cidadeId ?? ""}
          onChange={(e) => onChange({ ...value, cidadeId: number(e.target.value), pointId: null })}
          placeholder={t("cart.shipping.selectCity")}
          options={cities.map((c) => ({ value: c.value, label: c.nome }))}
        />
      ) : null}
      {value.cidadeId ? (
        <SelectField
          id={`${id}-point`}
          name="id_ponto_entrega"
          label={t("cart.shipping.pickupPoint")}
          value={value.pointId ?? ""}
          onChange={(e) => onChange({ ...value, pointId: number(e.target.value) })}
          placeholder={t("cart.shipping.selectPoint")}
          options={cityPoints.map((p) => ({ value: p.id, label: p.nome }))}
        />
      ) : null}
      {point ? (
        <p className="text-sm text-muted sm:col-span-3">
          {point.endereco} · {t("cart.shipping.hours", { hours: point.horario_atendimento })}
        </p>
      ) : null}
    </div>
  );
}
