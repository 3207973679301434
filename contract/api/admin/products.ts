import { z } from "zod";
import { idSchema, intSchema, textSchema } from "../common.ts";

/**
 * The back office's products (docs/decisions/020): every field of spec §3, in both languages, as the
 * manager's forms and the API's own clients send them.
 */

/** The currencies a price may be kept in: dollars (U$, 2) or guaraníes (G$, 3). */
export const PRICE_CURRENCIES = [2, 3] as const;
export const ADMIN_PAGE_SIZES = [20, 50, 100] as const;
export const MAX_SPECS = 50;
/** 14 digits with 2 decimals (produtos.valor_venda). */
export const MAX_PRICE = 999_999_999_999.99;
export const MAX_STOCK = 1_000_000_000;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A form's select left empty, a JSON null, or nothing at all: none. */
const nullableId = z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), idSchema.nullable());
/** A checkbox ("on"), a JSON boolean, or "true"/"false"/"1"/"0". */
const flag = z.preprocess((v) => (v === "on" || v === "1" || v === "true" ? true : v === "" || v === "0" || v === "false" ? false : v), z.boolean());
/** A price written 1234.5, 1234,50 or as a number; at most 2 decimals. */
const price = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(",", "."))
  .pipe(z.string().regex(/^\d{1,12}(?:\.\d{1,2})?$/, { message: "invalid" }))
  .refine((v) => Number(v) <= MAX_PRICE, { message: "invalid" });

const name = (max: number) => textSchema().min(1).max(max);
const optionalName = (max: number) =>
  textSchema()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

export const SpecRowSchema = z.object({
  nome_pt: name(120),
  nome_es: name(120),
  valor_pt: optionalName(200),
  valor_es: optionalName(200),
});

/** The product's fields, each checked on its own (the import checks a file's columns with them). */
export const AdminProductFields = z.object({
  codigo: textSchema().min(1).max(40),
  /** Left empty, it is made from the Portuguese name and the code. */
  slug: textSchema()
    .max(220)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.string().regex(SLUG_PATTERN, { message: "invalid" }).optional()),
  nome_pt: name(200),
  nome_es: name(200),
  descritivo_pt: textSchema({ multiline: true }).max(5000).default(""),
  descritivo_es: textSchema({ multiline: true }).max(5000).default(""),
  /** HTML from the editor; sanitised by the server before it is stored. */
  caracteristica_pt: z.string().max(200_000).default(""),
  caracteristica_es: z.string().max(200_000).default(""),
  brand_id: nullableId,
  category_id: nullableId,
  department_id: nullableId,
  moeda_id: z.coerce.number().pipe(z.union(PRICE_CURRENCIES.map((c) => z.literal(c)) as [z.ZodLiteral<2>, z.ZodLiteral<3>])),
  valor_venda: price,
  mostrar_preco: flag.default(true),
  especial: flag.default(false),
  ativo: flag.default(true),
  qtde_disponivel: intSchema(0, MAX_STOCK),
  qtde_fisica: intSchema(0, MAX_STOCK),
  especificacoes: z.array(SpecRowSchema).max(MAX_SPECS).default([]),
});

export const AdminProductBodySchema = AdminProductFields.superRefine((p, ctx) => {
  // Guaraníes have no cents.
  if (p.moeda_id === 3 && p.valor_venda.includes(".") && !/\.0{1,2}$/.test(p.valor_venda)) {
    ctx.addIssue({ code: "custom", path: ["valor_venda"], message: "integer" });
  }
  if (p.department_id !== null && p.category_id === null) ctx.addIssue({ code: "custom", path: ["category_id"], message: "required" });
});
export type AdminProductBody = z.input<typeof AdminProductBodySchema>;

export const AdminProductImageSchema = z.object({ id: z.number(), url: z.string(), ordem: z.number() });

export const AdminProductSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    codigo: z.string(),
    nome_pt: z.string(),
    nome_es: z.string(),
    descritivo_pt: z.string(),
    descritivo_es: z.string(),
    caracteristica_pt: z.string(),
    caracteristica_es: z.string(),
    brand_id: z.number().nullable(),
    category_id: z.number().nullable(),
    department_id: z.number().nullable(),
    moeda_id: z.number(),
    valor_venda: z.string(),
    mostrar_preco: z.boolean(),
    especial: z.boolean(),
    ativo: z.boolean(),
    qtde_disponivel: z.number(),
    qtde_fisica: z.number(),
    especificacoes: z.array(z.object({ nome_pt: z.string(), nome_es: z.string(), valor_pt: z.string().nullable(), valor_es: z.string().nullable() })),
    imagens: z.array(AdminProductImageSchema),
    updated_at: z.string(),
  })
  .meta({ id: "AdminProduct" });
export type AdminProduct = z.infer<typeof AdminProductSchema>;

const onlyFlag = z.enum(["sim", "nao", ""]).optional();

export const AdminProductsQuerySchema = z.object({
  /** Words of the name (either language), the code or the brand; prefixes count. */
  q: textSchema().max(100).optional(),
  category_id: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  brand_id: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  estoque: z.enum(["com", "sem", ""]).optional(),
  especial: onlyFlag,
  preco_oculto: onlyFlag,
  /** `nao`: the hidden products only. */
  ativo: onlyFlag,
  page: intSchema(1, 100_000).default(1),
  per_page: z.coerce
    .number()
    .pipe(z.union(ADMIN_PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<20>, z.ZodLiteral<50>, z.ZodLiteral<100>]))
    .default(20),
});
export type AdminProductsQuery = z.input<typeof AdminProductsQuerySchema>;

/** A row of the list: the product's own columns a manager scans, its brand's and category's names and its first image. */
export const AdminProductRowSchema = AdminProductSchema.pick({
  id: true,
  slug: true,
  codigo: true,
  nome_pt: true,
  nome_es: true,
  moeda_id: true,
  valor_venda: true,
  mostrar_preco: true,
  especial: true,
  ativo: true,
  qtde_disponivel: true,
}).extend({ marca: z.string().nullable(), categoria: z.string().nullable(), imagem: z.string().nullable() });
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductsPageSchema = z.object({
  data: z.array(AdminProductRowSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
});

export const CatalogOptionsSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number(),
      name_pt: z.string(),
      name_es: z.string(),
      departments: z.array(z.object({ id: z.number(), name_pt: z.string(), name_es: z.string() })),
    }),
  ),
  brands: z.array(z.object({ id: z.number(), nome: z.string() })),
});
export type CatalogOptions = z.infer<typeof CatalogOptionsSchema>;

export const ProductIdParamSchema = z.object({ id: idSchema });
export const ProductImageParamSchema = z.object({ id: idSchema, imageId: idSchema });
export const ImageOrderBodySchema = z.object({ ids: z.array(idSchema).min(1).max(50) });

/** The filters of the list, without its page: what a bulk change may apply to instead of a selection. */
export const ProductFilterSchema = AdminProductsQuerySchema.omit({ page: true, per_page: true });

export const BULK_MAX_IDS = 1000;
/** How far one bulk change moves prices; an import or an API key moving one further must confirm it. */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;
export const BulkChangeBodySchema = z
  .object({
    /** The products picked in the list; or, without them, every product the filter finds. */
    ids: z.array(idSchema).max(BULK_MAX_IDS).optional(),
    filtro: ProductFilterSchema.optional(),
    /** Prices by a percentage, the stock, or in and out of the special line (`/especial`). */
    acao: z.enum(["preco_percentual", "estoque", "especial_incluir", "especial_remover"]),
    /** -90 to +500 percent, up to two decimals (comma or point). */
    percentual: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().replace(",", "."))
      .pipe(z.string().regex(/^[+-]?\d{1,3}(?:\.\d{1,2})?$/, { message: "invalid" }))
      .transform(Number)
      .refine((v) => v >= BULK_PERCENT_MIN && v <= BULK_PERCENT_MAX && v !== 0, { message: "invalid" })
      .optional(),
    estoque: intSchema(0, MAX_STOCK).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.acao === "preco_percentual" && b.percentual === undefined) ctx.addIssue({ code: "custom", path: ["percentual"], message: "required" });
    if (b.acao === "estoque" && b.estoque === undefined) ctx.addIssue({ code: "custom", path: ["estoque"], message: "required" });
    if ((b.ids === undefined || b.ids.length === 0) && b.filtro === undefined) ctx.addIssue({ code: "custom", path: ["ids"], message: "required" });
  });
export type BulkChangeBody = z.input<typeof BulkChangeBodySchema>;
export const BulkChangeResultSchema = z.object({ alterados: z.number() });
