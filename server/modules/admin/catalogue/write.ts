import type { Db, Tx } from "#db/client.ts";

/**
 * How the back office writes the catalogue (docs/decisions/020): in one transaction with its audit
 * record; the change feed's triggers bring it to every process's in-memory catalogue, and `changed`
 * then drops the cached pages and answers so shoppers see it at once. `refuse` turns a database's
 * refusal into the caller's answer.
 */
export function catalogWriter(db: Db, changed: () => Promise<void>, refuse?: (err: unknown) => void) {
  return async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(fn).catch((err: unknown) => {
      refuse?.(err);
      throw err;
    });
    await changed();
    return result;
  };
}
