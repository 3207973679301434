import { sql } from "drizzle-orm";
import type { z } from "zod";
import { BANNER_WIDTH, type AdminBanner, type BannerBodySchema } from "#contract/api/admin/content.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import { localPath } from "#contract/local-path.ts";
import { queryRows, type Db, type DbOrTx, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { UploadedFile } from "../../../lib/multipart.ts";
import { audited, type Actor } from "../audit.ts";
import { contentImages, contentWriter } from "./images.ts";

type BannerBody = z.output<typeof BannerBodySchema>;

interface BannerRow {
  id: number;
  tipo: string;
  imagem_url: string | null;
  link: string | null;
  titulo_pt: string | null;
  titulo_es: string | null;
  descricao_pt: string | null;
  descricao_es: string | null;
  ordem: number;
  ativo: boolean;
  inicio: string | null;
  fim: string | null;
  no_ar: boolean;
}

const COLUMNS = sql`id, tipo, imagem_url, link, titulo_pt, titulo_es, descricao_pt, descricao_es, ordem, ativo,
  to_char(inicio AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS inicio,
  to_char(fim AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fim,
  (ativo AND imagem_url IS NOT NULL AND (inicio IS NULL OR inicio <= now()) AND (fim IS NULL OR fim > now())) AS no_ar`;

const toBanner = (r: BannerRow): AdminBanner => ({ ...r, ordem: Number(r.ordem) });

/**
 * The checks a schema cannot say with their own message: a link on this store only (a path, which the
 * storefront follows on the host the page is on), and a window whose end comes after its start.
 */
function checked(body: BannerBody) {
  const errors: Record<string, ApiMessageKey[]> = {};
  const link = body.link === undefined ? null : (localPath(body.link) ?? null);
  if (body.link !== undefined && link === null) errors.link = ["banner_link_local"];
  if (body.inicio && body.fim && body.fim <= body.inicio) errors.fim = ["banner_window"];
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new HttpError(422, fields.length === 1 ? errors[fields[0]!]![0]! : "validation_failed", { errors });
  return { ...body, link };
}

/** The home page's banners (spec §3): written in one transaction with their audit record, then every process's pages are cleared. */
export function createAdminBanners({ db, mediaDir, changed }: { db: Db; mediaDir: string; changed: () => Promise<void> }) {
  const write = contentWriter(db, changed);
  const images = contentImages(mediaDir, "banners", "imagem", "banner_image_type");

  async function read(tx: DbOrTx, id: number, lock = false): Promise<AdminBanner> {
    const [row] = await queryRows<BannerRow>(tx, sql`SELECT ${COLUMNS} FROM banners WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`);
    if (!row) throw new HttpError(404, "banner_not_found");
    return toBanner(row);
  }

  async function list(): Promise<AdminBanner[]> {
    const rows = await queryRows<BannerRow>(db, sql`SELECT ${COLUMNS} FROM banners ORDER BY tipo, ordem, id DESC`);
    return rows.map(toBanner);
  }

  const values = (b: ReturnType<typeof checked>) => ({
    tipo: b.tipo,
    link: b.link,
    titulo_pt: b.titulo_pt ?? null,
    titulo_es: b.titulo_es ?? null,
    descricao_pt: b.descricao_pt ?? null,
    descricao_es: b.descricao_es ?? null,
    ordem: b.ordem,
    ativo: b.ativo,
    inicio: b.inicio?.toISOString() ?? null,
    fim: b.fim?.toISOString() ?? null,
  });

  function create(actor: Actor, body: BannerBody): Promise<AdminBanner> {
    const v = values(checked(body));
    return write(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO banners (tipo, link, titulo_pt, titulo_es, descricao_pt, descricao_es, ordem, ativo, inicio, fim)
          VALUES (${v.tipo}, ${v.link}, ${v.titulo_pt}, ${v.titulo_es}, ${v.descricao_pt}, ${v.descricao_es}, ${v.ordem}, ${v.ativo},
            ${v.inicio}::timestamptz, ${v.fim}::timestamptz) RETURNING id`,
      );
      const created = await read(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "banner", entidade_id: created.id, depois: withoutState(created) });
      return created;
    });
  }

  function update(actor: Actor, id: number, body: BannerBody): Promise<AdminBanner> {
    const v = values(checked(body));
    return write(async (tx) => {
      const before = await read(tx, id, true);
      await tx.execute(
        sql`UPDATE banners SET tipo = ${v.tipo}, link = ${v.link}, titulo_pt = ${v.titulo_pt}, titulo_es = ${v.titulo_es},
          descricao_pt = ${v.descricao_pt}, descricao_es = ${v.descricao_es}, ordem = ${v.ordem}, ativo = ${v.ativo},
          inicio = ${v.inicio}::timestamptz, fim = ${v.fim}::timestamptz WHERE id = ${id}`,
      );
      const after = await read(tx, id);
      await audited(tx, actor, { acao: "editar", entidade: "banner", entidade_id: id, antes: withoutState(before), depois: withoutState(after) });
      return after;
    });
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    const before = await write(async (tx: Tx) => {
      const row = await read(tx, id, true);
      await tx.execute(sql`DELETE FROM banners WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "banner", entidade_id: id, antes: withoutState(row) });
      return row;
    });
    await images.remove(before.imagem_url);
  }

  async function setImage(actor: Actor, id: number, file: UploadedFile | undefined): Promise<AdminBanner> {
    await read(db, id);
    return images.replace(id, file, BANNER_WIDTH, (url) =>
      write(async (tx) => {
        const before = await read(tx, id, true);
        await tx.execute(sql`UPDATE banners SET imagem_url = ${url} WHERE id = ${id}`);
        await audited(tx, actor, {
          acao: "imagens",
          entidade: "banner",
          entidade_id: id,
          antes: { imagem_url: before.imagem_url },
          depois: { imagem_url: url },
        });
        return { result: await read(tx, id), old: before.imagem_url };
      }),
    );
  }

  return { list, create, update, remove, setImage };
}

/** What the log keeps of a banner: its fields, not whether it happened to be on the page at that moment. */
function withoutState({ no_ar: _, ...banner }: AdminBanner) {
  return banner;
}
