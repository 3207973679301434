/**
 * The long tail of real visitors: every request is one the server has not seen, so nothing comes
 * from the 30-second response cache. Search terms are drawn from the seeded catalogue's own words
 * (db/seed/products.ts is a pure function of the product's index), so they find things; list pages
 * are any page of the whole catalogue or of a category, in any sort the storefront offers.
 */
import { PER_PAGE_DESKTOP, PER_PAGE_MOBILE } from "#app/features/catalog/list-query.ts";
import { generateProduct } from "#db/seed/products.ts";
import { stripAccents } from "#db/seed/text.ts";

/** Uniform in [0, 1), seeded: two runs of one catalogue send the same mix. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

/** A request path never sent before in this run: tries `make` until one is new. */
function fresh(seen: Set<string>, make: () => string): string {
  for (let i = 0; i < 1000; i++) {
    const path = make();
    if (!seen.has(path)) {
      seen.add(path);
      return path;
    }
  }
  throw new Error("the long-tail generator ran out of new requests");
}

interface Named {
  lang: "pt" | "es";
  words: string[];
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** `word` with one typing slip: a letter swapped, dropped, doubled or replaced. */
function slip(r: Rand, word: string): string {
  const i = int(r, 1, word.length - 2);
  switch (int(r, 0, 3)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + pick(r, [...LETTERS]) + word.slice(i + 1);
  }
}

/**
 * Search box suggestions, a new term on every request: prefixes from two letters, one typo in
 * words of 4–7 letters and up to two from 8, two-word queries (the second often half typed),
 * whole Portuguese or Spanish words, product codes whole or begun.
 */
export function suggestionPaths(catalogueSize: number, seed = 1): () => string {
  const r = random(seed);
  const seen = new Set<string>();
  // Two processes take 150,000 terms or more in one run: the names of 5,000 products ran dry.
  const pool = Math.min(catalogueSize, 20_000);
  const products = Array.from({ length: pool }, () => generateProduct(int(r, 0, catalogueSize - 1)));
  const names = (p: (typeof products)[number]): Named[] => [
    { lang: "pt", words: wordsOf(p.nome_pt) },
    { lang: "es", words: wordsOf(p.nome_es) },
  ];
  // As typed: lower case, accents left out half the time.
  const typed = (w: string) => (r() < 0.5 ? stripAccents(w) : w).toLowerCase();
  const term = (): { text: string; lang: "pt" | "es" } => {
    const p = pick(r, products);
    const name = pick(r, names(p));
    const long = name.words.filter((w) => w.length >= 4);
    const word = pick(r, long.length > 0 ? long : name.words);
    const kind = r();
    if (kind < 0.3) return { text: typed(word.slice(0, int(r, 2, Math.max(2, word.length)))), lang: name.lang };
    if (kind < 0.55 && word.length >= 4) {
      const once = slip(r, typed(word));
      return { text: word.length >= 8 && r() < 0.5 ? slip(r, once) : once, lang: name.lang };
    }
    if (kind < 0.75 && name.words.length >= 2) {
      const second = pick(
        r,
        name.words.filter((w) => w !== word),
      );
      const half = r() < 0.5 ? second.slice(0, int(r, 2, second.length)) : second;
      return { text: `${typed(word)} ${typed(half)}`, lang: name.lang };
    }
    if (kind < 0.85) return { text: typed(word), lang: name.lang };
    return { text: r() < 0.5 ? p.codigo : p.codigo.slice(0, int(r, 3, p.codigo.length)).toLowerCase(), lang: name.lang };
  };
  return () =>
    fresh(seen, () => {
      const { text, lang } = term();
      // The search box's own call (app/features/layout/search-box.tsx): 4 on a phone, 5 on a desktop.
      const query = new URLSearchParams({ text, all_products: "1", page: "1", per_page: r() < 0.5 ? "4" : "5", moeda_id: "2" });
      if (lang === "es") query.set("lang", "es");
      return `/api/public/products?${query}`;
    });
}

/** Words of a name as a visitor would type them: no sizes, volts or lone symbols. */
function wordsOf(name: string): string[] {
  return name.split(/\s+/).filter((w) => /^[\p{L}][\p{L}'-]+$/u.test(w));
}

export interface ListScope {
  /** Query parameters naming the list (none: the whole catalogue). */
  params: Record<string, string>;
  /** Its number of products. */
  total: number;
}

/** The sorts the storefront offers (app/features/catalog/list-query.ts): in stock first, then a field. */
const SORTS = ["id", "valor_venda", "nome", "codigo"].flatMap((field) =>
  ["asc", "desc"].map((direction) => ({ order_by: `tem_estoque,${field}`, order: `desc,${direction}` })),
);

/**
 * Product list pages, every one different: the whole catalogue or a category, a random page
 * (a third of them among the first three, the rest anywhere up to the last, deep pages included),
 * a random sort, language, currency and page size.
 */
export function listPagePaths(scopes: ListScope[], seed = 2): () => string {
  const r = random(seed);
  const seen = new Set<string>();
  const lists = scopes.filter((s) => s.total > 0);
  if (lists.length === 0) throw new Error("no product list to page through");
  return () =>
    fresh(seen, () => {
      const scope = r() < 0.5 ? lists[0]! : pick(r, lists);
      const perPage = r() < 0.7 ? PER_PAGE_DESKTOP : PER_PAGE_MOBILE;
      const last = Math.max(1, Math.ceil(scope.total / perPage));
      const page = r() < 1 / 3 ? int(r, 1, Math.min(3, last)) : int(r, 1, last);
      const query = new URLSearchParams({
        ...scope.params,
        moeda_id: String(pick(r, [2, 3])),
        page: String(page),
        per_page: String(perPage),
        ...pick(r, SORTS),
      });
      if (r() < 0.5) query.set("lang", "es");
      return `/api/public/products?${query}`;
    });
}

/**
 * Product pages (server-rendered), a product not asked for before in this run on every request, so
 * neither the product-details cache nor a page cache answers them.
 */
export function productPagePaths(catalogueSize: number, seed = 3): () => string {
  const r = random(seed);
  const seen = new Set<string>();
  return () => fresh(seen, () => `/produto/${generateProduct(int(r, 0, catalogueSize - 1)).slug}`);
}

/** Half one kind, half another, alternating (new-term suggestions with list pages, or with product pages). */
export function mixedPaths(a: () => string, b: () => string): () => string {
  let i = 0;
  return () => (i++ % 2 === 0 ? a() : b());
}

/** The whole catalogue and each category with their totals, read from a running server. */
export async function listScopes(base: string): Promise<ListScope[]> {
  const total = async (params: Record<string, string>) => {
    const res = await fetch(`${base}/api/public/products?${new URLSearchParams({ ...params, per_page: "1" })}`);
    if (!res.ok) throw new Error(`product list answered ${res.status}`);
    return ((await res.json()) as { total: number }).total;
  };
  const categories = (await (await fetch(`${base}/api/public/categories`)).json()) as { data: { id: number }[] };
  const scopes: ListScope[] = [{ params: {}, total: await total({}) }];
  for (const c of categories.data) {
    const params = { category_id: String(c.id) };
    scopes.push({ params, total: await total(params) });
  }
  return scopes;
}

/**
 * The back office's product list at size: any page of 20, 50 or 100 (deep ones included), or a new
 * search by a word's beginning or a code, sometimes with a stock filter.
 */
export function adminListPaths(catalogueSize: number, seed = 4): () => string {
  const r = random(seed);
  const seen = new Set<string>();
  return () =>
    fresh(seen, () => {
      const perPage = pick(r, [20, 50, 100]);
      const query = new URLSearchParams({ per_page: String(perPage) });
      if (r() < 0.5) {
        query.set("page", String(r() < 1 / 3 ? int(r, 1, 3) : int(r, 1, Math.max(1, Math.ceil(catalogueSize / perPage)))));
      } else {
        const p = generateProduct(int(r, 0, catalogueSize - 1));
        const words = wordsOf(r() < 0.5 ? p.nome_pt : p.nome_es);
        const word = words.length > 0 ? pick(r, words) : p.codigo;
        query.set("q", r() < 0.2 ? p.codigo : stripAccents(word.slice(0, int(r, 3, Math.max(3, word.length)))).toLowerCase());
        if (r() < 0.3) query.set("estoque", "com");
      }
      return `/api/admin/products?${query}`;
    });
}
