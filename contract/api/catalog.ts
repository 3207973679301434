import { z } from "zod";
import { idSchema, intSchema, MAX_ID, textSchema } from "./common.ts";

/** Query and response shapes of the public catalogue API (spec §7). */

const langParam = textSchema()
  .max(8)
  .optional()
  .transform((v) => (v?.toLowerCase().startsWith("es") ? ("es" as const) : ("pt" as const)));

const moedaParam = intSchema(1, 4).default(2);
const idParam = idSchema;
const optionalId = z
  .union([z.literal(""), z.literal("null"), idParam])
  .optional()
  .transform((v) => (v === "" || v === "null" ? undefined : v));
const flag = z
  .union([z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false"), z.literal(""), z.boolean()])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === true);

export const PRODUCT_SORT_FIELDS = ["id", "valor_venda", "nome", "tem_estoque", "codigo"] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export const MAX_PER_PAGE = 100;

export const ProductsQuerySchema = z
  .object({
    moeda_id: moedaParam,
    lang: langParam,
    text: textSchema().max(100).optional(),
    category_id: optionalId,
    department_id: optionalId,
    brand_id: optionalId,
    brands_ids: textSchema()
      .max(500)
      .regex(/^(\d+(,\d+)*)?$/)
      .refine((v) => v.split(",").every((id) => id === "" || (Number(id) >= 1 && Number(id) <= MAX_ID)), { message: "invalid" })
      .optional()
      .transform((v) => (v ? [...new Set(v.split(",").map(Number))] : [])),
    page: intSchema(1, 100_000).default(1),
    // Any larger size reads as the largest (a client asking for "everything" gets pages of 100).
    per_page: intSchema(1, Number.MAX_SAFE_INTEGER).default(20).transform((v) => Math.min(v, MAX_PER_PAGE)),
    order_by: textSchema().max(80).optional(),
    order: textSchema().max(40).optional(),
    all_products: flag,
    tem_estoque: flag,
    special: z.enum(["only", "exclude", ""]).optional(),
  })
  .transform((q, ctx) => {
    const fields = (q.order_by || "id").split(",").map((f) => f.trim());
    const directions = (q.order || "desc").split(",").map((d) => d.trim().toLowerCase());
    const sort: { field: ProductSortField; direction: "asc" | "desc" }[] = [];
    for (const [i, field] of fields.entries()) {
      const direction = directions[i] ?? directions[directions.length - 1] ?? "desc";
      if (!(PRODUCT_SORT_FIELDS as readonly string[]).includes(field)) {
        ctx.addIssue({ code: "custom", path: ["order_by"], message: "invalid" });
        return z.NEVER;
      }
      if (direction !== "asc" && direction !== "desc") {
        ctx.addIssue({ code: "custom", path: ["order"], message: "invalid" });
        return z.NEVER;
      }
      sort.push({ field: field as ProductSortField, direction });
    }
    return { ...q, sort };
  });
export type ProductsQuery = z.output<typeof ProductsQuerySchema>;

/** URLs per sitemap file (the sitemap protocol's limit): the product sitemap files hold this many. */
export const SITEMAP_MAX_URLS = 50_000;

/** A product's id or slug; digits past MAX_ID are no id, so they are looked up (and not found) as a slug. */
export const ProductDetailsParamsSchema = z.object({ id: textSchema().min(1).max(220) });
export const ProductDetailsQuerySchema = z.object({ moeda_id: moedaParam, lang: langParam });

export const StartQuerySchema = z.object({ lang: langParam, moeda_id: moedaParam, tem_estoque: flag });
export const CategoriesQuerySchema = z.object({ lang: langParam, special: z.enum(["only", ""]).optional() });
export const LangQuerySchema = z.object({ lang: langParam });

export const NewsletterBodySchema = z.object({
  celular: textSchema()
    .max(20)
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().min(10).max(15)),
});

export interface Moeda {
  id: number;
  simbolo: string;
  casas_decimais: number;
}

export interface PrecoAtual {
  valor_venda: string;
  formatado: string;
  moeda: Moeda;
}

export interface ProductSummary {
  id: number;
  slug: string;
  nome: string;
  codigo: string;
  imagens: { url: string }[];
  /** Price in the product's own currency (moeda.id); null when the price is hidden (mostrar_preco false). */
  valor_venda: string | null;
  moeda: { id: number };
  /** Price in the requested currency (moeda_id); null when the price is hidden. */
  preco_atual: PrecoAtual | null;
  qtde_disponivel: number;
  tem_estoque: boolean;
  tem_estoque_fisico: boolean;
  mostrar_preco: boolean;
  especial: boolean;
  token: string;
  marca: { id: number; nome: string; slug: string } | null;
  categoria: { id: number; name: string; slug: string } | null;
  departamento: { id: number; name: string; slug: string } | null;
}

export interface ProductDetails extends ProductSummary {
  descritivo: string;
  caracteristica: string;
  especificacoes: { nome: string; valor: string | null }[];
}

export interface ProductsPage {
  data: ProductSummary[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}

export interface Department {
  id: number;
  slug: string;
  name: string;
  icone: string | null;
}

export interface Category {
  id: number;
  slug: string;
  name: string;
  icone: string | null;
  visivel_menu: boolean;
  departments: Department[];
}

export interface Brand {
  id: number;
  slug: string;
  nome: string;
  logo: string | null;
  destaque: boolean;
}

/** A brand of a list's result with its number of products (GET /api/public/products/brands). */
export interface BrandFacet {
  id: number;
  slug: string;
  nome: string;
  total: number;
}

export interface Banner {
  id: number;
  tipo: string;
  imagem: { url: string } | null;
  link: string | null;
  titulo: string | null;
  descricao: string | null;
}

export interface ExchangeRate {
  source_currency: { id: number; simbolo: string };
  target_currency: { id: number; simbolo: string; decimals: number };
  tax: string;
}

export interface Seller {
  id: number;
  nome: string;
  funcao: string;
  foto: string | null;
  whatsapp: string | null;
}

export interface Faq {
  id: number;
  pergunta: string;
  resposta: string;
}

export interface StartData {
  exchange_rates: ExchangeRate[];
  brands: Brand[];
  categories: Category[];
  categories_special: Category[];
  banners: Banner[];
  faq: Faq[];
  /** The most-searched list: the first 20 products by id ascending. */
  products: ProductSummary[];
}

export const BANNER_TYPES = {
  main: "Banner Principal",
  left: "Triplo Esquerdo",
  centre: "Triplo Centro",
  right: "Triplo Direito",
  offers: "Receba Ofertas",
} as const;
