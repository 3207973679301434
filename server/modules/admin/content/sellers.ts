import { sql } from "drizzle-orm";
import type { z } from "zod";
import { SELLER_PHOTO_WIDTH, whatsappNumber, type AdminSeller, type SellerBodySchema } from "#contract/api/admin/content.ts";
import { queryRows, type Db, type DbOrTx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { UploadedFile } from "../../../lib/multipart.ts";
import { audited, type Actor } from "../audit.ts";
import { contentImages, contentWriter } from "./images.ts";

type SellerBody = z.output<typeof SellerBodySchema>;

const COLUMNS = sql`id, nome, funcao_pt, funcao_es, foto, whatsapp, ordem, ativo`;

/** The number as the masks write it; a number given that is not one the team can be reached on is refused. */
function whatsappOf(body: SellerBody): string | null {
  if (body.whatsapp === undefined) return null;
  const number = whatsappNumber(body.whatsapp);
  if (!number) throw new HttpError(422, "whatsapp_invalid", { errors: { whatsapp: ["whatsapp_invalid"] } });
  return number;
}

/** The sales team of /vendedores (spec §3): written with their audit record, then every process's pages are cleared. */
export function createAdminSellers({ db, mediaDir, changed }: { db: Db; mediaDir: string; changed: () => Promise<void> }) {
  const write = contentWriter(db, changed);
  const images = contentImages(mediaDir, "vendedores", "foto", "image_type");

  async function read(tx: DbOrTx, id: number, lock = false): Promise<AdminSeller> {
    const [row] = await queryRows<AdminSeller>(tx, sql`SELECT ${COLUMNS} FROM vendedores WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`);
    if (!row) throw new HttpError(404, "seller_not_found");
    return { ...row, ordem: Number(row.ordem) };
  }

  async function list(): Promise<AdminSeller[]> {
    const rows = await queryRows<AdminSeller>(db, sql`SELECT ${COLUMNS} FROM vendedores ORDER BY ordem, id`);
    return rows.map((r) => ({ ...r, ordem: Number(r.ordem) }));
  }

  function create(actor: Actor, body: SellerBody): Promise<AdminSeller> {
    const whatsapp = whatsappOf(body);
    return write(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO vendedores (nome, funcao_pt, funcao_es, whatsapp, ordem, ativo)
          VALUES (${body.nome}, ${body.funcao_pt}, ${body.funcao_es}, ${whatsapp}, ${body.ordem}, ${body.ativo}) RETURNING id`,
      );
      const created = await read(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "vendedor", entidade_id: created.id, depois: created });
      return created;
    });
  }

  function update(actor: Actor, id: number, body: SellerBody): Promise<AdminSeller> {
    const whatsapp = whatsappOf(body);
    return write(async (tx) => {
      const before = await read(tx, id, true);
      await tx.execute(
        sql`UPDATE vendedores SET nome = ${body.nome}, funcao_pt = ${body.funcao_pt}, funcao_es = ${body.funcao_es},
          whatsapp = ${whatsapp}, ordem = ${body.ordem}, ativo = ${body.ativo} WHERE id = ${id}`,
      );
      const after = await read(tx, id);
      await audited(tx, actor, { acao: "editar", entidade: "vendedor", entidade_id: id, antes: before, depois: after });
      return after;
    });
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    const before = await write(async (tx) => {
      const row = await read(tx, id, true);
      await tx.execute(sql`DELETE FROM vendedores WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "vendedor", entidade_id: id, antes: row });
      return row;
    });
    await images.remove(before.foto);
  }

  async function setPhoto(actor: Actor, id: number, file: UploadedFile | undefined): Promise<AdminSeller> {
    await read(db, id);
    return images.replace(id, file, SELLER_PHOTO_WIDTH, (url) => savePhoto(actor, id, url));
  }

  /** Sets (or with null takes off) a seller's photo; answers the seller and the address it replaced. */
  function savePhoto(actor: Actor, id: number, url: string | null) {
    return write(async (tx) => {
      const before = await read(tx, id, true);
      await tx.execute(sql`UPDATE vendedores SET foto = ${url} WHERE id = ${id}`);
      await audited(tx, actor, { acao: "imagens", entidade: "vendedor", entidade_id: id, antes: { foto: before.foto }, depois: { foto: url } });
      return { result: await read(tx, id), old: before.foto };
    });
  }

  async function removePhoto(actor: Actor, id: number): Promise<AdminSeller> {
    const { result, old } = await savePhoto(actor, id, null);
    await images.remove(old);
    return result;
  }

  return { list, create, update, remove, setPhoto, removePhoto };
}
