import { sql } from "drizzle-orm";
import type { ExchangeRate, ProductSortField } from "#contract/api/catalog.ts";
import type { ApiLang } from "#contract/locale.ts";
import { queryRows, type Db } from "#db/client.ts";
import { isDbId } from "#contract/api/common.ts";
import { listRates, type BrandTotal, type ProductRow } from "./repo.ts";
import { editDistance, typosAllowed, wordParts } from "./search.ts";

/**
 * The catalogue's active products in memory, for lists and searches (docs/decisions/018): every list
 * page, sort, filter, total and search of the storefront is answered from here without a database
 * statement, so a visitor typing or a crawler walking page 3,000 costs microseconds instead of a
 * query on the embedded database's one connection.
 *
 * The database stays the truth. Triggers write every change to `catalogo_alteracoes` in the writing
 * transaction; before it answers, the index reads what is new there (one small query shared by every
 * request waiting at that moment) and reloads the products named, so a change is seen by the next
 * request on every process, as a list read from the database would see it.
 */
export interface CatalogIndex {
  /** Resolves when every change committed before the call is in the index. */
  fresh(): Promise<void>;
  /** A list's page, its total and its brands' totals. */
  list(query: ListQuery): ListAnswer;
  /** The ids of the products a search matches, closest first (the price list and exports filter by them). */
  searchIds(words: readonly string[], lang: ApiLang): number[];
  /** An active product by its id or slug (what a product page asks for), or undefined. */
  product(idOrSlug: string, lang: ApiLang): ProductRow | undefined;
  /** Every exchange rate (spec §9), as current as the products. */
  rates(): ExchangeRate[];
  /** How many active products the index holds. */
  readonly size: number;
}

export interface ListQuery {
  lang: ApiLang;
  /** Normalised words (normaliseSearch); empty for a plain list. */
  words: readonly string[];
  categoryId?: number;
  departmentId?: number;
  brandIds: readonly number[];
  inStockOnly: boolean;
  special?: "only" | "exclude";
  sort: readonly { field: ProductSortField; direction: "asc" | "desc" }[];
  /** With a search and the default order, closest matches first (default true). */
  relevance?: boolean;
  limit: number;
  /** Rows skipped; a page past the end gives the last page's rows (spec §4). */
  offset: number;
  /** Count the products of every brand too (the brand filter); a page alone needs only its total. */
  brandTotals?: boolean;
}

export interface ListAnswer {
  rows: ProductRow[];
  /** Matching products (the ticked brands only). */
  total: number;
  /** The offset the rows start at (moved back when the asked one was past the end). */
  offset: number;
  /** Matching products per brand, whatever brands are ticked (null: products without a brand); empty unless asked. */
  brandTotals: BrandTotal[];
}

/** Label bits of a search word, as the tsvector weights: A Portuguese name, B Spanish name, C code, D brand. */
const LABEL: Record<string, number> = { A: 1, B: 2, C: 4, D: 8 };
const NAME_OR_BRAND = LABEL.A! | LABEL.B! | LABEL.D!;
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
/** Corrections kept per misspelt word: the closest few are enough to find what was meant. */
const MAX_CORRECTIONS = 8;

interface Entry {
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

interface LoadedRow {
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

interface Named {
  slug: string;
  pt: string;
  es: string;
}

/** A tsvector's text ('furadeira':1A 'kst':5C,6C 'makita':9) as words with label bits (no letter is D). */
export function parseSearchDocument(text: string): Map<string, number> {
  const words = new Map<string, number>();
  for (const m of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const word = m[1]!.replace(/''/g, "'");
    let bits = 0;
    for (const position of (m[2] ?? "").split(",")) bits |= LABEL[position.replace(/[0-9]/g, "") || "D"]!;
    words.set(word, (words.get(word) ?? 0) | bits);
  }
  return words;
}

const loadColumns = sql`l.id, l.tem_estoque, l.especial, l.brand_id, l.category_id, l.department_id,
  l.valor_usd::float8 AS valor_usd, l.codigo, l.nome_pt_ordem, l.nome_es_ordem, l.busca_tsv::text AS busca,
  p.slug, p.nome_pt, p.nome_es, p.valor_venda, p.moeda_id, p.qtde_disponivel, p.qtde_fisica, p.mostrar_preco,
  (SELECT array_agg(i.url ORDER BY i.ordem, i.id) FROM produto_imagens i WHERE i.product_id = p.id) AS imagens`;
/** Products read per statement when everything is loaded: other requests get the connection in between. */
const LOAD_BATCH = 10_000;

type Compare = (a: Entry, b: Entry) => number;

/** One word's matching slots and their scores. */
interface WordMatches {
  slots: Int32Array;
  scores: Float64Array;
}
/** A search's matching slots and their relevance, side by side. */
interface Found {
  slots: Int32Array;
  ranks: Float64Array;
}
/** Matches kept of recent words (slots in all): every keystroke of a search box asks its prefix again. */
const WORD_CACHE_SLOTS = 2_000_000;
/**
 * Which words' matches are kept: one asked a second time lately that matches 4,096 products or more (a
 * popular term, the prefixes typed on the way to it), or one matching 16,384 or more (a short prefix, a
 * millisecond or more to gather). Narrower words are gathered again in well under a millisecond. Keeping
 * every new word's matches made hundreds of short-lived arrays a second, and their collection (a full mark
 * of the 300 MB heap every second or two) stalled every request: at 32 visitors with a new term each time,
 * suggestions' p99 was 119 ms keeping every word, 38 ms keeping none and 37–50 ms with this rule, which
 * keeps popular terms twice as fast as keeping none.
 */
const WORD_CACHE_MIN_MATCHES = 16_384;
const WORD_CACHE_REPEATED_MATCHES = 4_096;
/** Words asked once lately (their keys only), so the second asking keeps the matches. */
const WORDS_SEEN = 20_000;

/** How many of each letter a word of a–z holds. */
function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(26);
  for (let i = 0; i < word.length; i++) counts[word.charCodeAt(i) - 97]!++;
  return counts;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const fieldOrder: Record<ProductSortField, (lang: ApiLang) => Compare> = {
  id: () => (a, b) => a.id - b.id,
  valor_venda: () => (a, b) => a.valorUsd - b.valorUsd,
  nome: (lang) => (lang === "pt" ? (a, b) => byString(a.nomeOrdemPt, b.nomeOrdemPt) : (a, b) => byString(a.nomeOrdemEs, b.nomeOrdemEs)),
  tem_estoque: () => (a, b) => a.stock - b.stock,
  codigo: () => (a, b) => byString(a.codigo, b.codigo),
};

/** The list order as the SQL list gives it: the fields asked, then the id in the last field's direction. */
function comparatorOf(sort: ListQuery["sort"], lang: ApiLang): Compare {
  const steps: Compare[] = [];
  for (const s of sort) {
    const order = fieldOrder[s.field](lang);
    steps.push(s.direction === "asc" ? order : (a, b) => order(b, a));
  }
  const last = sort[sort.length - 1];
  if (last?.field !== "id") steps.push(last?.direction === "asc" ? (a, b) => a.id - b.id : (a, b) => b.id - a.id);
  return (a, b) => {
    for (const step of steps) {
      const c = step(a, b);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** The first `count` entries of `items` in `compare` order, without sorting all of them. */
function firstInOrder(items: Entry[], count: number, compare: Compare): Entry[] {
  if (count <= 0) return [];
  if (items.length <= count * 4) return items.sort(compare).slice(0, count);
  const best: Entry[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(best[mid]!, item) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * The default order of a search as one number, higher first: in stock (when sorted by it), relevance,
 * then the id, each in the direction asked (stock 1 bit, relevance 8, id 31: exact in a double).
 */
function relevanceKeyOf(sort: ListQuery["sort"]): [number, number, number, number] {
  // Each part is its value (descending) or its maximum less its value (ascending), so the key is one
  // weighted sum: stock × a + rank × b + id × c + k.
  let [a, b, c, k] = [0, 0, 0, 0];
  const add = (width: number, field: "stock" | "rank" | "id", desc: boolean, max: number) => {
    [a, b, c, k] = [a * width, b * width, c * width, k * width];
    const sign = desc ? 1 : -1;
    if (field === "stock") a += sign;
    else if (field === "rank") b += sign;
    else c += sign;
    if (!desc) k += max;
  };
  for (const s of sort) {
    const desc = s.direction === "desc";
    if (s.field === "tem_estoque") add(2, "stock", desc, 1);
    else {
      add(256, "rank", true, 255);
      add(2 ** 31, "id", desc, 2 ** 31 - 1);
    }
  }
  const last = sort[sort.length - 1];
  if (last?.field !== "id") add(2 ** 31, "id", last?.direction !== "asc", 2 ** 31 - 1);
  return [a, b, c, k];
}

/** One sort's name: its fields and directions, and the language when names are sorted. */
function orderKey(sort: ListQuery["sort"], lang: ApiLang): string {
  const usesName = sort.some((s) => s.field === "nome");
  return `${usesName ? lang : ""}:${sort.map((s) => `${s.field} ${s.direction}`).join(",")}`;
}

/** Scopes' orders kept at most (a category or department in one sort, in stock or not, some brands ticked). */
const MAX_SCOPE_ORDERS = 400;

/** The storefront's sorts (list-query.ts), built when the catalogue is loaded so no visitor waits for one. */
const STOREFRONT_SORTS: ListQuery["sort"][] = [
  [
    { field: "tem_estoque", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  ...(["valor_venda", "nome", "codigo"] as const).flatMap((field) =>
    (["asc", "desc"] as const).map((direction): ListQuery["sort"] => [
      { field: "tem_estoque", direction: "desc" },
      { field, direction },
    ]),
  ),
];

/** The channel the change triggers notify (db/migrations/0009_catalogue_changes.sql). */
const CHANGES_CHANNEL = "catalogo_alteracoes";

export interface CatalogIndexOptions {
  onError?: (err: unknown) => void;
  /**
   * Notifications of committed changes, delivered in this process before the writing call returns
   * (the embedded database, which only this process writes): the index then asks the database only
   * after a change instead of before every answer.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<unknown>;
}

export function createCatalogIndex(db: Db, { onError = () => {}, listen }: CatalogIndexOptions = {}): CatalogIndex {
  const byId = new Map<number, Entry>();
  const bySlug = new Map<string, Entry>();
  /** Entries by slot; a removed product leaves a hole that the next new one fills. */
  const slots: (Entry | undefined)[] = [];
  const freeSlots: number[] = [];
  /** Search words and their numbers. */
  const wordNumbers = new Map<string, number>();
  const wordTexts: string[] = [];
  /** Per word number, its holders as slot × 16 + label bits. */
  const postings: number[][] = [];
  /** The words in order (prefix lookups), rebuilt when words come (alphabet()). */
  let sortedWords: string[] | null = null;
  let alphabetNumbers: number[] = [];
  let holdersBefore = new Float64Array(0);
  /** Words a typo may be corrected to (names and brands, letters only, four or more), by length, with their letter counts. */
  let typoWords: Map<number, { word: string; letters: Uint8Array }[]> | null = null;
  /** Every entry in each sort order asked so far, kept in order as products change. */
  const orders = new Map<string, { entries: Entry[]; compare: Compare }>();
  /** What searches filter and order by, by slot (-1: none), read in tight loops. */
  let columns = {
    id: new Int32Array(0),
    stock: new Int32Array(0),
    special: new Int32Array(0),
    brand: new Int32Array(0),
    category: new Int32Array(0),
    department: new Int32Array(0),
  };
  /** Scopes' lists in one order each (list()), oldest first; dropped on any change. */
  const scopeOrders = new Map<string, Entry[]>();
  /** Recent words' matches, oldest first; dropped on any change. */
  const wordCache = new Map<string, WordMatches>();
  let wordCacheSlots = 0;
  const wordsSeen = new Set<string>();
  /** Per list scope (no search), its products per brand; dropped on any change. */
  const scopeTotals = new Map<string, Map<number | null, number>>();
  let brands = new Map<number, { slug: string; nome: string }>();
  let categories = new Map<number, Named>();
  let departments = new Map<number, Named>();
  let exchangeRates: ExchangeRate[] = [];

  // Scratch space of one search, by slot (the event loop runs one search at a time).
  let wordScore = new Float64Array(0);
  let partHits = new Uint8Array(0);
  let partOwn = new Uint8Array(0);
  let stamp = new Uint32Array(0);
  let ownStamp = new Uint32Array(0);
  /** The slots one word touched (scoreWord), then the matches kept by each further word (search). */
  let touched = new Int32Array(0);
  let touchedCount = 0;
  let keptRanks = new Float64Array(0);
  let stampValue = 0;

  let seen = 0;
  /** Versions read within the late-commit window, so a re-read one is not applied twice. */
  const recent = new Map<number, number>();
  let loaded = false;
  let lastPrune = 0;
  let listening = false;
  /** A change was notified since the last refresh began. */
  let dirty = true;

  function wordNumber(word: string): number {
    let n = wordNumbers.get(word);
    if (n === undefined) {
      n = wordTexts.length;
      wordNumbers.set(word, n);
      wordTexts.push(word);
      postings.push([]);
      sortedWords = null;
      typoWords = null;
    }
    return n;
  }

  function toEntry(r: LoadedRow, slot: number): Entry {
    const parsed = parseSearchDocument(r.busca);
    const words = new Int32Array(parsed.size);
    const bits = new Uint8Array(parsed.size);
    let i = 0;
    for (const [word, label] of parsed) {
      const n = wordNumber(word);
      words[i] = n;
      bits[i++] = label;
      postings[n]!.push(slot * 16 + label);
    }
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

  function put(r: LoadedRow) {
    const old = byId.get(r.id);
    if (old) unlist(old);
    const slot = old?.slot ?? freeSlots.pop() ?? slots.length;
    const e = toEntry(r, slot);
    slots[slot] = e;
    if (slot >= columns.id.length) {
      const grown = (from: Int32Array) => {
        const to = new Int32Array(Math.max(1024, from.length * 2));
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
    columns.id[slot] = e.id;
    columns.stock[slot] = e.stock;
    columns.special[slot] = e.especial ? 1 : 0;
    columns.brand[slot] = e.brandId ?? -1;
    columns.category[slot] = e.categoryId ?? -1;
    columns.department[slot] = e.departmentId ?? -1;
    byId.set(e.id, e);
    if (old && bySlug.get(old.slug) === old) bySlug.delete(old.slug);
    bySlug.set(e.slug, e);
    for (const order of orders.values()) order.entries.splice(position(order, e), 0, e);
  }
  function remove(id: number) {
    const old = byId.get(id);
    if (!old) return;
    unlist(old);
    byId.delete(id);
    if (bySlug.get(old.slug) === old) bySlug.delete(old.slug);
    slots[old.slot] = undefined;
    freeSlots.push(old.slot);
  }
  function unlist(old: Entry) {
    for (const n of old.words) {
      const list = postings[n]!;
      const at = list.findIndex((p) => p >> 4 === old.slot);
      if (at >= 0) list.splice(at, 1);
    }
    for (const order of orders.values()) {
      const at = position(order, old);
      if (order.entries[at] === old) order.entries.splice(at, 1);
    }
  }
  /** Where `e` is or would be in a sorted order (ties cannot happen: the id breaks them). */
  function position(order: { entries: Entry[]; compare: Compare }, e: Entry): number {
    let low = 0;
    let high = order.entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (order.compare(order.entries[mid]!, e) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Drops what was worked out from the products (totals, scopes' orders, words' matches). */
  function forgetAnswers() {
    scopeTotals.clear();
    scopeOrders.clear();
    wordCache.clear();
    wordCacheSlots = 0;
    wordsSeen.clear();
  }

  async function loadNames() {
    const [brandRows, categoryRows, departmentRows, rateRows] = await Promise.all([
      queryRows<{ id: number; slug: string; nome: string }>(db, sql`SELECT id, slug, nome FROM marcas`),
      queryRows<{ id: number; slug: string; pt: string; es: string }>(db, sql`SELECT id, slug, name_pt AS pt, name_es AS es FROM categorias`),
      queryRows<{ id: number; slug: string; pt: string; es: string }>(db, sql`SELECT id, slug, name_pt AS pt, name_es AS es FROM departamentos`),
      listRates(db),
    ]);
    exchangeRates = rateRows;
    brands = new Map(brandRows.map((b) => [b.id, { slug: b.slug, nome: b.nome }]));
    categories = new Map(categoryRows.map((c) => [c.id, c]));
    departments = new Map(departmentRows.map((d) => [d.id, d]));
  }

  async function loadAll() {
    // The feed's position first: what changes while the products are read is read again next time.
    const [top] = await queryRows<{ versao: number | null }>(db, sql`SELECT max(versao)::float8 AS versao FROM catalogo_alteracoes`);
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
    await loadNames();
    byId.clear();
    bySlug.clear();
    slots.length = 0;
    freeSlots.length = 0;
    wordNumbers.clear();
    wordTexts.length = 0;
    postings.length = 0;
    orders.clear();
    forgetAnswers();
    sortedWords = null;
    typoWords = null;
    for (const r of rows) put(r);
    for (const sort of STOREFRONT_SORTS) for (const lang of ["pt", "es"] as const) sortedAll(sort, lang);
    seen = Math.max(seen, top?.versao ?? 0);
    loaded = true;
  }

  async function reload(ids: number[]) {
    const rows = await queryRows<LoadedRow>(
      db,
      sql`SELECT ${loadColumns} FROM produtos_lista l JOIN produtos p ON p.id = l.id WHERE l.ativo AND l.id = ANY(${`{${ids.join(",")}}`}::int[])`,
    );
    const found = new Set<number>();
    for (const r of rows) {
      found.add(r.id);
      put(r);
    }
    // Hidden or deleted.
    for (const id of ids) if (!found.has(id)) remove(id);
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
    const fresh = changes.filter((c) => !recent.has(c.versao));
    if (fresh.length > 0) {
      for (const c of fresh) recent.set(c.versao, now);
      if (fresh.length > MAX_CHANGES_PER_REFRESH || fresh.some((c) => c.produto_id === null)) await loadAll();
      else {
        // Product 0: brands, categories or departments changed (their names are read when answering).
        if (fresh.some((c) => c.produto_id === 0)) await loadNames();
        const ids = [...new Set(fresh.map((c) => c.produto_id!).filter((id) => id !== 0))];
        if (ids.length > 0) await reload(ids);
      }
      forgetAnswers();
      seen = Math.max(seen, ...fresh.map((c) => c.versao));
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
    const run = refresh().finally(() => {
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

  /** Visits every holder of a word beginning with `prefix` (each word once; a holder may come twice). */
  function eachBegun(prefix: string, visit: (slot: number, bits: number) => void) {
    const all = alphabet();
    const [low, high] = begunRange(prefix);
    for (let i = low; i < high; i++) eachWhole(all[i]!, visit);
  }
  function eachWhole(word: string, visit: (slot: number, bits: number) => void) {
    const n = wordNumbers.get(word);
    if (n === undefined) return;
    for (const p of postings[n]!) visit(p >> 4, p & 15);
  }

  function corrections(term: string): string[] {
    if (!typoWords) {
      typoWords = new Map();
      for (const [n, word] of wordTexts.entries()) {
        if (word.length < 4 || word.length > 40 || !/^[a-z]+$/.test(word)) continue;
        if (!postings[n]!.some((p) => (p & NAME_OR_BRAND) !== 0)) continue;
        const list = typoWords.get(word.length) ?? [];
        list.push({ word, letters: letterCounts(word) });
        typoWords.set(word.length, list);
      }
    }
    const max = typosAllowed(term.length);
    const termLetters = letterCounts(term);
    const close: { word: string; distance: number }[] = [];
    for (let length = term.length - max; length <= term.length + max; length++) {
      for (const { word, letters } of typoWords.get(length) ?? []) {
        if (word === term) continue;
        // An edit changes the letter counts by at most two: most words are ruled out without the table.
        let apart = 0;
        for (let i = 0; i < 26 && apart <= 2 * max; i++) apart += Math.abs(letters[i]! - termLetters[i]!);
        if (apart > 2 * max) continue;
        const distance = editDistance(term, word, max);
        if (distance <= max) close.push({ word, distance });
      }
    }
    return close
      .sort((a, b) => a.distance - b.distance || byString(a.word, b.word))
      .slice(0, MAX_CORRECTIONS)
      .map((c) => c.word);
  }

  function ensureScratch() {
    if (wordScore.length >= slots.length) return;
    const size = Math.ceil(slots.length * 1.25) + 64;
    wordScore = new Float64Array(size);
    partHits = new Uint8Array(size);
    partOwn = new Uint8Array(size);
    stamp = new Uint32Array(size);
    ownStamp = new Uint32Array(size);
    touched = new Int32Array(size);
    keptRanks = new Float64Array(size);
  }

  /**
   * Scores one word into `wordScore` and lists the slots it touched in `touched` (how many it returns): whole in the visitor's language 8,
   * whole elsewhere (other language, code, brand) 6, begun in the visitor's language 4, begun elsewhere 3,
   * a typo 1 (the best one counts).
   */
  function scoreWord(parts: string[], own: number): number {
    touchedCount = 0;
    const raise = (slot: number, score: number) => {
      if (wordScore[slot] === 0) touched[touchedCount++] = slot;
      if (wordScore[slot]! < score) wordScore[slot] = score;
    };
    const single = (ownScore: number, otherScore: number) => (slot: number, bits: number) => raise(slot, (bits & own) !== 0 ? ownScore : otherScore);
    const last = parts[parts.length - 1]!;
    const eachLast = (visit: (slot: number, bits: number) => void) => (last.length >= 2 ? eachBegun(last, visit) : eachWhole(last, visit));
    if (parts.length === 1) {
      // The hot path (every keystroke of the search box): whole lists, no call per holder.
      const mark = (n: number | undefined, ownScore: number, otherScore: number) => {
        if (n === undefined) return;
        const list = postings[n]!;
        for (let i = 0; i < list.length; i++) {
          const p = list[i]!;
          const slot = p >> 4;
          const score = (p & own) !== 0 ? ownScore : otherScore;
          const before = wordScore[slot]!;
          if (before === 0) touched[touchedCount++] = slot;
          if (before < score) wordScore[slot] = score;
        }
      };
      mark(wordNumbers.get(last), 8, 6);
      if (last.length >= 2) {
        const [low, high] = begunRange(last);
        for (let i = low; i < high; i++) mark(alphabetNumbers[i], 4, 3);
      }
      if (/^[a-z]+$/.test(last) && typosAllowed(last.length) > 0) {
        for (const word of corrections(last)) mark(wordNumbers.get(word), 1, 1);
      }
      return touchedCount;
    }
    // Several parts (kst-rph): every part, the last one whole or begun, or all of them run together.
    const joined = parts.join("");
    const everyPart = (lastBegun: boolean, ownScore: number, otherScore: number) => {
      // partHits: how many parts (in order) a product holds; partOwn: how many of them with the visitor's label.
      const first: number[] = [];
      parts.forEach((part, i) => {
        const value = ++stampValue;
        const visit = (slot: number, bits: number) => {
          if (stamp[slot] !== value) {
            if (partHits[slot] !== i) return;
            stamp[slot] = value;
            partHits[slot] = i + 1;
            if (i === 0) first.push(slot);
          }
          if ((bits & own) !== 0 && ownStamp[slot] !== value && partOwn[slot] === i) {
            ownStamp[slot] = value;
            partOwn[slot] = i + 1;
          }
        };
        if (i === parts.length - 1 && lastBegun) eachLast(visit);
        else eachWhole(part, visit);
      });
      for (const slot of first) {
        if (partHits[slot] === parts.length) raise(slot, partOwn[slot] === parts.length ? ownScore : otherScore);
        partHits[slot] = 0;
        partOwn[slot] = 0;
      }
    };
    everyPart(false, 8, 6);
    eachWhole(joined, single(8, 6));
    everyPart(true, 4, 3);
    if (joined.length >= 2) eachBegun(joined, single(4, 3));
    else eachWhole(joined, single(4, 3));
    return touchedCount;
  }

  /** Slots matching every word, their relevance in `rankOf` (higher is closer; a code typed whole adds 100). */
  /** Word numbers in alphabetical order, each word's place in it, and the holders of the words before each place. */
  function alphabet() {
    if (!sortedWords) {
      const numbers = Array.from(wordTexts.keys()).sort((x, y) => byString(wordTexts[x]!, wordTexts[y]!));
      alphabetNumbers = numbers;
      sortedWords = numbers.map((n) => wordTexts[n]!);
      holdersBefore = new Float64Array(numbers.length + 1);
      numbers.forEach((n, i) => {
        holdersBefore[i + 1] = holdersBefore[i]! + postings[n]!.length;
      });
    }
    return sortedWords;
  }
  /** Where the words beginning with `prefix` lie in the alphabet. */
  function begunRange(prefix: string): [number, number] {
    const all = alphabet();
    const first = (after: boolean) => {
      let low = 0;
      let high = all.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (all[mid]! < prefix || (after && all[mid]!.startsWith(prefix))) low = mid + 1;
        else high = mid;
      }
      return low;
    };
    return [first(false), first(true)];
  }

  /** Roughly how many products a one-part word finds (its prefix's holders). */
  function estimate(word: string): number {
    alphabet();
    if (word.length < 2) return postings[wordNumbers.get(word) ?? -1]?.length ?? 0;
    const [low, high] = begunRange(word);
    return holdersBefore[high]! - holdersBefore[low]!;
  }

  /** Whether `key` was asked lately; remembers it otherwise. */
  function askedBefore(key: string): boolean {
    if (wordsSeen.delete(key)) return true;
    wordsSeen.add(key);
    if (wordsSeen.size > WORDS_SEEN) wordsSeen.delete(wordsSeen.values().next().value!);
    return false;
  }

  /** One word's matches and scores, kept for the next searches with it until the catalogue changes. */
  function wordMatches(parts: string[], own: number): WordMatches {
    const key = `${own} ${parts.join(" ")}`;
    const cached = wordCache.get(key);
    if (cached) {
      wordCache.delete(key);
      wordCache.set(key, cached);
      return cached;
    }
    ensureScratch();
    const count = scoreWord(parts, own);
    const matches: WordMatches = { slots: touched.slice(0, count), scores: new Float64Array(count) };
    for (let i = 0; i < count; i++) {
      const slot = touched[i]!;
      matches.scores[i] = wordScore[slot]!;
      wordScore[slot] = 0;
    }
    const keep = count >= WORD_CACHE_MIN_MATCHES || (count >= WORD_CACHE_REPEATED_MATCHES && askedBefore(key));
    if (!keep) return matches;
    wordCache.set(key, matches);
    wordCacheSlots += count;
    for (const [oldKey, old] of wordCache) {
      if (wordCacheSlots <= WORD_CACHE_SLOTS) break;
      wordCache.delete(oldKey);
      wordCacheSlots -= old.slots.length;
    }
    return matches;
  }

  /** Slots matching every word, with their relevance (higher is closer; a code typed whole adds 100). */
  function search(searchWords: readonly string[], lang: ApiLang): Found {
    const split = searchWords.map(wordParts).filter((parts) => parts.length > 0);
    if (split.length === 0) return { slots: new Int32Array(0), ranks: new Float64Array(0) };
    alphabet();
    ensureScratch();
    const own = lang === "pt" ? LABEL.A! : LABEL.B!;
    // The word that leads: one with separators (matched by its postings), else the one finding fewest.
    const cost = (parts: string[]) => (parts.length > 1 ? -1 : estimate(parts[0]!));
    const lead = split.reduce((best, parts) => (cost(parts) < cost(best) ? parts : best));
    const first = wordMatches(lead, own);
    let found: Int32Array = first.slots;
    let ranks = first.scores;
    for (const parts of split) {
      if (parts === lead) continue;
      // The word's scores laid out by slot, read for each match so far, then cleared.
      const also = wordMatches(parts, own);
      for (let i = 0; i < also.slots.length; i++) wordScore[also.slots[i]!] = also.scores[i]!;
      let kept = 0;
      for (let i = 0; i < found.length; i++) {
        const score = wordScore[found[i]!]!;
        if (score > 0) {
          touched[kept] = found[i]!;
          keptRanks[kept++] = ranks[i]! + score;
        }
      }
      for (let i = 0; i < also.slots.length; i++) wordScore[also.slots[i]!] = 0;
      found = touched.slice(0, kept);
      ranks = keptRanks.slice(0, kept);
    }
    // A code typed whole: its holders with the code label, found through the word's own list.
    const code = wordNumbers.get(split.flat().join(""));
    const codeHolders = code === undefined ? [] : postings[code]!.filter((p) => (p & LABEL.C!) !== 0);
    if (codeHolders.length > 0) {
      ranks = Float64Array.from(ranks);
      for (let i = 0; i < found.length; i++) wordScore[found[i]!] = i + 1;
      for (const p of codeHolders) {
        const at = wordScore[p >> 4]!;
        if (at > 0) ranks[at - 1]! += 100;
      }
      for (let i = 0; i < found.length; i++) wordScore[found[i]!] = 0;
    }
    return { slots: found, ranks };
  }

  function sortedAll(sort: ListQuery["sort"], lang: ApiLang): Entry[] {
    const key = orderKey(sort, lang);
    let order = orders.get(key);
    if (!order) {
      const compare = comparatorOf(sort, lang);
      order = { entries: [...byId.values()].sort(compare), compare };
      orders.set(key, order);
    }
    return order.entries;
  }

  function toRow(e: Entry, lang: ApiLang): ProductRow {
    const brand = e.brandId === null ? undefined : brands.get(e.brandId);
    const category = e.categoryId === null ? undefined : categories.get(e.categoryId);
    const department = e.departmentId === null ? undefined : departments.get(e.departmentId);
    return {
      id: e.id,
      slug: e.slug,
      nome: lang === "pt" ? e.nomePt : e.nomeEs,
      codigo: e.codigo,
      valor_venda: e.valorVenda,
      moeda_id: e.moedaId,
      qtde_disponivel: e.qtdeDisponivel,
      qtde_fisica: e.qtdeFisica,
      tem_estoque: e.stock === 1,
      mostrar_preco: e.mostrarPreco,
      especial: e.especial,
      imagens: e.imagens,
      marca_id: brand ? e.brandId : null,
      marca_nome: brand?.nome ?? null,
      marca_slug: brand?.slug ?? null,
      categoria_id: category ? e.categoryId : null,
      categoria_name: category?.[lang] ?? null,
      categoria_slug: category?.slug ?? null,
      departamento_id: department ? e.departmentId : null,
      departamento_name: department?.[lang] ?? null,
      departamento_slug: department?.slug ?? null,
    };
  }

  function list(q: ListQuery): ListAnswer {
    const found = q.words.length > 0 ? search(q.words, q.lang) : undefined;
    const { categoryId, departmentId, inStockOnly, special } = q;
    const inScope = (e: Entry) =>
      (categoryId === undefined || e.categoryId === categoryId) &&
      (departmentId === undefined || e.departmentId === departmentId) &&
      (!inStockOnly || e.stock === 1) &&
      (special === undefined || e.especial === (special === "only"));
    const ticked = new Set(q.brandIds);
    const isTicked = (e: Entry) => ticked.size === 0 || (e.brandId !== null && ticked.has(e.brandId));

    // A search's matches in scope; without one, the products per brand of the scope, counted once per
    // scope and kept until something changes.
    let perBrand: Map<number | null, number> | undefined;
    let total = 0;
    let page: Entry[] = [];
    if (found) {
      const { id, stock, special: isSpecial, brand, category, department } = columns;
      const wanted = special === undefined ? -1 : special === "only" ? 1 : 0;
      const byRelevance = q.relevance !== false && q.sort.every((s) => s.field === "id" || s.field === "tem_estoque");
      const [a, b, c, k] = relevanceKeyOf(q.sort);
      const count = q.offset + q.limit;
      // The best `count` so far by key, highest first (the default order), or every match (another order).
      const bestKeys: number[] = [];
      const bestSlots: number[] = [];
      const inOrder: Entry[] = [];
      if (q.brandTotals) perBrand = new Map();
      // Slots follow the ids they were loaded in: walked from the end when newer comes first, most
      // matches then fall short of the best so far at once.
      const n = found.slots.length;
      const backwards = c > 0;
      for (let step = 0; step < n; step++) {
        const i = backwards ? n - 1 - step : step;
        const slot = found.slots[i]!;
        if (categoryId !== undefined && category[slot] !== categoryId) continue;
        if (departmentId !== undefined && department[slot] !== departmentId) continue;
        if (inStockOnly && stock[slot] !== 1) continue;
        if (wanted !== -1 && isSpecial[slot] !== wanted) continue;
        if (perBrand) {
          const brandId = brand[slot] === -1 ? null : brand[slot]!;
          perBrand.set(brandId, (perBrand.get(brandId) ?? 0) + 1);
        }
        if (ticked.size > 0 && !ticked.has(brand[slot]!)) continue;
        total++;
        if (!byRelevance) {
          inOrder.push(slots[slot]!);
          continue;
        }
        const key = a * stock[slot]! + b * Math.min(255, found.ranks[i]!) + c * id[slot]! + k;
        if (bestKeys.length === count && key <= bestKeys[count - 1]!) continue;
        let low = 0;
        let high = bestKeys.length;
        while (low < high) {
          const mid = (low + high) >> 1;
          if (bestKeys[mid]! >= key) low = mid + 1;
          else high = mid;
        }
        bestKeys.splice(low, 0, key);
        bestSlots.splice(low, 0, slot);
        if (bestKeys.length > count) {
          bestKeys.pop();
          bestSlots.pop();
        }
      }
      const offset = Math.min(q.offset, Math.max(0, Math.ceil(total / q.limit) - 1) * q.limit);
      if (byRelevance) {
        // Past the end: the last page, which the buffer may not hold; pick again for it.
        if (offset < q.offset) return list({ ...q, offset });
        page = bestSlots.slice(offset).map((slot) => slots[slot]!);
      } else page = firstInOrder(inOrder, offset + q.limit, comparatorOf(q.sort, q.lang)).slice(offset);
      return finish(q, page, total, offset, perBrand);
    }
    const scopeKey = `${categoryId}:${departmentId}:${inStockOnly}:${special}`;
    perBrand = scopeTotals.get(scopeKey);
    if (!perBrand) {
      perBrand = new Map();
      for (const e of byId.values()) if (inScope(e)) perBrand.set(e.brandId, (perBrand.get(e.brandId) ?? 0) + 1);
      scopeTotals.set(scopeKey, perBrand);
    }
    for (const [brandId, count] of perBrand) if (ticked.size === 0 || (brandId !== null && ticked.has(brandId))) total += count;
    const offset = Math.min(q.offset, Math.max(0, Math.ceil(total / q.limit) - 1) * q.limit);
    // A list without a search: its order sliced, the whole catalogue's, or a scope's picked from it
    // once and kept until something changes (a crawler walking a category's last pages walks it once).
    const order = sortedAll(q.sort, q.lang);
    const everything = categoryId === undefined && departmentId === undefined && !inStockOnly && special === undefined && ticked.size === 0;
    if (everything) page = order.slice(offset, offset + q.limit);
    else {
      const key = `${scopeKey}:${[...ticked].sort().join(",")}:${orderKey(q.sort, q.lang)}`;
      let scoped = scopeOrders.get(key);
      if (!scoped) {
        scoped = order.filter((e) => inScope(e) && isTicked(e));
        scopeOrders.set(key, scoped);
        // The oldest out first, so a crawler of many scopes keeps memory bounded.
        for (const oldKey of scopeOrders.keys()) {
          if (scopeOrders.size <= MAX_SCOPE_ORDERS) break;
          scopeOrders.delete(oldKey);
        }
      }
      page = scoped.slice(offset, offset + q.limit);
    }
    return finish(q, page, total, offset, q.brandTotals ? perBrand : undefined);
  }

  function finish(q: ListQuery, page: Entry[], total: number, offset: number, perBrand: Map<number | null, number> | undefined): ListAnswer {
    const brandTotals: BrandTotal[] = [...(perBrand ?? [])].map(([brandId, count]) => {
      const brand = brandId === null ? undefined : brands.get(brandId);
      return { brand_id: brandId, slug: brand?.slug ?? null, nome: brand?.nome ?? null, total: count };
    });
    // As the database orders them: by name without case, then id; products without a brand last.
    brandTotals.sort((a, b) => {
      if (a.nome === null || b.nome === null) return a.nome === b.nome ? 0 : a.nome === null ? 1 : -1;
      return byString(a.nome.toLowerCase(), b.nome.toLowerCase()) || (a.brand_id ?? 0) - (b.brand_id ?? 0);
    });
    return { rows: page.map((e) => toRow(e, q.lang)), total, offset, brandTotals };
  }

  function searchIds(searchWords: readonly string[], lang: ApiLang): number[] {
    const found = search(searchWords, lang);
    const id = columns.id;
    return Array.from(found.slots.keys())
      .sort((a, b) => found.ranks[b]! - found.ranks[a]! || id[found.slots[b]!]! - id[found.slots[a]!]!)
      .map((i) => id[found.slots[i]!]!);
  }

  /** An active product by id (digits) or slug, as the list's rows are. */
  function product(idOrSlug: string, lang: ApiLang): ProductRow | undefined {
    // As the database is asked (repo.findProduct): digits past the id range are looked up as a slug.
    const e = /^\d+$/.test(idOrSlug) && isDbId(Number(idOrSlug)) ? byId.get(Number(idOrSlug)) : bySlug.get(idOrSlug);
    return e && toRow(e, lang);
  }

  return {
    fresh,
    list,
    searchIds,
    product,
    rates: () => exchangeRates,
    get size() {
      return byId.size;
    },
  };
}
