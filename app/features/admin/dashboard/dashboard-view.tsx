import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { CurrencyFigures, Dashboard, PeriodFigures } from "#contract/api/admin/dashboard.ts";
import { CURRENCIES, isMoedaId, type MoedaId } from "#contract/currencies.ts";
import { formatPrice } from "#contract/money.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { AdminTable, Panel } from "#app/features/admin/admin-shell.tsx";
import "#app/i18n/admin-texts.ts";

// recharts is this page's alone: its chunk loads when the dashboard shows, never with the other screens.
const DailyChart = lazy(() => import("./daily-chart.tsx"));

type T = ReturnType<typeof useTranslation>["t"];

/** The currency's name as the screens say it ("Dólares (U$)"); an id outside the four reads as reais, as prices do. */
const currencyKey = (moeda: number) => `admin.dashboard.currency.${isMoedaId(moeda) ? moeda : 1}` as const;

/** How a figure moved from the previous span: "+12%" / "−8%", "new" from nothing, "same". */
function Change({ now, before, money }: { now: number; before: number; money?: (v: number) => string }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  let text: string;
  let tone = "text-muted";
  if (now === before) text = t("admin.dashboard.same");
  else if (before === 0) {
    text = t("admin.dashboard.new");
    tone = "text-emerald-700";
  } else {
    const ratio = Math.abs(now - before) / before;
    text = t(now > before ? "admin.dashboard.changeUp" : "admin.dashboard.changeDown", { value: percent.format(ratio) });
    tone = now > before ? "text-emerald-700" : "text-red-700";
  }
  return (
    <span className="block text-xs">
      <span className={`font-semibold ${tone}`}>{now > before ? "▲ " : now < before ? "▼ " : ""}</span>
      <span className={`font-semibold ${tone}`}>{text}</span>
      <span className="text-muted"> · {t("admin.dashboard.before", { value: money ? money(before) : String(before) })}</span>
    </span>
  );
}

function CurrencyBlock({ t, now, before }: { t: T; now: CurrencyFigures; before: CurrencyFigures }) {
  const moeda = now.moeda_id;
  const money = (v: string | number) => formatPrice(String(v), moeda);
  return (
    <div className="min-w-0" data-testid={`dashboard-currency-${moeda}`}>
      <h4 className="mb-2 text-sm font-bold text-muted">{t(currencyKey(moeda))}</h4>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">{t("admin.dashboard.sales")}</dt>
          <dd className="text-xl font-bold whitespace-nowrap tabular-nums" data-testid="dashboard-sales">
            {money(now.vendas)}
          </dd>
          <dd>
            <Change now={Number(now.vendas)} before={Number(before.vendas)} money={money} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("admin.dashboard.orders")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="dashboard-orders">
            {now.pedidos}{" "}
            <span className="text-xs font-normal text-muted">
              ({t("admin.dashboard.paid")}: {now.pagos})
            </span>
          </dd>
          <dd>
            <Change now={now.pedidos} before={before.pedidos} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("admin.dashboard.average")}</dt>
          <dd className="font-semibold tabular-nums">{money(now.ticket_medio)}</dd>
          <dd>
            <Change now={Number(now.ticket_medio)} before={Number(before.ticket_medio)} money={money} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("admin.dashboard.refunds")}</dt>
          <dd className="text-sm tabular-nums">{t("admin.dashboard.refundsValue", { count: now.estornados, value: money(now.valor_estornado) })}</dd>
        </div>
      </dl>
    </div>
  );
}

function PeriodPanel({ period }: { period: PeriodFigures }) {
  const { t } = useTranslation();
  const id = `dashboard-${period.periodo}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={id}>
      <h3 id={id} className="text-lg font-bold">
        {t(`admin.dashboard.periods.${period.periodo}`)}
      </h3>
      <p className="mb-3 text-xs text-muted">{t("admin.dashboard.against", { span: t(`admin.dashboard.previous.${period.periodo}`) })}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 md:divide-x md:divide-slate-100 md:[&>*+*]:pl-4">
        {period.atual.map((now, i) => (
          <CurrencyBlock key={now.moeda_id} t={t} now={now} before={period.anterior[i]!} />
        ))}
      </div>
    </section>
  );
}

function DailySales({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { day: "2-digit", month: "2-digit", timeZone: "UTC" });
  const days = [...new Set(data.vendas_diarias.map((r) => r.dia))];
  const label = (dia: string) => day.format(new Date(`${dia}T12:00:00Z`));
  const moedas = data.moedas.filter(isMoedaId);
  const row = (dia: string, moeda: number) => data.vendas_diarias.find((r) => r.dia === dia && r.moeda_id === moeda);
  return (
    <Panel title={t("admin.dashboard.daily.title")}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {moedas.map((moeda: MoedaId) => (
          <figure key={moeda} className="min-w-0" data-testid={`dashboard-chart-${moeda}`}>
            <figcaption className="mb-1 text-sm font-bold">{t(currencyKey(moeda))}</figcaption>
            <div className="h-[220px]">
              <Suspense fallback={null}>
                <DailyChart
                  moeda={moeda}
                  label={t("admin.dashboard.daily.chart", { currency: t(currencyKey(moeda)) })}
                  points={days.map((dia) => ({ dia, rotulo: label(dia), vendas: Number(row(dia, moeda)?.vendas ?? 0) }))}
                />
              </Suspense>
            </div>
          </figure>
        ))}
      </div>
      <div className="mt-4 max-h-80 overflow-y-auto rounded border border-slate-100" tabIndex={0} aria-label={t("admin.dashboard.daily.caption")}>
        <AdminTable
          caption={t("admin.dashboard.daily.caption")}
          frame="relative"
          testId="dashboard-daily-table"
          columns={[
            { label: t("admin.dashboard.daily.day") },
            ...moedas.flatMap((m) => [
              { label: t("admin.dashboard.daily.sales", { symbol: CURRENCIES[m].simbolo }), numeric: true },
              { label: t("admin.dashboard.daily.orders", { symbol: CURRENCIES[m].simbolo }), numeric: true },
            ]),
          ]}
        >
          {[...days].reverse().map((dia) => (
            <tr key={dia} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                {label(dia)}
              </th>
              {moedas.flatMap((m) => [
                <td key={`${m}v`} className="py-1 pr-3 text-right tabular-nums">
                  {formatPrice(row(dia, m)?.vendas ?? "0", m)}
                </td>,
                <td key={`${m}p`} className="py-1 pr-3 text-right tabular-nums">
                  {row(dia, m)?.pagos ?? 0}
                </td>,
              ])}
            </tr>
          ))}
        </AdminTable>
      </div>
    </Panel>
  );
}

function Attention({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const name = (p: { nome_pt: string; nome_es: string }) => (i18n.language.startsWith("es") ? p.nome_es : p.nome_pt);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <Panel title={t("admin.dashboard.waiting.title")}>
        {data.aguardando_pagamento.length === 0 ? (
          <p className="text-muted">{t("admin.dashboard.waiting.none")}</p>
        ) : (
          <ul className="space-y-1" data-testid="dashboard-waiting">
            {data.aguardando_pagamento.map((w) => (
              <li key={w.moeda_id}>
                <span className="text-sm text-muted">{t(currencyKey(w.moeda_id))}: </span>
                <span className="font-semibold tabular-nums">
                  {t("admin.dashboard.waiting.orders", { count: w.pedidos, value: formatPrice(w.valor, w.moeda_id) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t("admin.dashboard.toFulfil.title")}>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1" data-testid="dashboard-to-fulfil">
          {(["em_separacao", "pronto_retirada", "enviado"] as const).map((k) => (
            <div key={k} className="contents">
              <dt className="text-sm">{t(`admin.dashboard.toFulfil.${k}`)}</dt>
              <dd className="text-right font-semibold tabular-nums">{data.a_entregar[k]}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title={t("admin.dashboard.stock.title")}>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1" data-testid="dashboard-stock">
          <dt className="text-sm">
            <Link className="underline" to="/admin/produtos?estoque=sem">
              {t("admin.dashboard.stock.out")}
            </Link>
          </dt>
          <dd className="text-right font-semibold tabular-nums">{data.estoque.sem_estoque}</dd>
          <dt className="text-sm">{t("admin.dashboard.stock.low", { limit: data.estoque.limite })}</dt>
          <dd className="text-right font-semibold tabular-nums">{data.estoque.estoque_baixo}</dd>
        </dl>
        {data.estoque.baixos.length ? (
          <>
            <h3 className="mt-3 text-sm font-bold">{t("admin.dashboard.stock.lowest")}</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {data.estoque.baixos.map((p) => (
                <li key={p.produto_id} className="flex justify-between gap-2">
                  <Link className="min-w-0 truncate underline" to={`/admin/produtos/${p.produto_id}`}>
                    {name(p)}
                  </Link>
                  <span className="shrink-0 tabular-nums">{t("admin.dashboard.stock.units", { count: p.qtde })}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Panel>
    </div>
  );
}

function TopProducts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const name = (p: { nome_pt: string; nome_es: string }) => (i18n.language.startsWith("es") ? p.nome_es : p.nome_pt);
  return (
    <Panel title={t("admin.dashboard.top.title")}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {(["hoje", "semana", "mes"] as const).map((p) => (
          <div key={p} className="min-w-0" data-testid={`dashboard-top-${p}`}>
            <h3 className="mb-1 text-sm font-bold">{t(`admin.dashboard.periods.${p}`)}</h3>
            {data.mais_vendidos[p].length === 0 ? (
              <p className="text-sm text-muted">{t("admin.dashboard.top.none")}</p>
            ) : (
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                {data.mais_vendidos[p].map((item) => (
                  <li key={item.produto_id}>
                    <span className="flex justify-between gap-2">
                      <Link className="min-w-0 truncate underline" to={`/admin/produtos/${item.produto_id}`}>
                        {name(item)}
                      </Link>
                      <span className="shrink-0 tabular-nums">{t("admin.dashboard.top.units", { count: item.unidades })}</span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        ))}
      </div>
    </Panel>
  );
}

/** The owner's and manager's dashboard (docs/decisions/034): every figure per currency, side by side. */
export function DashboardView({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: data.fuso }).format(
    new Date(data.gerado_em),
  );
  return (
    <section aria-labelledby="dashboard-title" className="space-y-4" data-testid="dashboard">
      <div>
        <h2 id="dashboard-title" className="text-lg font-bold">
          {t("admin.dashboard.title")}
        </h2>
        <p className="text-sm text-muted">
          {t("admin.dashboard.rule")} {t("admin.dashboard.updated", { time })}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4">
        {data.periodos.map((p) => (
          <PeriodPanel key={p.periodo} period={p} />
        ))}
      </div>
      <Attention data={data} />
      <DailySales data={data} />
      <TopProducts data={data} />
    </section>
  );
}
