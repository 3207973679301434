import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import type { RowPlan } from "./plan.ts";

/**
 * An apply's plan kept on disk between its two steps, one batch a line (docs/decisions/024): planning
 * happens outside the transaction so the store keeps answering, and the writes read it back a batch at
 * a time, so memory holds a batch, never the whole file's plan.
 */
export function planSpill(path: string) {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_resolve, reject) => out.once("error", reject));
  void failed.catch(() => {});
  return {
    async write(plans: RowPlan[]) {
      if (!out.write(`${JSON.stringify(plans)}\n`)) await Promise.race([once(out, "drain"), failed]);
    },
    async close() {
      out.end();
      await Promise.race([once(out, "finish"), failed]);
    },
    async *batches(): AsyncGenerator<RowPlan[]> {
      const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
      for await (const line of lines) if (line) yield JSON.parse(line) as RowPlan[];
    },
  };
}
