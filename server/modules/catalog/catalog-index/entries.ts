import { sql } from "drizzle-orm";
import { queryRows, type Db } from "#db/client.ts";

/** One active product as lists and searches need it. */
export interface Entry {
  /** Place in the index's arrays (scores and flags of a search are kept by slot). */
  slot: number;
  id: number;
  /** 1 in stock, 0 not (in stock sorts after out of stock ascending, as PostgreSQL orders booleans). */
  stock: number;
  especial: boolean;
  brandId: number | null;
  categoryId: number | null;
  departmentId: number | null;
  valorUsd: number;
  codigo: string;
  nomeOrdemPt: string;
  nomeOrdemEs: string;
  nomePt: string;
  nomeEs: string;
  slug: string;
  valorVenda: string;
  moedaId: number;
  qtdeDisponivel: number;
  qtdeFisica: number;
  mostrarPreco: boolean;
  imagens: string[] | null;
  /** Its search words' numbers (postings), and each one's label bits. */
  words: Int32Array;
  bits: Uint8Array;
}

export interface LoadedRow {
  id: number;
  tem_estoque: boolean;
  especial: boolean;
  brand_id: number | null;
  category_id: number | null;
  department_id: number | null;
  valor_usd: number;
  codigo: string;
  nome_pt_ordem: string;
  nome_es_ordem: string;
  busca: string;
  slug: string;
  nome_pt: string;
  nome_es: string;
  valor_venda: string;
  moeda_id: number;
  qtde_disponivel: number;
  qtde_fisica: number;
  mostrar_preco: boolean;
  imagens: string[] | null;
}

const loadColumns = sql`l.id, l.tem_estoque, l.especial, l.brand_id, l.category_id, l.department_id,
  l.valor_usd::float8 AS valor_usd, l.codigo, l.nome_pt_ordem, l.nome_es_ordem, l.busca_tsv::text AS busca,
  p.slug, p.nome_pt, p.nome_es, p.valor_venda, p.moeda_id, p.qtde_disponivel, p.qtde_fisica, p.mostrar_preco,
  (SELECT array_agg(i.url ORDER BY i.ordem, i.id) FROM produto_imagens i WHERE i.product_id = p.id) AS imagens`;
/** Products read per statement when everything is loaded: other requests get the connection in between. */
const LOAD_BATCH = 10_000;
/** The columns' first size; they double when full. */
const FIRST_COLUMN_SIZE = 1024;
/** A column's value for a product without that brand, category or department. */
export const NONE = -1;

/** Every active product, in id order. */
export async function readAllProducts(db: Db): Promise<LoadedRow[]> {
  const rows: LoadedRow[] = [];
  for (let after = 0; ;) {
    const batch = await queryRows<LoadedRow>(
      db,
      sql`SELECT ${loadColumns} FROM produtos_lista l JOIN produtos p ON p.id = l.id
        WHERE l.ativo AND l.id > ${after} ORDER BY l.id LIMIT ${LOAD_BATCH}`,
    );
    rows.push(...batch);
    if (batch.length < LOAD_BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  return rows;
}

/** The active ones of these products (a missing id is hidden or deleted). */
export function readProducts(db: Db, ids: number[]): Promise<LoadedRow[]> {
  return queryRows<LoadedRow>(
    db,
    sql`SELECT ${loadColumns} FROM produtos_lista l JOIN produtos p ON p.id = l.id WHERE l.ativo AND l.id = ANY(${`{${ids.join(",")}}`}::int[])`,
  );
}

export function toEntry(r: LoadedRow, slot: number, { words, bits }: { words: Int32Array; bits: Uint8Array }): Entry {
  return {
    slot,
    id: r.id,
    stock: r.tem_estoque ? 1 : 0,
    especial: r.especial,
    brandId: r.brand_id,
    categoryId: r.category_id,
    departmentId: r.department_id,
    valorUsd: Number(r.valor_usd),
    codigo: r.codigo,
    nomeOrdemPt: r.nome_pt_ordem,
    nomeOrdemEs: r.nome_es_ordem,
    nomePt: r.nome_pt,
    nomeEs: r.nome_es,
    slug: r.slug,
    valorVenda: r.valor_venda,
    moedaId: r.moeda_id,
    qtdeDisponivel: r.qtde_disponivel,
    qtdeFisica: r.qtde_fisica,
    mostrarPreco: r.mostrar_preco,
    imagens: r.imagens,
    words,
    bits,
  };
}

/** What searches filter and order by, by slot (NONE: none), read in tight loops. */
export interface Columns {
  id: Int32Array;
  stock: Int32Array;
  special: Int32Array;
  brand: Int32Array;
  category: Int32Array;
  department: Int32Array;
}

export type Entries = ReturnType<typeof createEntries>;

/** The products by id, slug and slot, and their columns by slot. */
export function createEntries() {
  const byId = new Map<number, Entry>();
  const bySlug = new Map<string, Entry>();
  /** Entries by slot; a removed product leaves a hole that the next new one fills. */
  const slots: (Entry | undefined)[] = [];
  const freeSlots: number[] = [];
  let columns: Columns = {
    id: new Int32Array(0),
    stock: new Int32Array(0),
    special: new Int32Array(0),
    brand: new Int32Array(0),
    category: new Int32Array(0),
    department: new Int32Array(0),
  };

  function grow() {
    const grown = (from: Int32Array) => {
      const to = new Int32Array(Math.max(FIRST_COLUMN_SIZE, from.length * 2));
      to.set(from);
      return to;
    };
    columns = {
      id: grown(columns.id),
      stock: grown(columns.stock),
      special: grown(columns.special),
      brand: grown(columns.brand),
      category: grown(columns.category),
      department: grown(columns.department),
    };
  }

  return {
    get: (id: number) => byId.get(id),
    withSlug: (slug: string) => bySlug.get(slug),
    /** The entry at a slot a search found (always filled: searches run between changes). */
    at: (slot: number) => slots[slot]!,
    all: () => byId.values(),
    get size() {
      return byId.size;
    },
    /** Slots in use or free: the size a search's scratch space must have. */
    get slotCount() {
      return slots.length;
    },
    /** The current columns (replaced when they grow: read them once per answer, not kept). */
    get columns() {
      return columns;
    },
    /** The slot a new product takes. */
    freeSlot: () => freeSlots.pop() ?? slots.length,
    /** Puts `e` at its slot, in place of `old` (the same product's previous entry) when there is one. */
    set(e: Entry, old: Entry | undefined) {
      const slot = e.slot;
      slots[slot] = e;
      if (slot >= columns.id.length) grow();
      columns.id[slot] = e.id;
      columns.stock[slot] = e.stock;
      columns.special[slot] = e.especial ? 1 : 0;
      columns.brand[slot] = e.brandId ?? NONE;
      columns.category[slot] = e.categoryId ?? NONE;
      columns.department[slot] = e.departmentId ?? NONE;
      byId.set(e.id, e);
      if (old && bySlug.get(old.slug) === old) bySlug.delete(old.slug);
      bySlug.set(e.slug, e);
    },
    remove(old: Entry) {
      byId.delete(old.id);
      if (bySlug.get(old.slug) === old) bySlug.delete(old.slug);
      slots[old.slot] = undefined;
      freeSlots.push(old.slot);
    },
    clear() {
      byId.clear();
      bySlug.clear();
      slots.length = 0;
      freeSlots.length = 0;
    },
  };
}
