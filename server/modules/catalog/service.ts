import sanitizeHtml from "sanitize-html";
import type {
  Banner,
  Brand,
  BrandFacet,
  Category,
  ExchangeRate,
  Faq,
  ProductDetails,
  ProductsPage,
  ProductsQuery,
  ProductSummary,
  Seller,
  StartData,
} from "#contract/api/catalog.ts";
import { ProductsQuerySchema } from "#contract/api/catalog.ts";
import type { ApiLang } from "#contract/locale.ts";
import { localPath } from "#contract/local-path.ts";
import { priceIn } from "#contract/money.ts";
import type { PriceListItem } from "#contract/price-list.ts";
import type { Db } from "#db/client.ts";
import type { Cache } from "../../lib/cache.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./repo.ts";
import { createPostgresSearch, normaliseSearch, type ProductSearch } from "./search.ts";
import { toSummary } from "./summary.ts";

export const START_CACHE_MS = 300_000;
const RATES_CACHE_MS = 60_000;
/**
 * Catalogue answers are shared by every shopper asking the same thing; a short life keeps stock
 * and prices close to live (checkout re-checks both against the database anyway).
 */
const LIST_CACHE_MS = 30_000;
const COUNT_CACHE_MS = 60_000;

/** The HTML a product description may hold; anything else is dropped before it is sent. */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h3", "h4", "table", "thead", "tbody", "tr", "th", "td", "span"],
  allowedAttributes: {},
};

/** A sorted price list is read in one query: this bounds it (the whole demo catalogue fits). */
const PRICE_LIST_MAX_ROWS = 250_000;

export function createCatalogService(db: Db, cache: Cache, search: ProductSearch = createPostgresSearch(db)) {
  async function rates(): Promise<ExchangeRate[]> {
    const cached = await cache.get<ExchangeRate[]>("rates");
    if (cached) return cached;
    const list = (await repo.listRates(db)).map((r) => ({
      source_currency: { id: r.source_currency_id, simbolo: r.source_simbolo },
      target_currency: { id: r.target_currency_id, simbolo: r.target_simbolo, decimals: r.target_decimals },
      tax: r.tax,
    }));
    await cache.set("rates", list, RATES_CACHE_MS);
    return list;
  }

  /** The repository filter of a list query. */
  async function filterOf(q: ProductsQuery): Promise<repo.ProductFilter> {
    // Accent- and case-free words; at most six so a pasted paragraph stays cheap.
    const words = normaliseSearch(q.text ?? "");
    const searching = q.all_products;
    const brandIds = q.brand_id ? [...new Set([q.brand_id, ...q.brands_ids])] : q.brands_ids;
    return {
      lang: q.lang,
      words,
      search: await search.plan(words, q.lang),
      categoryId: searching ? undefined : q.category_id,
      departmentId: searching ? undefined : q.department_id,
      brandIds,
      inStockOnly: q.tem_estoque,
      special: q.special === "only" ? "only" : q.special === "exclude" ? "exclude" : undefined,
      sort: q.sort,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    };
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
    const total = await count(await filterOf(ProductsQuerySchema.parse({})));
    return { total, slugs: await repo.listProductSlugs(db, perFile, (file - 1) * perFile) };
  }

  async function products(q: ProductsQuery): Promise<ProductsPage> {
    const key = `products:${JSON.stringify(q)}`;
    const cached = await cache.get<ProductsPage>(key);
    if (cached) return cached;
    const filter = await filterOf(q);
    const [firstRows, total, rateList] = await Promise.all([repo.listProducts(db, filter), count(filter), rates()]);
    // Spec §4: a page past the last one shows the last one (an old link, a list that shrank).
    const lastPage = Math.max(1, Math.ceil(total / q.per_page));
    const pageNumber = Math.min(q.page, lastPage);
    const rows = pageNumber === q.page ? firstRows : await repo.listProducts(db, { ...filter, offset: (pageNumber - 1) * q.per_page });
    const page: ProductsPage = {
      data: rows.map((row) => toSummary(row, q.moeda_id, rateList)),
      total,
      page: pageNumber,
      per_page: q.per_page,
      last_page: lastPage,
    };
    await cache.set(key, page, LIST_CACHE_MS);
    return page;
  }

  /**
   * Totals change slowly and cost a scan. One aggregate per filter (brands left out) answers both
   * the brand filter's counts and the list's total, and every page, sort and brand choice of that
   * filter shares it.
   */
  async function brandTotals(filter: repo.ProductFilter): Promise<repo.BrandTotal[]> {
    const { sort: _sort, limit: _limit, offset: _offset, lang: _lang, brandIds: _brandIds, search: _search, ...where } = filter;
    const key = `brand-totals:${JSON.stringify(where)}`;
    const cached = await cache.get<repo.BrandTotal[]>(key);
    if (cached) return cached;
    const totals = await repo.countByBrand(db, { ...filter, brandIds: [] });
    await cache.set(key, totals, COUNT_CACHE_MS);
    return totals;
  }

  async function count(filter: repo.ProductFilter): Promise<number> {
    const ticked = new Set(filter.brandIds);
    return (await brandTotals(filter))
      .filter((r) => ticked.size === 0 || (r.brand_id !== null && ticked.has(r.brand_id)))
      .reduce((sum, r) => sum + r.total, 0);
  }

  /** The brands present in a list query's whole result, each with its number of products, whatever brands are ticked. */
  async function brandFacets(q: ProductsQuery): Promise<BrandFacet[]> {
    return (await brandTotals(await filterOf(q)))
      .filter((r) => r.brand_id !== null)
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

  async function productDetails(idOrSlug: string, lang: ApiLang, moedaId: number): Promise<ProductDetails> {
    const key = `details:${lang}:${moedaId}:${idOrSlug}`;
    const cached = await cache.get<ProductDetails>(key);
    if (cached) return cached;
    const [row, rateList] = await Promise.all([repo.findProduct(db, lang, idOrSlug), rates()]);
    if (!row) throw notFound("product_not_found");
    const details: ProductDetails = {
      ...toSummary(row, moedaId, rateList),
      descritivo: row.descritivo,
      caracteristica: sanitizeHtml(row.caracteristica, DESCRIPTION_HTML),
      especificacoes: (row.especificacoes ?? []).map((s) => ({ nome: s.nome, valor: s.valor })),
    };
    await cache.set(key, details, LIST_CACHE_MS);
    return details;
  }

  async function categories(lang: ApiLang, specialOnly = false): Promise<Category[]> {
    const rows = await repo.listCategories(db, lang, specialOnly);
    return rows.map((c) => ({ ...c, departments: c.departments ?? [] }));
  }

  const brands = async (): Promise<Brand[]> => repo.listBrands(db);

  async function banners(lang: ApiLang): Promise<Banner[]> {
    return (await repo.listBanners(db, lang)).map((b) => ({
      id: b.id,
      tipo: b.tipo,
      imagem: b.imagem_url ? { url: b.imagem_url } : null,
      link: relativeLink(b.link),
      titulo: b.titulo,
      descricao: b.descricao,
    }));
  }

  const team = (lang: ApiLang): Promise<Seller[]> => repo.listSellers(db, lang);
  const faq = (lang: ApiLang): Promise<Faq[]> => repo.listFaq(db, lang);

  async function start(lang: ApiLang, moedaId: number, inStockOnly: boolean): Promise<StartData> {
    const key = `start:${lang}:${moedaId}:${inStockOnly ? 1 : 0}`;
    const cached = await cache.get<StartData>(key);
    if (cached) return cached;
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
      banners: bannerList,
      faq: faqList,
      products: mostSearched.data,
    };
    await cache.set(key, data, START_CACHE_MS);
    return data;
  }

  async function subscribe(celular: string, lang: string) {
    await repo.addNewsletterContact(db, celular, lang);
  }

  return {
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
    banners,
    team,
    faq,
    start,
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
