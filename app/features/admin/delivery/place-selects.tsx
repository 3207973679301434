import { useState } from "react";
import type { DeliveryPlaces } from "#contract/api/admin/delivery.ts";
import { usePostedValue } from "#app/components/form/posted-values.tsx";
import { useScripted } from "#app/features/admin/image-file.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-400 aria-[invalid=true]:border-red-600";

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/**
 * A department and one of its cities. Once the page's scripts run, the city select holds the chosen
 * department's cities only. Before (or without) them, a saved row's form holds its department's cities
 * and a new row's form every city, grouped by department; the server refuses a city of another
 * department with the field's message.
 */
export function PlaceSelects({
  prefix,
  places,
  estadoId,
  cidadeId,
  cityOptional,
  errors,
}: {
  prefix: string;
  places: DeliveryPlaces;
  estadoId?: number | null;
  cidadeId?: number | null;
  /** A rate may name the whole department (no city). */
  cityOptional?: boolean;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  // A refused script-less post starts from what was chosen.
  const postedDepartment = usePostedValue("estado_id", estadoId ? String(estadoId) : "");
  const postedCity = usePostedValue("cidade_id", cidadeId ? String(cidadeId) : "");
  const [department, setDepartment] = useState(postedDepartment);
  const [city, setCity] = useState(postedCity);
  const scripted = useScripted();
  // A saved row's form names its department from the start: its own cities are enough before scripts too.
  const narrow = scripted || Boolean(estadoId);
  const groups = narrow ? places.filter((p) => String(p.id) === department) : places;
  return (
    <>
      <div>
        <label htmlFor={`${prefix}-estado`} className="block text-sm font-semibold text-ink">
          {t("admin.delivery.department")}
        </label>
        <select
          id={`${prefix}-estado`}
          name="estado_id"
          required
          value={department}
          onChange={(event) => {
            setDepartment(event.currentTarget.value);
            setCity("");
          }}
          aria-invalid={errors.estado_id ? true : undefined}
          aria-describedby={errors.estado_id ? `${prefix}-estado-error` : undefined}
          className={selectClass}
        >
          <option value="">{t("admin.delivery.chooseDepartment")}</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nome}
            </option>
          ))}
        </select>
        <FieldError id={`${prefix}-estado-error`} error={errors.estado_id} />
      </div>
      <div>
        <label htmlFor={`${prefix}-cidade`} className="block text-sm font-semibold text-ink">
          {t("admin.delivery.city")}
        </label>
        <select
          id={`${prefix}-cidade`}
          name="cidade_id"
          required={!cityOptional}
          value={city}
          onChange={(event) => setCity(event.currentTarget.value)}
          aria-invalid={errors.cidade_id ? true : undefined}
          aria-describedby={errors.cidade_id ? `${prefix}-cidade-error` : undefined}
          className={selectClass}
        >
          <option value="">{cityOptional ? t("admin.delivery.wholeDepartment") : t("admin.delivery.chooseCity")}</option>
          {narrow
            ? groups.flatMap((p) =>
                p.cidades.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.nome}
                  </option>
                )),
              )
            : groups.map((p) => (
                <optgroup key={p.id} label={p.nome}>
                  {p.cidades.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.nome}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
        <FieldError id={`${prefix}-cidade-error`} error={errors.cidade_id} />
      </div>
    </>
  );
}
