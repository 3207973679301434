import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminPageText } from "#contract/api/admin/pages.ts";
import { PAGE_TEXT_DEFAULTS, pageTextKeys, type PageTextKey, type PageTextsBodySchema, type TextPage } from "#contract/page-texts.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { audited, type Actor } from "../audit.ts";
import { catalogWriter } from "../catalogue/write.ts";

type TextsBody = z.output<typeof PageTextsBodySchema>;

/** A page's texts as staff edit them: each with what the page shows now and its default. */
async function read(tx: Db | Tx, page: TextPage): Promise<AdminPageText[]> {
  const rows = await queryRows<{ chave: string; texto_pt: string; texto_es: string }>(
    tx,
    sql`SELECT chave, texto_pt, texto_es FROM textos_paginas WHERE chave LIKE ${`${page}.%`}`,
  );
  const changed = new Map(rows.map((r) => [r.chave, r]));
  return pageTextKeys(page).map((chave) => {
    const row = changed.get(chave);
    const padrao = PAGE_TEXT_DEFAULTS[chave];
    return {
      chave,
      texto_pt: row?.texto_pt ?? padrao.pt,
      texto_es: row?.texto_es ?? padrao.es,
      padrao_pt: padrao.pt,
      padrao_es: padrao.es,
      alterado: row !== undefined,
    };
  });
}

/**
 * The how-to-buy and about pages' texts (docs/decisions/033). `textos_paginas` keeps only what differs
 * from the default: a text saved as its default removes the row, so the page follows the default again.
 * One audit record per save, with each changed text before and after.
 */
export function createPageTexts({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  const write = catalogWriter(db, changed);

  const save = (actor: Actor, page: TextPage, body: TextsBody) =>
    write(async (tx) => {
      const keys = new Set<string>(pageTextKeys(page));
      const sent = Object.entries(body.textos) as [PageTextKey, { pt: string; es: string }][];
      const foreign = sent.filter(([key]) => !keys.has(key));
      if (foreign.length > 0) {
        throw new HttpError(422, "validation_failed", {
          errors: Object.fromEntries(foreign.map(([key]) => [`textos.${key}`, ["page_text_other_page" as const]])),
        });
      }
      // One save of a page at a time: the before and after of the audit record are the page's own.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`textos_paginas:${page}`}))`);
      const before = await read(tx, page);
      for (const [chave, text] of sent) {
        const padrao = PAGE_TEXT_DEFAULTS[chave];
        if (text.pt === padrao.pt && text.es === padrao.es) await tx.execute(sql`DELETE FROM textos_paginas WHERE chave = ${chave}`);
        else {
          await tx.execute(sql`INSERT INTO textos_paginas (chave, texto_pt, texto_es, updated_at) VALUES (${chave}, ${text.pt}, ${text.es}, now())
              ON CONFLICT (chave) DO UPDATE SET texto_pt = excluded.texto_pt, texto_es = excluded.texto_es, updated_at = now()`);
        }
      }
      const after = await read(tx, page);
      const differs = after.filter((a, i) => a.texto_pt !== before[i]!.texto_pt || a.texto_es !== before[i]!.texto_es);
      if (differs.length > 0) {
        const pick = (list: AdminPageText[]) =>
          Object.fromEntries(list.filter((t) => differs.some((d) => d.chave === t.chave)).map((t) => [t.chave, { pt: t.texto_pt, es: t.texto_es }]));
        await audited(tx, actor, { acao: "editar", entidade: "texto_pagina", entidade_id: page, antes: pick(before), depois: pick(after) });
      }
      return after;
    });

  return { read: (page: TextPage) => read(db, page), save };
}
