import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database's folder belongs to one process at a time: PGlite keeps no lock of its own,
 * and two writers would damage it. The store holds `DATA_DIR/store.lock` (its pid and start time)
 * while it runs; a command that opens the embedded database (staff:create, a dump or restore) takes
 * the same lock, or stops with a message when a live process holds it. A lock whose process is gone
 * (a crash, a killed container) is taken over.
 */

export class StoreLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly since: string,
  ) {
    super(`the store is running on this data folder (pid ${pid}, since ${since})`);
  }
}

interface LockContent {
  pid: number;
  started: string;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(file, "utf8")) as Partial<LockContent>;
    return typeof content.pid === "number" ? { pid: content.pid, started: String(content.started ?? "") } : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the data folder's lock; throws StoreLockedError while another live process holds it. Answers the release. */
export function acquireStoreLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "store.lock");
  const content = JSON.stringify({ pid: process.pid, started: new Date().toISOString() } satisfies LockContent);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, content);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder = readLock(file);
      if (!holder) {
        // Perhaps created this instant and not yet written: a moment later it says who holds it.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
        holder = readLock(file);
      }
      if (holder && alive(holder.pid)) throw new StoreLockedError(holder.pid, holder.started);
      // A stale lock (its process is gone), or one being written this instant: removed and tried again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}
