import { appendFileSync } from "node:fs";
import type { Attempt } from "./books.ts";

/** What an operator runs: NODE_ENV=production, with secrets of its own; a test shop, as it pays through the sandbox. */
export const PRODUCTION = {
  NODE_ENV: "production",
  TEST_SHOP: "1",
  APP_SECRET: "multi-test-app-secret-0123456789abcdef",
  SANDBOX_WEBHOOK_SECRET: "multi-test-webhook-secret-0123456789abcdef",
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The figures of one fault (time until readiness flipped, time to recover, requests failed and the
 * slowest answer), printed, and appended to the file FAULT_REPORT names (docs/deploy.md quotes a run).
 */
export function report(fault: string, figures: { attempts: Attempt[]; [name: string]: unknown }) {
  const { attempts, ...rest } = figures;
  const byStatus: Record<string, number> = {};
  for (const a of attempts) byStatus[String(a.status)] = (byStatus[String(a.status)] ?? 0) + 1;
  const line = {
    fault,
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typeof v === "number" ? Math.round(v) : v])),
    requests: attempts.length,
    byStatus,
    slowestMs: Math.round(Math.max(...attempts.map((a) => a.ms))),
  };
  console.log(`[fault] ${JSON.stringify(line)}`);
  if (process.env.FAULT_REPORT) appendFileSync(process.env.FAULT_REPORT, `${JSON.stringify(line)}\n`);
}
