import { PassThrough, type Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { SIGNUPS_PER_PAGE, type Signup } from "#contract/api/admin/content.ts";
import { shopLocalInput } from "#contract/shop-time.ts";
import { queryRows, type Db } from "#db/client.ts";
import { writeRows } from "../imports/file.ts";

const EXPORT_BATCH = 1000;
const COLUMNS = sql`id, celular, lang, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** The offers sign-ups (the home page's phone numbers, spec §3): a page of them newest first, and all of them as CSV. */
export function createSignups(db: Db, log: { error(obj: unknown, msg?: string): void }) {
  async function page(number: number) {
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM contatos_newsletter`);
    const data = await queryRows<Signup>(
      db,
      sql`SELECT ${COLUMNS} FROM contatos_newsletter ORDER BY created_at DESC, id DESC
        LIMIT ${SIGNUPS_PER_PAGE} OFFSET ${(number - 1) * SIGNUPS_PER_PAGE}`,
    );
    return { data, total: Number(count?.n ?? 0), page: number, per_page: SIGNUPS_PER_PAGE };
  }

  /**
   * Every sign-up, newest first, read a thousand at a time by a keyset (no offsets): `;`-separated with a BOM for
   * Excel, the time on the shop's clock, and no cell a spreadsheet would run as a formula (writeRows).
   */
  function exportCsv(): Readable {
    async function* rows(): AsyncGenerator<string[]> {
      for (let before: number | undefined; ;) {
        const batch = await queryRows<Signup>(
          db,
          sql`SELECT ${COLUMNS} FROM contatos_newsletter ${before === undefined ? sql`` : sql`WHERE id < ${before}`}
            ORDER BY id DESC LIMIT ${EXPORT_BATCH}`,
        );
        for (const r of batch) yield [r.celular, r.lang ?? "", shopLocalInput(r.created_at).slice(0, 16).replace("T", " ")];
        if (batch.length < EXPORT_BATCH) return;
        before = batch[batch.length - 1]!.id;
      }
    }
    const out = new PassThrough();
    writeRows(out, "csv", ["celular", "idioma", "data"], rows()).catch((err: unknown) => {
      log.error({ err }, "sign-ups export failed");
      out.destroy(err as Error);
    });
    return out;
  }

  return { page, exportCsv };
}
