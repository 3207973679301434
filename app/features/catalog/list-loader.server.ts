import { data, redirect, type AppLoadContext } from "react-router";
import type { Brand, Category, ProductsPage } from "#contract/api/catalog.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import { fixedT } from "#app/i18n/index.ts";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { pageCurrencyId } from "#app/lib/session.server.ts";
import type { BrandChoice, CatalogListData, ListKind, Missing, NamedRef, SidebarCategory } from "./list-data.ts";
import { scopePath } from "./list-data.ts";
import { changeSearch, filterQuery, isPhoneRequest, productsQuery, readListParams, type ListParams, type ListScope } from "./list-query.ts";

/** A list's document and data vary with the phone hint (readListParams); the parents' headers stay. */
export function listHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  headers.append("Vary", "Sec-CH-UA-Mobile");
  return headers;
}

interface LoadArgs {
  request: Request;
  context: AppLoadContext;
  kind: ListKind;
  slugs: { brand?: string; category?: string; department?: string };
}

const notFound = (missing: Missing) => data(missing, { status: 404 });
const isId = (slug: string) => /^\d+$/.test(slug);
const matches = (item: { id: number; slug: string }, slug: string) => item.slug === slug || (isId(slug) && item.id === Number(slug));

function toSidebar(category: Category): SidebarCategory {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    departments: category.departments.map((d) => ({ id: d.id, slug: d.slug, name: d.name })),
  };
}

/**
 * Loads one product-list screen (spec §2 "Product list", "Brand page", special line): resolves the
 * path's slugs (numeric ones are ids and are redirected to the named address; unknown ones are 404),
 * then the page of products and the brands present in the result.
 */
export async function loadCatalogList({ request, context, kind, slugs }: LoadArgs): Promise<CatalogListData> {
  const url = new URL(request.url);
  const resolution = resolveLocale(request, context.site);
  const locale: Locale = resolution.locale;
  const t = fixedT(locale);
  const lang = apiLang(locale);
  const moedaId = await pageCurrencyId(request, context, locale);
  const params: ListParams = readListParams(url.searchParams, isPhoneRequest(request));

  const api = serverApi(context);
  let categoryList: Category[];
  let brandList: Brand[];
  try {
    [categoryList, brandList] = await Promise.all([
      api("GET /api/public/categories", { query: { lang, ...(kind === "special" ? { special: "only" as const } : {}) } }).then((r) => r.data),
      api("GET /api/public/brands", { query: { lang } }).then((r) => r.data),
    ]);
  } catch (error) {
    // Without categories or brands the address cannot be read: the error state, which retries by
    // itself (spec §4: 3 times, 2 s × attempt) and offers a retry button.
    console.error("catalogue list: categories or brands unavailable", error);
    return {
      kind,
      title: listTitle(t, kind, { text: params.text, news: params.news, brand: null, category: null, department: null }),
      category: null,
      department: null,
      brand: null,
      categories: [],
      brands: [],
      params,
      result: null,
      // A brand page whose brands could not be read cannot name its brand: spec §8 says so.
      ...(kind === "brand" && slugs.brand ? { loadError: "brand" as const } : {}),
      exportQuery: {},
    };
  }
  const categories = categoryList.map(toSidebar);

  let { brand: brandSlug, category: categorySlug, department: departmentSlug } = slugs;
  /**
   * An address the back office changed answers with a 301 to the current one (slugs_antigos). On the
   * special line, an old brand slug was taken for a category by the shift below, so both readings are asked.
   */
  const relocate = async (what: Missing["what"], message: string, brand?: NamedRef | null): Promise<never> => {
    const readings: LoadArgs["slugs"][] = [{ brand: brandSlug, category: categorySlug, department: departmentSlug }];
    if (kind === "special" && slugs.brand && !brandSlug) readings.push(slugs);
    for (const asked of readings) {
      const moved = await api("GET /api/public/moved", {
        query: { marca: asked.brand, categoria: asked.category, departamento: asked.department },
      }).then(
        (r) => r.data,
        () => null,
      );
      if (moved && (moved.marca || moved.categoria || moved.departamento)) {
        const named = (slug: string | null | undefined) => (slug ? { id: 0, slug, name: "" } : null);
        const path = scopePath(kind, {
          brand: named(moved.marca ?? asked.brand),
          category: named(moved.categoria ?? asked.category),
          department: named(moved.departamento ?? asked.department),
        });
        throw redirect(`${path}${url.search}`, 301);
      }
    }
    throw notFound({ message, what, ...(brand ? { brand } : {}) });
  };
  // The special line's first optional segment is a brand; when it names a category instead, the
  // address has no brand and the segments shift by one.
  if (kind === "special" && brandSlug && !brandList.some((b) => matches(b, brandSlug!))) {
    if (departmentSlug) return relocate("brand", t("catalog.brand.notFound"));
    [brandSlug, categorySlug, departmentSlug] = [undefined, brandSlug, categorySlug];
  }
  // The brand page also takes its category from `?categoria=` (spec §2).
  if (kind === "brand" && !categorySlug) categorySlug = url.searchParams.get("categoria") ?? undefined;

  let brand: NamedRef | null = null;
  if (brandSlug) {
    const found = brandList.find((b) => matches(b, brandSlug!));
    if (!found) return relocate("brand", t("catalog.brand.notFound"));
    brand = { id: found.id, slug: found.slug, name: found.nome };
  }
  const category = categorySlug ? (categories.find((c) => matches(c, categorySlug!)) ?? null) : null;
  if (categorySlug && !category) return relocate("category", t("catalog.list.categoryNotFound"), brand);
  const department = category && departmentSlug ? (category.departments.find((d) => matches(d, departmentSlug!)) ?? null) : null;
  if (departmentSlug && !department) return relocate("department", t("catalog.list.departmentNotFound"), brand);

  // Spec §2: numeric slugs are ids, shown by name.
  if ([brandSlug, categorySlug, departmentSlug].some((s) => s && isId(s) && !(kind === "brand" && s === url.searchParams.get("categoria")))) {
    throw redirect(`${scopePath(kind, { brand, category, department })}${url.search}`, 301);
  }

  const scope: ListScope = {
    categoryId: category?.id,
    departmentId: department?.id,
    brandId: brand?.id,
    special: kind === "special",
  };
  let result: ProductsPage | null = null;
  let brands: BrandChoice[] = [];
  try {
    const [page, facets] = await Promise.all([
      api("GET /api/public/products", { query: productsQuery(params, scope, locale, moedaId) }),
      kind === "brand" && brand
        ? null
        : api("GET /api/public/products/brands", { query: filterQuery({ ...params, brandIds: [] }, scope, locale, moedaId) }),
    ]);
    result = page;
    if (facets) {
      // Every brand of the whole result with its count; a ticked brand stays listed even with none left.
      brands = facets.data.map((b) => ({ id: b.id, slug: b.slug, name: b.nome, total: b.total }));
      for (const id of params.brandIds) {
        const ticked = brandList.find((b) => b.id === id);
        if (ticked && !brands.some((b) => b.id === id)) brands.push({ id, slug: ticked.slug, name: ticked.nome, total: 0 });
      }
    }
  } catch (error) {
    console.error("catalogue list: products unavailable", error);
  }
  // Spec §4: a page past the last one shows the last one, at its own address.
  if (result && result.page < params.page) {
    throw redirect(`${url.pathname}${changeSearch(url.searchParams, { kind: "page", page: result.page })}`, 302);
  }

  return {
    kind,
    title: listTitle(t, kind, { text: params.text, news: params.news, brand, category, department }),
    category,
    department,
    brand,
    categories,
    brands,
    params,
    result,
    exportQuery: filterQuery(params, scope, locale, moedaId),
  };
}

type T = ReturnType<typeof fixedT>;

/** Spec §2 title rules: search text, department, category, brand, or the default title. */
export function listTitle(
  t: T,
  kind: ListKind,
  s: { text: string; news: boolean; brand: NamedRef | null; category: NamedRef | null; department: NamedRef | null },
): string {
  if (kind === "brand") {
    if (s.brand && s.category) return t("catalog.brand.titleWithCategory", { brand: s.brand.name, category: s.category.name });
    if (s.brand) return t("catalog.brand.title", { brand: s.brand.name });
    return t("catalog.brand.defaultTitle");
  }
  if (s.text) return t("catalog.list.searchTitle", { text: s.text });
  const place = s.department?.name ?? s.category?.name;
  if (kind === "special") {
    const base = t("catalog.special.title");
    const detail = [s.brand?.name, place].filter(Boolean).join(" · ");
    return detail ? `${base}: ${detail}` : base;
  }
  if (place) return place;
  return s.news ? t("catalog.list.newsTitle") : t("catalog.list.defaultTitle");
}
