import type { ReactNode } from "react";

const TONES = {
  neutral: "bg-slate-200 text-slate-800",
  good: "bg-green-100 text-green-900",
  warm: "bg-amber-100",
} as const;

/** A short state beside a name in a list (hidden, visible, featured). */
export function Badge({ children, tone = "neutral" }: { children: ReactNode; tone?: keyof typeof TONES }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}
