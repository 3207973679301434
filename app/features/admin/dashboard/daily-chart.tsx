import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { CURRENCIES, type MoedaId } from "#contract/currencies.ts";
import { formatPrice } from "#contract/money.ts";

export interface DailyPoint {
  dia: string;
  vendas: number;
  rotulo: string;
}

/**
 * One currency's daily sales as bars (recharts, loaded by the dashboard alone: this module is imported
 * lazily). Each currency has a chart and a scale of its own: dollars and guaraníes are never drawn on one
 * axis. The same numbers are in the table under the charts, for the keyboard and screen readers.
 */
export default function DailyChart({ moeda, points, label }: { moeda: MoedaId; points: DailyPoint[]; label: string }) {
  const symbol = CURRENCIES[moeda].simbolo;
  const compact = (v: number) => `${symbol} ${new Intl.NumberFormat("pt-BR", { notation: "compact", maximumFractionDigits: 1 }).format(v)}`;
  return (
    <BarChart
      responsive
      data={points}
      style={{ width: "100%", height: 220 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      role="img"
      aria-label={label}
      accessibilityLayer={false}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="rotulo" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
      <YAxis tickFormatter={compact} tick={{ fontSize: 11 }} width={88} />
      <Tooltip formatter={(v) => formatPrice(String(v), moeda)} labelFormatter={(l) => String(l)} />
      <Bar dataKey="vendas" fill={moeda === 2 ? "#0f766e" : "#1d4ed8"} isAnimationActive={false} />
    </BarChart>
  );
}
