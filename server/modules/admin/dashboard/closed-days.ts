import { sql } from "drizzle-orm";
import { queryRows, type Db } from "#db/client.ts";

/**
 * The figures of days that are over, kept by each process between dashboards (docs/decisions/044).
 *
 * A day's figures are worked out under a database snapshot and kept with it. The triggers of migration
 * 0025 write a row to `painel_alteracoes` for every closed day a transaction changes (an order paid or
 * expired the next day, a refund, a cleared table), with that transaction's id. Before each dashboard
 * the rows newer than the oldest kept snapshot are read: a day whose row comes from a transaction its
 * snapshot did not see is worked out again. A transaction that had not committed when the day was
 * worked out is invisible to that snapshot, so no change slips between the reading and the keeping,
 * whatever order the transactions commit in; and nothing here is locked by a checkout or a payment.
 */

/** What a closed day holds for one currency and one payment status. */
export interface DayRow {
  moeda_id: number;
  status: string;
  n: number;
  total: string;
  estornado: string;
}

export interface ClosedDay {
  rows: DayRow[];
  /** Units of each product in the day's paid orders (kept only for days the most sold may count). */
  units?: Map<number, number>;
}

/** A day of the shop's calendar: its date and its edges as instants. */
export interface Day {
  dia: string;
  inicio: string;
  fim: string;
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

interface Kept extends ClosedDay {
  snapshot: Snapshot;
  at: number;
}

/** How long a kept day answers before it is worked out again anyway (the change rows live a day). */
const KEEP_MS = 10 * 60_000;
/** How often a process removes the change rows older than a day. */
const PRUNE_EVERY_MS = 60 * 60_000;

export type WorkOut = (db: Db, days: Day[], withUnits: (day: Day) => boolean) => Promise<Map<string, ClosedDay>>;

export class ClosedDays {
  private readonly kept = new Map<string, Kept>();
  private prunedAt = 0;

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

  /** Drops the kept days that a transaction their snapshot did not see has changed (a row without a day: every day). */
  forget(changes: { dia: string | null; xid: string }[]) {
    for (const c of changes) {
      const xid = BigInt(c.xid);
      for (const [dia, k] of this.kept) if ((c.dia === null || c.dia === dia) && !k.snapshot.sees(xid)) this.kept.delete(dia);
    }
  }

  /** The figures of these closed days, those kept (after `forget`) and young enough, the rest worked out now and kept. */
  async figures(db: Db, days: Day[], withUnits: (day: Day) => boolean): Promise<Map<string, ClosedDay>> {
    await this.prune(db);
    const now = this.clock();
    const missing = days.filter((d) => {
      const k = this.kept.get(d.dia);
      return !k || now - k.at >= KEEP_MS || (withUnits(d) && !k.units);
    });
    if (missing.length) {
      // Taken before the figures are read: a change between the two is seen by the figures and not by the
      // snapshot, which only works the day out once more.
      const [{ snap }] = (await queryRows<{ snap: string }>(db, sql`SELECT pg_current_snapshot()::text AS snap`)) as [{ snap: string }];
      const snapshot = Snapshot.parse(snap);
      const fresh = await this.workOut(db, missing, withUnits);
      for (const d of missing) this.kept.set(d.dia, { rows: [], ...fresh.get(d.dia), snapshot, at: now });
    }
    const wanted = new Set(days.map((d) => d.dia));
    for (const dia of this.kept.keys()) if (!wanted.has(dia)) this.kept.delete(dia);
    return new Map(days.map((d) => [d.dia, this.kept.get(d.dia)!]));
  }

  /** Removes the change rows older than a day, once an hour. */
  private async prune(db: Db) {
    if (this.clock() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = this.clock();
    await db.execute(sql`DELETE FROM painel_alteracoes WHERE criado_em < now() - interval '1 day'`);
  }
}
