import { sql } from "drizzle-orm";
import type { ApiLang } from "#contract/locale.ts";
import { queryRows, type Db } from "#db/client.ts";
import type { BrandTotal, ProductRow } from "../repo.ts";
import type { ChangeFeed } from "./change-feed.ts";
import type { Entry } from "./entries.ts";
import { byString } from "./orders.ts";

interface Named {
  slug: string;
  pt: string;
  es: string;
}

export type Names = ReturnType<typeof createNames>;

/**
 * Brands, categories and departments by id, read when answering (a renamed brand changes no product),
 * so a product's row is put together here.
 */
export function createNames(db: Db, feed: ChangeFeed) {
  let brands = new Map<number, { slug: string; nome: string }>();
  let categories = new Map<number, Named>();
  let departments = new Map<number, Named>();

  feed.follow(async (change) => {
    if (!change.all && !change.names) return undefined;
    const [brandRows, categoryRows, departmentRows] = await Promise.all([
      queryRows<{ id: number; slug: string; nome: string }>(db, sql`SELECT id, slug, nome FROM marcas`),
      queryRows<{ id: number; slug: string; pt: string; es: string }>(db, sql`SELECT id, slug, name_pt AS pt, name_es AS es FROM categorias`),
      queryRows<{ id: number; slug: string; pt: string; es: string }>(db, sql`SELECT id, slug, name_pt AS pt, name_es AS es FROM departamentos`),
    ]);
    return () => {
      brands = new Map(brandRows.map((b) => [b.id, { slug: b.slug, nome: b.nome }]));
      categories = new Map(categoryRows.map((c) => [c.id, c]));
      departments = new Map(departmentRows.map((d) => [d.id, d]));
    };
  });

  return {
    /** A product as a list's row. */
    row(e: Entry, lang: ApiLang): ProductRow {
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
    },
    /** Products per brand with the brands' names, as the database orders them: by name without case, then id; no brand last. */
    brandTotals(perBrand: Map<number | null, number> | undefined): BrandTotal[] {
      const totals: BrandTotal[] = [...(perBrand ?? [])].map(([brandId, count]) => {
        const brand = brandId === null ? undefined : brands.get(brandId);
        return { brand_id: brandId, slug: brand?.slug ?? null, nome: brand?.nome ?? null, total: count };
      });
      totals.sort((a, b) => {
        if (a.nome === null || b.nome === null) return a.nome === b.nome ? 0 : a.nome === null ? 1 : -1;
        return byString(a.nome.toLowerCase(), b.nome.toLowerCase()) || (a.brand_id ?? 0) - (b.brand_id ?? 0);
      });
      return totals;
    },
  };
}
