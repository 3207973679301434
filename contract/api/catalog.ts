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
    per_page: intSchema(1, Number.MAX_SAFE_INTEGER)
      .default(20)
      .transform((v) => Math.min(v, MAX_PER_PAGE)),
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

/* Response shapes: declared on the routes (the answer is checked and documented) and inferred by the client. */

export const MoedaSchema = z.object({ id: z.number(), simbolo: z.string(), casas_decimais: z.number() });

export const PrecoAtualSchema = z.object({ valor_venda: z.string(), formatado: z.string(), moeda: MoedaSchema });

const taxonomyRef = z.object({ id: z.number(), name: z.string(), slug: z.string() });

export const ProductSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  nome: z.string(),
  codigo: z.string(),
  imagens: z.array(z.object({ url: z.string() })),
  /** Price in the product's own currency (moeda.id); null when the price is hidden (mostrar_preco false). */
  valor_venda: z.string().nullable(),
  moeda: z.object({ id: z.number() }),
  /** Price in the requested currency (moeda_id); null when the price is hidden. */
  preco_atual: PrecoAtualSchema.nullable(),
  qtde_disponivel: z.number(),
  tem_estoque: z.boolean(),
  tem_estoque_fisico: z.boolean(),
  mostrar_preco: z.boolean(),
  especial: z.boolean(),
  token: z.string(),
  marca: z.object({ id: z.number(), nome: z.string(), slug: z.string() }).nullable(),
  categoria: taxonomyRef.nullable(),
  departamento: taxonomyRef.nullable(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductDetailsSchema = ProductSummarySchema.extend({
  descritivo: z.string(),
  caracteristica: z.string(),
  especificacoes: z.array(z.object({ nome: z.string(), valor: z.string().nullable() })),
});
export type ProductDetails = z.infer<typeof ProductDetailsSchema>;

export const ProductsPageSchema = z.object({
  data: z.array(ProductSummarySchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
});
export type ProductsPage = z.infer<typeof ProductsPageSchema>;

export const DepartmentSchema = z.object({ id: z.number(), slug: z.string(), name: z.string(), icone: z.string().nullable() });

export const CategorySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  icone: z.string().nullable(),
  visivel_menu: z.boolean(),
  departments: z.array(DepartmentSchema),
  /**
   * Spec §3: the departments also go by these names; GET /api/public/categories carries all three. The start
   * data keeps `departments` alone: the icons repeated twice would double it (docs/decisions/040).
   */
  departamentos: z.array(DepartmentSchema).optional(),
  subcategorias: z.array(DepartmentSchema).optional(),
});
export type Category = z.infer<typeof CategorySchema>;

/** A category as the public answers give it: its departments under each of the spec's three names (§3). */
export const withDepartmentAliases = (c: Category): Category => ({ ...c, departamentos: c.departments, subcategorias: c.departments });

export const BrandSchema = z.object({ id: z.number(), slug: z.string(), nome: z.string(), logo: z.string().nullable(), destaque: z.boolean() });
export type Brand = z.infer<typeof BrandSchema>;

/** A brand of a list's result with its number of products (GET /api/public/products/brands). */
export const BrandFacetSchema = z.object({ id: z.number(), slug: z.string(), nome: z.string(), total: z.number() });
export type BrandFacet = z.infer<typeof BrandFacetSchema>;

export const BannerSchema = z.object({
  id: z.number(),
  tipo: z.string(),
  imagem: z.object({ url: z.string() }).nullable(),
  link: z.string().nullable(),
  titulo: z.string().nullable(),
  descricao: z.string().nullable(),
  /** Smaller first: the main carousel's order, and which banner of a one-banner slot wins (then the highest id). */
  ordem: z.number().optional(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const ExchangeRateSchema = z.object({
  source_currency: z.object({ id: z.number(), simbolo: z.string() }),
  target_currency: z.object({ id: z.number(), simbolo: z.string(), decimals: z.number() }),
  tax: z.string(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const SellerSchema = z.object({
  id: z.number(),
  nome: z.string(),
  funcao: z.string(),
  foto: z.string().nullable(),
  whatsapp: z.string().nullable(),
});
export type Seller = z.infer<typeof SellerSchema>;

export const FaqSchema = z.object({ id: z.number(), pergunta: z.string(), resposta: z.string() });
export type Faq = z.infer<typeof FaqSchema>;

export const StartDataSchema = z.object({
  exchange_rates: z.array(ExchangeRateSchema),
  brands: z.array(BrandSchema),
  categories: z.array(CategorySchema),
  categories_special: z.array(CategorySchema),
  banners: z.array(BannerSchema),
  faq: z.array(FaqSchema),
  /** The most-searched list: the first 20 products by id ascending. */
  products: z.array(ProductSummarySchema),
});
export type StartData = z.infer<typeof StartDataSchema>;

/** A category as the menus draw it: no icons, its departments' names and slugs only. */
export const MenuCategorySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  visivel_menu: z.boolean(),
  departments: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })),
});
export type MenuCategory = z.infer<typeof MenuCategorySchema>;

/**
 * What every page's header and footer draw (GET /api/public/menu): the start data of spec §4 cut down to
 * the menus, the featured brands and the rates bar, a few kilobytes instead of the start data's sixty.
 */
export const MenuSchema = z.object({
  categories: z.array(MenuCategorySchema),
  /** Whether the special line has products: the menus link it then. */
  special_line: z.boolean(),
  /** The first two `destaque` brands, linked from the desktop menu. */
  featured_brands: z.array(z.object({ id: z.number(), slug: z.string(), nome: z.string() })),
  /** What one US dollar buys (spec §9: source 2 to targets 1, 3 and 4), by target. */
  exchange_rates: z.array(ExchangeRateSchema),
});
export type Menu = z.infer<typeof MenuSchema>;

/** One file's slice of product slugs for the sitemap (GET /api/public/products/slugs). */
export const SlugSliceSchema = z.object({ total: z.number(), per_file: z.number(), data: z.array(z.string()) });
