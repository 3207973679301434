import { z } from "zod";
import { CATEGORY_ICONS } from "../../category-icons.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";
import { SLUG_PATTERN } from "./products.ts";

/**
 * The back office's categories, departments and brands (docs/decisions/020): names in both
 * languages, an address (slug), the menu's icon, visibility and order, a brand's logo.
 */

export const MAX_ORDER = 100_000;
/** A brand's logo: the product images' types and size, stored as one WebP. */
export const LOGO_WIDTH = 400;

/** A checkbox ("on"), a JSON boolean, or "true"/"false"/"1"/"0". */
const flag = z.preprocess((v) => (v === "on" || v === "1" || v === "true" ? true : v === "" || v === "0" || v === "false" ? false : v), z.boolean());
const name = textSchema().min(1).max(120);
/** Left empty, it is made from the (Portuguese) name. */
const slug = textSchema()
  .max(120)
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .pipe(z.string().regex(SLUG_PATTERN, { message: "invalid" }).optional());
/**
 * One of the storefront's icons by name, "" for none; left out (or `keep`), the icon stays as it is
 * (the demo's categories carry inline SVG the list of names does not hold).
 */
const icon = z.preprocess(
  (v) => (v === "" ? null : v === "keep" ? undefined : v),
  z
    .enum(CATEGORY_ICONS as unknown as [string, ...string[]])
    .nullable()
    .optional(),
);

export const CategoryBodySchema = z.object({
  name_pt: name,
  name_es: name,
  slug,
  icone: icon,
  visivel_menu: flag.default(true),
  ordem: intSchema(0, MAX_ORDER).default(0),
});
export type CategoryBody = z.input<typeof CategoryBodySchema>;
/** A department: the category's fields; its address is unique within its category. */
export const DepartmentBodySchema = CategoryBodySchema.extend({});

export const BrandBodySchema = z.object({
  nome: name,
  slug,
  destaque: flag.default(false),
});

export const AdminDepartmentSchema = z
  .object({
    id: z.number(),
    category_id: z.number(),
    slug: z.string(),
    name_pt: z.string(),
    name_es: z.string(),
    icone: z.string().nullable(),
    visivel_menu: z.boolean(),
    ordem: z.number(),
    /** How many products name it: one or more, and it may not be deleted. */
    produtos: z.number(),
  })
  .meta({ id: "AdminDepartment" });
export type AdminDepartment = z.infer<typeof AdminDepartmentSchema>;

export const AdminCategorySchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    name_pt: z.string(),
    name_es: z.string(),
    icone: z.string().nullable(),
    visivel_menu: z.boolean(),
    ordem: z.number(),
    produtos: z.number(),
    departments: z.array(AdminDepartmentSchema),
  })
  .meta({ id: "AdminCategory" });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const AdminBrandSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    nome: z.string(),
    logo: z.string().nullable(),
    destaque: z.boolean(),
    produtos: z.number(),
  })
  .meta({ id: "AdminBrand" });
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const CatalogueIdParamSchema = z.object({ id: idSchema });
export const DepartmentParamSchema = z.object({ id: idSchema, departmentId: idSchema });
