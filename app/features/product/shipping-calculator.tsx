import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { InfoIcon, MapPinIcon } from "#app/components/ui/icons.tsx";
import { PARAGUAI_ID, useCities, useStates } from "#app/lib/geo.ts";
import type { Quote } from "./quote-cart.ts";

// The quoting code (a cart of its own, one retry) runs only when the form is sent: downloaded then.
const loadQuoting = () => import("./quote-cart.ts");

const byName = (a: { nome: string }, b: { nome: string }) => a.nome.localeCompare(b.nome, "es");

type Status = { kind: "idle" } | { kind: "loading" } | { kind: "done"; quote: Quote; onlyPickup: boolean } | { kind: "error"; message: string };

/** Paraguay shipping calculator (spec §2, decision 1 of ARCHITECTURE.md: a working one, no popup). */
export function ShippingCalculator({ produtoId, quantity, moedaId }: { produtoId: number; quantity: number; moedaId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [estadoId, setEstadoId] = useState("");
  const [cidadeId, setCidadeId] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  // Paraguay's departments and districts come from the API's geography (the calls the account pages make),
  // after the first paint: never part of the page's initial JavaScript.
  const states = [...useStates(PARAGUAI_ID)].sort(byName);
  const cities = [...useCities(estadoId ? Number(estadoId) : null)].sort(byName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!cidadeId || quantity < 1) {
      setStatus({ kind: "error", message: t("product.shipping.needsCity") });
      return;
    }
    setStatus({ kind: "loading" });
    const quoting = await loadQuoting().catch(() => null);
    if (!quoting) {
      setStatus({ kind: "error", message: t("product.shipping.errorShort") });
      return;
    }
    try {
      const quote = await quoting.quoteShipping({ produtoId, qtde: quantity, moedaId, cidadeId: Number(cidadeId) });
      setStatus({ kind: "done", quote, onlyPickup: Boolean(quote.message) || quoting.pickupOnly(quote.options) });
    } catch (error) {
      const details = error instanceof quoting.ApiError && !error.network && error.message ? error.message : "";
      setStatus({ kind: "error", message: details ? t("product.shipping.error", { details }) : t("product.shipping.errorShort") });
    }
  }

  const select = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-ink disabled:bg-slate-100 disabled:text-muted";

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-panel p-4 ring-1 ring-slate-200" data-testid="shipping-calculator">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold">
        <MapPinIcon className="size-5" />
        {t("product.shipping.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("product.shipping.intro")}</p>
      <form onSubmit={(event) => void submit(event)} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="text-sm font-semibold">
          {t("product.shipping.department")}
          <select
            className={select}
            value={estadoId}
            disabled={states.length === 0}
            onChange={(event) => {
              setEstadoId(event.target.value);
              setCidadeId("");
              setStatus({ kind: "idle" });
            }}
          >
            <option value="">{states.length > 0 ? t("product.shipping.choose") : t("product.shipping.loadingCities")}</option>
            {states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.nome}
              </option>
            ))}
          </select>
        </label>
        {/* Spec §2: the city select appears only after a department is chosen. */}
        <label className="text-sm font-semibold">
          {t("product.shipping.city")}
          <select
            className={select}
            value={cidadeId}
            disabled={!estadoId}
            onChange={(event) => {
              setCidadeId(event.target.value);
              setStatus({ kind: "idle" });
            }}
          >
            <option value="">{estadoId ? t("product.shipping.choose") : t("product.shipping.chooseDepartmentFirst")}</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>
                {city.nome}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={status.kind === "loading"}
          className="min-h-11 rounded-md bg-steel px-5 font-semibold text-white hover:bg-steel-dark disabled:opacity-60"
        >
          {status.kind === "loading" ? t("product.shipping.calculating") : t("product.shipping.submit")}
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {status.kind === "error" && <p className="text-sm font-semibold text-red-700">{status.message}</p>}
        {status.kind === "done" && <QuoteResult quote={status.quote} onlyPickup={status.onlyPickup} />}
      </div>
    </section>
  );
}

function QuoteResult({ quote, onlyPickup }: { quote: Quote; onlyPickup: boolean }) {
  const { t } = useTranslation();
  return (
    <div>
      {onlyPickup && (
        <p className="mb-2 flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <InfoIcon className="size-5 shrink-0" />
          {t("product.shipping.pickupOnly")}
        </p>
      )}
      <h3 className="text-sm font-bold">{t("product.shipping.options")}</h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" data-testid="shipping-options">
        {quote.options.map((option) => (
          <li
            key={`${option.entrega_servico_id ?? "shop"}-${option.descricao}`}
            className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
          >
            <span>
              <span className="block font-semibold">{option.descricao}</span>
              <span className="text-muted">{t("product.shipping.days", { count: option.prazo })}</span>
            </span>
            <span className="shrink-0 font-bold">{Number(option.valor) === 0 ? t("product.shipping.free") : option.valor_formatado}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
