import { performance } from "node:perf_hooks";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { MOEDA } from "#contract/currencies.ts";
import { RequestHistogram } from "./request-histogram.ts";

/**
 * The store's Prometheus metrics (docs/operations.md lists each one). They are off unless METRICS_PORT is set:
 * until `enableMetrics()` runs, every hook below returns at its first line, so a process without metrics pays
 * one comparison per event. Each process counts its own; Prometheus scrapes every process and sums.
 */

/** Request and gateway durations: from a cached page (a few ms) to a gateway's time limit (10 s). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function define(registry: Registry) {
  const registers = [registry];
  return {
    registry,
    httpDuration: new RequestHistogram<"kind" | "method" | "route" | "status_class">({
      name: "store_http_request_duration_seconds",
      help: "Time to answer a request, by kind (api or page), method, route template and status class.",
      buckets: DURATION_BUCKETS,
      registers,
    }),
    orders: new Counter({
      name: "store_orders_total",
      help: "Orders placed, paid, cancelled and refunded, by currency and gateway.",
      labelNames: ["event", "currency", "gateway"] as const,
      registers,
    }),
    refunds: new Counter({
      name: "store_refunds_total",
      help: "Refunds made (by the gateway, or recorded as made outside the store), by kind (whole: it left the order refunded; partial), currency and gateway.",
      labelNames: ["kind", "currency", "gateway"] as const,
      registers,
    }),
    pickups: new Counter({
      name: "store_pickups_handed_over_total",
      help: "Orders handed over at the store's counter, by currency and gateway.",
      labelNames: ["currency", "gateway"] as const,
      registers,
    }),
    gatewayCalls: new Histogram({
      name: "store_gateway_call_duration_seconds",
      help: "Calls to a payment gateway, by provider, operation and outcome (ok, error, timeout); _count counts the calls.",
      labelNames: ["provider", "operation", "outcome"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    webhooks: new Counter({
      name: "store_webhook_notifications_total",
      help: "Payment notifications received, by provider and what the store did with them.",
      labelNames: ["provider", "result"] as const,
      registers,
    }),
    reservationsExpired: new Counter({
      name: "store_reservations_expired_total",
      help: "Unpaid orders whose stock reservation ran out and was given back.",
      registers,
    }),
    sweeps: new Counter({
      name: "store_reservation_sweeps_total",
      help: "Runs of the reservation sweep in this process, by outcome (ok, failed).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    sweepLast: new Gauge({
      name: "store_reservation_sweep_last_success_timestamp_seconds",
      help: "When this process's reservation sweep last ran without an error (Unix time).",
      registers,
    }),
    statementTimeouts: new Counter({
      name: "store_db_statement_timeouts_total",
      help: "Database statements that ran past their time limit (cancelled by the server or given up by the client).",
      registers,
    }),
    circuitOpen: new Gauge({
      name: "store_circuit_open",
      help: "1 while this process finds the dependency (postgres, redis) out of reach, else 0.",
      labelNames: ["dependency"] as const,
      registers,
    }),
    outages: new Counter({
      name: "store_outages_total",
      help: "Times this process found the dependency (postgres, redis) out of reach after it had answered.",
      labelNames: ["dependency"] as const,
      registers,
    }),
    pageCache: new Counter({
      name: "store_page_cache_lookups_total",
      help: "Guests' catalogue pages looked up in the page cache, by result (hit, stale, miss).",
      labelNames: ["result"] as const,
      registers,
    }),
    rateLimited: new Counter({
      name: "store_rate_limit_refusals_total",
      help: "Requests refused with 429, by the limit (the route template whose limit was reached).",
      labelNames: ["limit"] as const,
      registers,
    }),
    imports: new Counter({
      name: "store_imports_total",
      help: "Product imports applied, by outcome (applied, failed).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    importRows: new Counter({
      name: "store_import_rows_applied_total",
      help: "Products created or updated by imports.",
      registers,
    }),
    emails: new Counter({
      name: "store_emails_total",
      help: "E-mails handed to SMTP, by outcome (sent, failed); without SMTP_URL they stay in the outbox (outbox).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    // The library's defaults give the event loop's lag, not its utilisation: rate() of this is the share of time busy.
    eventLoopActive: new Counter({
      name: "store_eventloop_active_seconds_total",
      help: "Time the event loop spent busy (not waiting for I/O); rate() is its utilisation from 0 to 1.",
      registers,
      collect() {
        this.reset();
        this.inc(performance.eventLoopUtilization().active / 1000);
      },
    }),
    buildInfo: new Gauge({
      name: "store_build_info",
      help: "1, labelled with the store's version and commit.",
      labelNames: ["version", "commit"] as const,
      registers,
    }),
  };
}

export type StoreMetrics = ReturnType<typeof define>;

let on: StoreMetrics | undefined;

/** Turns the metrics on in this process (main.ts when METRICS_PORT is set; tests) and returns them. */
export function enableMetrics(build: { version: string; commit: string }): StoreMetrics {
  const registry = new Registry();
  // The process: CPU, memory, heap, GC, event-loop lag and utilisation, handles, file descriptors.
  collectDefaultMetrics({ register: registry });
  on = define(registry);
  on.buildInfo.set(build, 1);
  return on;
}

/**
 * A gauge read when scraped, from a part of one app (its pool, its catalogue); a later app of the same process
 * (tests) takes the name over. Removed by `close`.
 */
export function collectedGauge(
  metrics: StoreMetrics,
  config: { name: string; help: string; labelNames?: readonly string[]; collect(this: Gauge): void | Promise<void> },
): { close(): void } {
  metrics.registry.removeSingleMetric(config.name);
  const gauge = new Gauge({ ...config, labelNames: config.labelNames ?? [], registers: [metrics.registry] });
  return { close: () => metrics.registry.getSingleMetric(config.name) === gauge && metrics.registry.removeSingleMetric(config.name) };
}

/** The metrics when they are on. */
export const storeMetrics = (): StoreMetrics | undefined => on;

/**
 * The metrics that `enableMetrics` made switched off (undefined) and on again, in a process that holds an app
 * built with them and one built without (bench/metrics-pair.ts): while the one without answers, the store's
 * parts count nothing, as in a process without metrics.
 */
export function switchMetrics(metrics: StoreMetrics | undefined) {
  on = metrics;
}

/** The currency's code as a label (ids of contract/currencies.ts). */
export function currencyLabel(moedaId: number): string {
  const found = Object.entries(MOEDA).find(([, id]) => id === moedaId);
  return found ? found[0] : "other";
}

/**
 * The hooks the store's parts call where something happens. Each returns at once when metrics are off.
 */
export const record = {
  order(event: "placed" | "paid" | "cancelled" | "refunded", moedaId: number, gateway: string) {
    on?.orders.inc({ event, currency: currencyLabel(moedaId), gateway });
  },
  refund(kind: "whole" | "partial", moedaId: number, gateway: string) {
    on?.refunds.inc({ kind, currency: currencyLabel(moedaId), gateway });
  },
  pickup(moedaId: number, gateway: string) {
    on?.pickups.inc({ currency: currencyLabel(moedaId), gateway });
  },
  webhook(provider: string, result: string) {
    on?.webhooks.inc({ provider, result });
  },
  reservationSweep(outcome: "ok" | "failed", released: number) {
    if (!on) return;
    on.sweeps.inc({ outcome });
    if (outcome === "ok") on.sweepLast.set(Date.now() / 1000);
    if (released > 0) on.reservationsExpired.inc(released);
  },
  /** A request failed because the database was out of reach or too slow (errors plugin). */
  databaseUnavailable(err: unknown) {
    if (!on) return;
    const { timeout, unreachable } = databaseFailure(err);
    if (timeout) on.statementTimeouts.inc();
    if (unreachable) openDatabaseCircuit();
  },
  /** A dependency's circuit opened (counted as an outage) or closed. */
  circuit(dependency: "postgres" | "redis", open: boolean) {
    if (!on) return;
    on.circuitOpen.set({ dependency }, open ? 1 : 0);
    if (open) on.outages.inc({ dependency });
  },
  pageCache(result: "hit" | "stale" | "miss") {
    on?.pageCache.inc({ result });
  },
  importApplied(outcome: "applied" | "failed", rows = 0) {
    if (!on) return;
    on.imports.inc({ outcome });
    if (rows > 0) on.importRows.inc(rows);
  },
  email(outcome: "sent" | "failed" | "outbox") {
    on?.emails.inc({ outcome });
  },
};

/** How often a process that found PostgreSQL out of reach asks it again, to close its circuit. */
const DATABASE_PROBE_MS = 2000;
let probeDatabase: (() => Promise<unknown>) | undefined;
let databaseDown = false;

/**
 * The store has no circuit breaker in front of PostgreSQL (each request tries, and answers 503 when it fails):
 * its circuit here opens when a request finds the database out of reach and closes when a probe answers.
 */
export function watchDatabase(probe: (() => Promise<unknown>) | undefined) {
  probeDatabase = probe;
  databaseDown = false;
  if (probe) on?.circuitOpen.set({ dependency: "postgres" }, 0);
}

function openDatabaseCircuit() {
  const probe = probeDatabase;
  if (databaseDown || !probe) return;
  databaseDown = true;
  record.circuit("postgres", true);
  const again = () => {
    setTimeout(() => {
      if (probeDatabase !== probe) return;
      probe().then(() => {
        if (probeDatabase !== probe) return;
        databaseDown = false;
        record.circuit("postgres", false);
      }, again);
    }, DATABASE_PROBE_MS).unref();
  };
  again();
}

/** PostgreSQL's statement timeout and lock timeout: the database answers, a statement was too slow. */
const TIMEOUT_CODES = new Set(["57014", "55P03"]);

/** Whether a database error (or one it wraps) is a statement that ran out of time, or a database out of reach. */
function databaseFailure(err: unknown): { timeout: boolean; unreachable: boolean } {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && TIMEOUT_CODES.has(code)) return { timeout: true, unreachable: false };
    // The client gave up on a connection that stopped answering: a timeout, and the database out of reach.
    if (message === "Query read timeout") return { timeout: true, unreachable: true };
  }
  return { timeout: false, unreachable: true };
}
