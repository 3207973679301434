import { sql } from "drizzle-orm";
import { categoryIconSvg, isCategoryIcon } from "#contract/category-icons.ts";
import { sanitizeDescription } from "../../lib/html.ts";
import type {
  Banner,
  Brand,
  BrandFacet,
  Category,
  ExchangeRate,
  Faq,
  Menu,
  ProductDetails,
  ProductsPage,
  ProductsQuery,
  ProductSummary,
  Seller,
  StartData,
} from "#contract/api/catalog.ts";
import type { ApiLang } from "#contract/locale.ts";
import { localPath } from "#contract/local-path.ts";
import { PAGE_TEXT_DEFAULTS, pageTextKeys, type TextPage } from "#contract/page-texts.ts";
import { priceIn } from "#contract/money.ts";
import type { PriceListItem } from "#contract/price-list.ts";
import type { Db } from "#db/client.ts";
import type { Cache } from "../../lib/cache.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./repo.ts";
import { createCatalogIndex, type CatalogIndex, type ListQuery } from "./catalog-index/index.ts";
import { normaliseSearch, type ProductSearch } from "./search.ts";
import { toSummary } from "./summary.ts";

export const START_CACHE_MS = 300_000;
/**
 * A product's details are shared by every shopper asking the same thing; a short life keeps stock
 * and prices close to live (checkout re-checks both against the database anyway). Lists are live.
 */
const DETAILS_CACHE_MS = 30_000;

/** A sorted price list is read in one query: this bounds it (the whole demo catalogue fits). */
const PRICE_LIST_MAX_ROWS = 250_000;

export function createCatalogService(db: Db, cache: Cache, index: CatalogIndex = createCatalogIndex(db)) {
  /** The SQL paths (price list, exports) filter a search by the ids the index finds, closest first. */
  const search: ProductSearch = {
    async plan(words, lang) {
      if (words.length === 0) return undefined;
      await index.fresh();
      const ids = `{${index.searchIds(words, lang).join(",")}}`;
      return { where: sql`p.id = ANY(${ids}::int[])`, rank: sql`(-array_position(${ids}::int[], p.id))` };
    },
  };

  /** The exchange rates from the in-memory catalogue: a new rate is used at once, on every process. */
  async function rates(): Promise<ExchangeRate[]> {
    await index.fresh();
    return index.rates();
  }

  /** The repository filter of a list query (the price list and exports read the database). */
  async function filterOf(q: ProductsQuery): Promise<repo.ProductFilter> {
    const list = listQueryOf(q);
    return { ...list, search: await search.plan(list.words, q.lang) };
  }

  /**
   * Every in-stock product of a list query, newest first, batch by batch (print and export, spec
   * §9). A keyset on the id walks 100,000 products without offsets or counts.
   */
  async function* inStockProducts(q: ProductsQuery, batchSize: number): AsyncGenerator<ProductSummary[]> {
    const base: repo.ProductFilter = {
      ...(await filterOf(q)),
      inStockOnly: true,
      sort: [{ field: "id", direction: "desc" }],
      relevance: false,
      limit: batchSize,
      offset: 0,
    };
    const rateList = await rates();
    let beforeId: number | undefined;
    for (;;) {
      const rows = await repo.listProducts(db, { ...base, beforeId });
      if (rows.length === 0) return;
      yield rows.map((row) => toSummary(row, q.moeda_id, rateList));
      if (rows.length < batchSize) return;
      beforeId = rows[rows.length - 1]!.id;
    }
  }

  /**
   * The TXT price list's lines of a list query: its in-stock products, newest first walked by a
   * keyset, or, when the visitor sorted by name, price or code, in that order in one narrow query.
   */
  async function* inStockPriceList(q: ProductsQuery, batchSize: number): AsyncGenerator<PriceListItem[]> {
    const rateList = await rates();
    const line = (row: repo.PriceRow): PriceListItem => ({
      codigo: row.codigo,
      nome: row.nome,
      mostrar_preco: row.mostrar_preco,
      preco_atual: row.mostrar_preco ? priceIn(row.valor_venda, row.moeda_id, q.moeda_id, rateList) : null,
    });
    const base: repo.ProductFilter = { ...(await filterOf(q)), inStockOnly: true, sort: [], relevance: false, limit: batchSize, offset: 0 };
    const visitorSort = q.sort.filter((s) => s.field !== "id" && s.field !== "tem_estoque");
    if (visitorSort.length > 0) {
      yield (await repo.listPriceRows(db, { ...base, sort: visitorSort, limit: PRICE_LIST_MAX_ROWS })).map(line);
      return;
    }
    let beforeId: number | undefined;
    for (;;) {
      const rows = await repo.listPriceRows(db, { ...base, beforeId });
      if (rows.length === 0) return;
      yield rows.map(line);
      if (rows.length < batchSize) return;
      beforeId = rows[rows.length - 1]!.id;
    }
  }

  /** The longest code among a list query's in-stock products (the price list's code column). */
  const priceListLongestCode = async (q: ProductsQuery) => repo.longestCode(db, { ...(await filterOf(q)), inStockOnly: true });

  /** One sitemap file's product slugs (id order) and the number of active products. */
  async function productSlugs(file: number, perFile: number): Promise<{ total: number; slugs: string[] }> {
    await index.fresh();
    const total = index.size;
    return { total, slugs: await repo.listProductSlugs(db, perFile, (file - 1) * perFile) };
  }

  /** Loads the catalogue into memory (a process does it before it serves; otherwise the first list does). */
  const warm = () => index.fresh();

  /** A list query as the in-memory index takes it. */
  function listQueryOf(q: ProductsQuery): ListQuery {
    // With all_products (the search box) the search covers the whole catalogue.
    const searching = q.all_products;
    return {
      lang: q.lang,
      words: normaliseSearch(q.text ?? ""),
      categoryId: searching ? undefined : q.category_id,
      departmentId: searching ? undefined : q.department_id,
      brandIds: q.brand_id ? [...new Set([q.brand_id, ...q.brands_ids])] : q.brands_ids,
      inStockOnly: q.tem_estoque,
      special: q.special === "only" ? "only" : q.special === "exclude" ? "exclude" : undefined,
      sort: q.sort,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    };
  }

  /**
   * A list page, live: the in-memory catalogue answers in microseconds, so no answer is cached and a
   * change shows on the next request of every process.
   */
  async function products(q: ProductsQuery): Promise<ProductsPage> {
    // rates() brings the catalogue up to date first (one feed read on PostgreSQL, not two).
    const rateList = await rates();
    // Spec §4: a page past the last one shows the last one (an old link, a list that shrank).
    const answer = index.list(listQueryOf(q));
    return {
      data: answer.rows.map((row) => toSummary(row, q.moeda_id, rateList)),
      total: answer.total,
      page: answer.offset / q.per_page + 1,
      per_page: q.per_page,
      last_page: Math.max(1, Math.ceil(answer.total / q.per_page)),
    };
  }

  /** The brands present in a list query's whole result, each with its number of products, whatever brands are ticked. */
  async function brandFacets(q: ProductsQuery): Promise<BrandFacet[]> {
    await index.fresh();
    return index
      .list({ ...listQueryOf(q), limit: 1, offset: 0, brandTotals: true })
      .brandTotals.filter((r) => r.brand_id !== null)
      .map((r) => ({ id: r.brand_id!, slug: r.slug!, nome: r.nome!, total: r.total }));
  }

  /** Summaries of the given products (favourites, cart lines), in no particular order. */
  async function productsByIds(ids: number[], lang: ApiLang, moedaId: number): Promise<ProductSummary[]> {
    if (ids.length === 0) return [];
    const [rows, rateList] = await Promise.all([
      repo.listProducts(db, {
        lang,
        words: [],
        brandIds: [],
        ids,
        inStockOnly: false,
        sort: [{ field: "id", direction: "desc" }],
        limit: ids.length,
        offset: 0,
      }),
      rates(),
    ]);
    return rows.map((row) => toSummary(row, moedaId, rateList));
  }

  /**
   * The product's row from the in-memory catalogue and its texts by primary key (half the database's
   * work of the full query); the full query when the catalogue does not know it (yet).
   */
  async function findProduct(idOrSlug: string, lang: ApiLang): Promise<repo.ProductDetailRow | undefined> {
    await index.fresh();
    const summary = index.product(idOrSlug, lang);
    const text = summary && (await repo.findProductText(db, lang, summary.id));
    if (summary && text) return { ...summary, ...text };
    const row = await repo.findProduct(db, lang, idOrSlug);
    if (row || /^\d+$/.test(idOrSlug)) return row;
    // An address the product had before its slug changed: the product, whose answer names its address now.
    const moved = await repo.movedProduct(db, idOrSlug);
    return moved === undefined ? undefined : findProduct(String(moved), lang);
  }

  async function productDetails(idOrSlug: string, lang: ApiLang, moedaId: number): Promise<ProductDetails> {
    const key = `details:${lang}:${moedaId}:${idOrSlug}`;
    const cached = await cache.get<ProductDetails>(key);
    if (cached) return cached;
    // findProduct brings the catalogue up to date, and its rates with it.
    const row = await findProduct(idOrSlug, lang);
    if (!row) throw notFound("product_not_found");
    const rateList = index.rates();
    const details: ProductDetails = {
      ...toSummary(row, moedaId, rateList),
      descritivo: row.descritivo,
      caracteristica: sanitizeDescription(row.caracteristica),
      especificacoes: (row.especificacoes ?? []).map((s) => ({ nome: s.nome, valor: s.valor })),
    };
    await cache.set(key, details, DETAILS_CACHE_MS);
    return details;
  }

  async function categories(lang: ApiLang, specialOnly = false, menuOnly = false): Promise<Category[]> {
    const rows = await repo.listCategories(db, lang, specialOnly, menuOnly);
    // An icon the back office chose by name goes out as its SVG markup, as the spec's `icone` is.
    const icon = (icone: string | null) => (isCategoryIcon(icone) ? categoryIconSvg(icone) : icone);
    return rows.map((c) => ({ ...c, icone: icon(c.icone), departments: (c.departments ?? []).map((d) => ({ ...d, icone: icon(d.icone) })) }));
  }

  const brands = async (): Promise<Brand[]> => repo.listBrands(db);

  const moved = (slugs: { marca?: string; categoria?: string; departamento?: string }) => repo.movedListSlugs(db, slugs);

  /** The banners on show now, and when that changes by itself (a banner's start or end), if it does. */
  async function banners(lang: ApiLang): Promise<{ list: Banner[]; until?: number }> {
    const { rows, nextChange } = await repo.listBanners(db, lang, new Date());
    const list = rows.map((b) => ({
      id: b.id,
      tipo: b.tipo,
      imagem: b.imagem_url ? { url: b.imagem_url } : null,
      link: relativeLink(b.link),
      titulo: b.titulo,
      descricao: b.descricao,
      ordem: Number(b.ordem),
    }));
    return { list, until: nextChange };
  }

  const team = (lang: ApiLang): Promise<Seller[]> => repo.listSellers(db, lang);
  const faq = (lang: ApiLang): Promise<Faq[]> => repo.listFaq(db, lang);

  /** The how-to-buy or about page's texts in one language: staff's where they changed one, else the default. */
  async function pageTexts(lang: ApiLang, page: TextPage): Promise<Record<string, string>> {
    const key = `page-texts:${lang}:${page}`;
    const cached = await cache.get<Record<string, string>>(key);
    if (cached) return cached;
    const changed = new Map((await repo.listPageTexts(db)).map((row) => [row.chave, row]));
    const texts = Object.fromEntries(
      pageTextKeys(page).map((chave) => {
        const row = changed.get(chave);
        return [chave, row ? row[`texto_${lang}`] : PAGE_TEXT_DEFAULTS[chave][lang]];
      }),
    );
    await cache.set(key, texts, START_CACHE_MS);
    return texts;
  }

  /**
   * The start data, and the moment it stops being right by itself (`until`, epoch ms: a banner's start or
   * end), which bounds how long it is kept here and, through the route's `x-content-until`, in the page cache.
   */
  async function start(lang: ApiLang, moedaId: number, inStockOnly: boolean): Promise<{ data: StartData; until?: number }> {
    const key = `start-until:${lang}:${moedaId}:${inStockOnly ? 1 : 0}`;
    const cached = await cache.get<{ data: StartData; until?: number }>(key);
    if (cached && (cached.until === undefined || cached.until > Date.now())) return cached;
    const [exchange_rates, brandList, categoryList, specialList, bannerList, faqList, mostSearched] = await Promise.all([
      rates(),
      brands(),
      categories(lang),
      categories(lang, true),
      banners(lang),
      faq(lang),
      products({
        moeda_id: moedaId,
        lang,
        category_id: undefined,
        department_id: undefined,
        brand_id: undefined,
        brands_ids: [],
        page: 1,
        per_page: 20,
        all_products: false,
        tem_estoque: inStockOnly,
        sort: [{ field: "id", direction: "asc" }],
      }),
    ]);
    const data: StartData = {
      exchange_rates,
      brands: brandList,
      categories: categoryList,
      categories_special: specialList,
      banners: bannerList.list,
      faq: faqList,
      products: mostSearched.data,
    };
    const { until } = bannerList;
    const life = until === undefined ? START_CACHE_MS : Math.min(START_CACHE_MS, until - Date.now());
    if (life > 0) await cache.set(key, { data, until }, life);
    return { data, until };
  }

  /** The menus of every page: categories without icons, the special line's presence, featured brands and the dollar's rates. */
  async function menu(lang: ApiLang): Promise<Menu> {
    const key = `menu:${lang}`;
    const cached = await cache.get<Menu>(key);
    if (cached) return cached;
    const [rateList, brandList, categoryList, specialList] = await Promise.all([
      rates(),
      brands(),
      categories(lang, false, true),
      categories(lang, true),
    ]);
    const data: Menu = {
      categories: categoryList.map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        visivel_menu: c.visivel_menu,
        departments: c.departments.map((d) => ({ id: d.id, slug: d.slug, name: d.name })),
      })),
      special_line: specialList.length > 0,
      featured_brands: brandList
        .filter((b) => b.destaque)
        .slice(0, 2)
        .map((b) => ({ id: b.id, slug: b.slug, nome: b.nome })),
      exchange_rates: rateList.filter((r) => r.source_currency.id === 2).sort((a, b) => a.target_currency.id - b.target_currency.id),
    };
    await cache.set(key, data, START_CACHE_MS);
    return data;
  }

  async function subscribe(celular: string, lang: string) {
    await repo.addNewsletterContact(db, celular, lang);
  }

  return {
    warm,
    products,
    brandFacets,
    inStockProducts,
    inStockPriceList,
    priceListLongestCode,
    productSlugs,
    productsByIds,
    productDetails,
    categories,
    brands,
    moved,
    banners,
    team,
    faq,
    pageTexts,
    start,
    menu,
    rates,
    subscribe,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * Banner links are stored as paths; an absolute http(s) link is rewritten to the host the page is on.
 * Anything that could lead off the store ("//evil.example", "/\\evil.example", "/.//evil.example") is dropped.
 */
function relativeLink(link: string | null): string | null {
  return localPath(link, { absolute: true }) ?? null;
}
