import { sql } from "drizzle-orm";
import { queryRows, type Db } from "#db/client.ts";

/** The channel the change triggers notify (db/migrations/0009_catalogue_changes.sql). */
const CHANGES_CHANNEL = "catalogo_alteracoes";
/** A statement changing more than this many products asks for a reload of all (as the triggers do). */
const MAX_CHANGES_PER_REFRESH = 1000;
/**
 * Changes are re-read for this long after they were written: a transaction that wrote an earlier
 * version may commit after a later one was read (PostgreSQL, several connections).
 */
const LATE_COMMIT_WINDOW_SECONDS = 10;
/** Change rows older than this are deleted (every process has long read them). */
const PRUNE_AFTER = "1 hour";
const PRUNE_EVERY_MS = 10 * 60_000;
/** The feed row that names no product but brands, categories, departments or rates. */
const NAMES_CHANGED = 0;

/** What the feed asks of the parts that follow it. */
export type CatalogChange =
  /** Read everything: the first load, or a statement that changed more products than are read one by one. */
  | { all: true }
  /** Read these products again (gone ones are hidden or deleted); `names`: brands, categories, departments or rates changed. */
  | { all: false; names: boolean; products: number[] };

/**
 * A part kept current by the feed: it reads what a change asks for and returns how to apply it. Every
 * part's reading is applied at once, after all of them are read, so no answer sees one part new and
 * another old.
 */
export type Follower = (change: CatalogChange) => Promise<(() => void) | undefined>;

export interface ChangeFeedOptions {
  onError?: (err: unknown) => void;
  /**
   * Notifications of committed changes, delivered in this process before the writing call returns
   * (the embedded database, which only this process writes): the feed then asks the database only
   * after a change instead of before every answer.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<unknown>;
}

export interface ChangeFeed {
  /** Resolves when every change committed before the call is applied by every follower. */
  fresh(): Promise<void>;
  follow(follower: Follower): void;
}

/**
 * `catalogo_alteracoes`, read in order (docs/decisions/018): triggers write every change there in the
 * writing transaction, and before an answer the feed reads what is new (one small query shared by
 * every request waiting at that moment) and hands it to its followers.
 */
export function createChangeFeed(db: Db, { onError = () => {}, listen }: ChangeFeedOptions = {}): ChangeFeed {
  const followers: Follower[] = [];
  let seen = 0;
  /** Versions applied within the late-commit window, so a re-read one is not applied twice. */
  const recent = new Map<number, number>();
  let loaded = false;
  let lastPrune = 0;
  let listening = false;
  /** A change was notified since the last refresh began. */
  let dirty = true;

  async function tell(change: CatalogChange) {
    const applies = await Promise.all(followers.map((follower) => follower(change)));
    for (const apply of applies) apply?.();
  }

  async function loadAll() {
    // The feed's position first: what changes while everything is read is read again next time.
    const [top] = await queryRows<{ versao: number | null }>(db, sql`SELECT max(versao)::float8 AS versao FROM catalogo_alteracoes`);
    await tell({ all: true });
    seen = Math.max(seen, top?.versao ?? 0);
    loaded = true;
  }

  async function refresh() {
    if (!loaded) {
      if (listen && !listening) {
        await listen(CHANGES_CHANNEL, () => (dirty = true));
        listening = true;
      }
      dirty = false;
      return loadAll();
    }
    dirty = false;
    // Two index range scans (the key, and the write time of the last seconds: now(), which an index can
    // compare with, unlike clock_timestamp()), never a scan of the feed, which holds an hour of changes.
    const changes = await queryRows<{ versao: number; produto_id: number | null }>(
      db,
      sql`SELECT versao::float8 AS versao, produto_id FROM catalogo_alteracoes WHERE versao > ${seen}
        UNION ALL
        SELECT versao::float8 AS versao, produto_id FROM catalogo_alteracoes
        WHERE criado_em > now() - make_interval(secs => ${LATE_COMMIT_WINDOW_SECONDS}) AND versao <= ${seen}
        ORDER BY versao LIMIT ${MAX_CHANGES_PER_REFRESH + 1}`,
    );
    const now = Date.now();
    for (const [version, at] of recent) if (now - at > LATE_COMMIT_WINDOW_SECONDS * 2000) recent.delete(version);
    const unseen = changes.filter((c) => !recent.has(c.versao));
    if (unseen.length > 0) {
      if (unseen.length > MAX_CHANGES_PER_REFRESH || unseen.some((c) => c.produto_id === null)) await loadAll();
      else {
        const products = [...new Set(unseen.map((c) => c.produto_id!).filter((id) => id !== NAMES_CHANGED))];
        await tell({ all: false, names: unseen.some((c) => c.produto_id === NAMES_CHANGED), products });
      }
      // Seen only once every follower's reading is applied: if one read failed (the database dropped
      // for a moment), the next refresh reads these versions again instead of skipping them as seen.
      for (const c of unseen) recent.set(c.versao, now);
      seen = Math.max(seen, ...unseen.map((c) => c.versao));
    }
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      db.execute(sql`DELETE FROM catalogo_alteracoes WHERE criado_em < now() - ${PRUNE_AFTER}::interval`).catch(onError);
    }
  }

  // One refresh at a time; a request arriving while one runs waits for the next, which starts after it.
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  function start(): Promise<void> {
    const run = refresh()
      .catch((err: unknown) => {
        // The notified change is still unread: the next answer asks again rather than waiting for another.
        dirty = true;
        throw err;
      })
      .finally(() => {
        if (running === run) running = null;
      });
    running = run;
    return run;
  }
  function fresh(): Promise<void> {
    // Told of every change: nothing to ask unless one came (a refresh under way began after it did).
    if (listening && loaded && !dirty) return running ?? Promise.resolve();
    if (!running) return start();
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return start();
      });
    return next;
  }

  return { fresh, follow: (follower) => void followers.push(follower) };
}
