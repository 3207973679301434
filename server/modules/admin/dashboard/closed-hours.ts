import Big from "big.js";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "#db/client.ts";

/**
 * The figures of the hours that are over, kept by each process between dashboards (docs/decisions/044).
 *
 * An hour's figures are worked out under a database snapshot and kept with it. The triggers of migration
 * 0025 write a row to `painel_alteracoes` for every closed hour a transaction changes (an order paid or
 * expired after its hour, a refund, a cleared table), with that transaction's id. Before each dashboard
 * the rows newer than the oldest kept snapshot are read: an hour whose row comes from a transaction its
 * snapshot did not see is worked out again. A transaction that had not committed when the hour was
 * worked out is invisible to that snapshot, so no change slips between the reading and the keeping,
 * whatever order the transactions commit in; and nothing here is locked by a checkout or a payment.
 */

/** Hours are counted since 1970 (UTC): the shop's days start on whole hours. */
export const HOUR_MS = 3_600_000;
export const hourOf = (iso: string) => Math.floor(Date.parse(iso) / HOUR_MS);
export const hourStart = (hour: number) => new Date(hour * HOUR_MS).toISOString();

/** What a closed hour holds for one currency and one payment status. */
export interface HourRow {
  moeda_id: number;
  status: string;
  n: number;
  total: string;
  estornado: string;
}

export interface ClosedHour {
  rows: HourRow[];
  /** Units of each product in the hour's paid orders (kept only for hours the most sold may count). */
  units?: Map<number, number>;
}

/** A PostgreSQL snapshot (`pg_current_snapshot()`): which transactions' work it sees. */
export class Snapshot {
  private constructor(
    readonly xmin: bigint,
    private readonly xmax: bigint,
    private readonly running: ReadonlySet<bigint>,
  ) {}

  /** From the text form `xmin:xmax:xip,xip,…`. */
  static parse(text: string): Snapshot {
    const [xmin, xmax, xip = ""] = text.split(":");
    return new Snapshot(BigInt(xmin!), BigInt(xmax!), new Set(xip ? xip.split(",").map(BigInt) : []));
  }

  /** Whether a committed transaction's work is seen (as pg_visible_in_snapshot says). */
  sees(xid: bigint): boolean {
    return xid < this.xmin || (xid < this.xmax && !this.running.has(xid));
  }
}

interface Kept extends ClosedHour {
  snapshot: Snapshot;
  at: number;
}

/** How long a kept hour answers before it is worked out again anyway (the change rows live a day). */
const KEEP_MS = 60 * 60_000;
/** How often a process removes the change rows older than a day. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** The sums of a run of consecutive kept hours: their rows merged by currency and status, their units added. */
export interface RunSums {
  rows: { moeda_id: number; status: string; n: number; total: Big; estornado: Big }[];
  units: Map<number, number>;
}

export type WorkOut = (db: Db, hours: number[], withUnits: (hour: number) => boolean) => Promise<Map<number, ClosedHour>>;

export class ClosedHours {
  private readonly kept = new Map<number, Kept>();
  private prunedAt = 0;
  /** Runs' sums by their first and last hour, with the kept hours they were added from. */
  private readonly runs = new Map<string, { parts: (Kept | undefined)[]; sums: RunSums; used: boolean }>();

  constructor(
    private readonly workOut: WorkOut,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * From which transaction on the change rows must be read: the oldest kept snapshot's xmin (every
   * transaction before it was seen by all of them). Undefined while nothing is kept.
   */
  since(): bigint | undefined {
    let oldest: bigint | undefined;
    for (const k of this.kept.values()) if (oldest === undefined || k.snapshot.xmin < oldest) oldest = k.snapshot.xmin;
    return oldest;
  }

  /** Drops the kept hours that a transaction their snapshot did not see has changed (a row without an hour: every hour). */
  forget(changes: { hora: string | number | null; xid: string }[]) {
    for (const c of changes) {
      const xid = BigInt(c.xid);
      const hours = c.hora === null ? [...this.kept.keys()] : [Number(c.hora)];
      for (const hour of hours) {
        const k = this.kept.get(hour);
        if (k && !k.snapshot.sees(xid)) this.kept.delete(hour);
      }
    }
  }

  /** The figures of these closed hours, those kept (after `forget`) and young enough, the rest worked out now and kept. */
  async figures(db: Db, hours: number[], withUnits: (hour: number) => boolean): Promise<Map<number, ClosedHour>> {
    await this.prune(db);
    const now = this.clock();
    const missing = hours.filter((h) => {
      const k = this.kept.get(h);
      return !k || now - k.at >= KEEP_MS || (withUnits(h) && !k.units);
    });
    if (missing.length) {
      // Taken before the figures are read: a change between the two is seen by the figures and not by the
      // snapshot, which only works the hour out once more.
      const [{ snap }] = (await queryRows<{ snap: string }>(db, sql`SELECT pg_current_snapshot()::text AS snap`)) as [{ snap: string }];
      const snapshot = Snapshot.parse(snap);
      const fresh = await this.workOut(db, missing, withUnits);
      for (const h of missing) this.kept.set(h, { rows: [], ...fresh.get(h), snapshot, at: now });
    }
    const wanted = new Set(hours);
    for (const h of this.kept.keys()) if (!wanted.has(h)) this.kept.delete(h);
    for (const [key, memo] of this.runs)
      if (memo.used) memo.used = false;
      else this.runs.delete(key);
    return this.kept;
  }

  /**
   * The sums of consecutive kept hours (those `figures` returned last), added up again only when one of
   * them was worked out again since: a dashboard adds some two thousand hours into a few dozen slices,
   * and most of those slices are the same from one call to the next. Runs not asked for since the last
   * `figures` are let go.
   */
  sums(run: number[]): RunSums {
    const key = `${run[0]}-${run.at(-1)}`;
    const parts = run.map((h) => this.kept.get(h));
    const memo = this.runs.get(key);
    if (memo && memo.parts.length === parts.length && memo.parts.every((k, i) => k === parts[i])) {
      memo.used = true;
      return memo.sums;
    }
    const rows = new Map<string, RunSums["rows"][number]>();
    const units = new Map<number, number>();
    for (const k of parts) {
      for (const r of k?.rows ?? []) {
        const id = `${r.moeda_id}:${r.status}`;
        const m = rows.get(id);
        if (m) {
          m.n += r.n;
          m.total = m.total.plus(r.total);
          m.estornado = m.estornado.plus(r.estornado);
        } else rows.set(id, { moeda_id: r.moeda_id, status: r.status, n: r.n, total: new Big(r.total), estornado: new Big(r.estornado) });
      }
      for (const [id, n] of k?.units ?? []) units.set(id, (units.get(id) ?? 0) + n);
    }
    const sums = { rows: [...rows.values()], units };
    this.runs.set(key, { parts, sums, used: true });
    return sums;
  }

  /** Removes the change rows older than a day, once an hour. */
  private async prune(db: Db) {
    if (this.clock() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = this.clock();
    await db.execute(sql`DELETE FROM painel_alteracoes WHERE criado_em < now() - interval '1 day'`);
  }
}
