import { z } from "zod";
import { BANNER_TYPES } from "../../banners.ts";
import { onlyDigits } from "../../documents.ts";
import { maskPhone, type PhoneCountry } from "../../masks.ts";
import { parseShopTime } from "../../shop-time.ts";
import { MessageSchema } from "../accounts.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";
import { data, file, type Operation } from "../operation-shape.ts";
import { MANAGERS } from "./staff.ts";

/**
 * The back office's content (docs/decisions/032): the home page's banners, the sales team and the offers
 * sign-ups. Images are checked by their bytes and stored as WebP (server/modules/admin/content/).
 */

export const CONTENT_MAX_ORDER = 100_000;
/** A banner is stored as one WebP at most this wide (never enlarged): the main carousel's 1600 px and a sharp screen's margin. */
export const BANNER_WIDTH = 1920;
/** A seller's photo: one WebP at most this wide. */
export const SELLER_PHOTO_WIDTH = 400;
/** The offers sign-ups a page lists. */
export const SIGNUPS_PER_PAGE = 50;

export const BANNER_TYPE_VALUES = Object.values(BANNER_TYPES) as [string, ...string[]];

/** A checkbox ("on"), a JSON boolean, or "true"/"false"/"1"/"0". */
const flag = z.preprocess((v) => (v === "on" || v === "1" || v === "true" ? true : v === "" || v === "0" || v === "false" ? false : v), z.boolean());
/** Optional text: left empty it is stored as nothing. */
const optionalText = (max: number, multiline = false) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), textSchema({ multiline }).max(max).optional());
/**
 * A moment of a banner's window: the shop's local time as a form sends it ("2026-12-24T18:00") or an ISO
 * time with its offset; empty leaves that side open.
 */
const moment = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  textSchema()
    .max(40)
    .refine((v) => parseShopTime(v) !== undefined, { message: "invalid" })
    .transform((v) => parseShopTime(v)!)
    .optional(),
);

export const BannerBodySchema = z.object({
  tipo: z.enum(BANNER_TYPE_VALUES),
  /** A path on the store ("/produtos?categoria=…"); a full address keeps only its path. Checked by the service, with its own message. */
  link: optionalText(500),
  titulo_pt: optionalText(200),
  titulo_es: optionalText(200),
  descricao_pt: optionalText(1000, true),
  descricao_es: optionalText(1000, true),
  ordem: intSchema(0, CONTENT_MAX_ORDER).default(0),
  ativo: flag.default(true),
  inicio: moment,
  fim: moment,
});

export const AdminBannerSchema = z
  .object({
    id: z.number(),
    tipo: z.string(),
    imagem_url: z.string().nullable(),
    link: z.string().nullable(),
    titulo_pt: z.string().nullable(),
    titulo_es: z.string().nullable(),
    descricao_pt: z.string().nullable(),
    descricao_es: z.string().nullable(),
    ordem: z.number(),
    ativo: z.boolean(),
    inicio: z.string().nullable(),
    fim: z.string().nullable(),
    /** On the home page now: active, with an image, inside its window. */
    no_ar: z.boolean(),
  })
  .meta({ id: "AdminBanner" });
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const SellerBodySchema = z.object({
  nome: textSchema().min(1).max(120),
  funcao_pt: textSchema().min(1).max(120),
  funcao_es: textSchema().min(1).max(120),
  /** International, with the country's code (WhatsApp's links need it): +595, +55 or +54. Checked by the service. */
  whatsapp: optionalText(30),
  ordem: intSchema(0, CONTENT_MAX_ORDER).default(0),
  ativo: flag.default(true),
});

export const AdminSellerSchema = z
  .object({
    id: z.number(),
    nome: z.string(),
    funcao_pt: z.string(),
    funcao_es: z.string(),
    foto: z.string().nullable(),
    whatsapp: z.string().nullable(),
    ordem: z.number(),
    ativo: z.boolean(),
  })
  .meta({ id: "AdminSeller" });
export type AdminSeller = z.infer<typeof AdminSellerSchema>;

export const SignupsQuerySchema = z.object({ page: intSchema(1, 100_000).default(1) });
export const SignupSchema = z.object({ id: z.number(), celular: z.string(), lang: z.string().nullable(), created_at: z.string() });
export type Signup = z.infer<typeof SignupSchema>;
export const SignupsPageSchema = z.object({
  data: z.array(SignupSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

export const ContentIdParamSchema = z.object({ id: idSchema });

const saved = <T extends z.ZodType>(schema: T) => MessageSchema.extend({ data: schema });

/** Banners, the sales team and the offers sign-ups: owners and managers. */
export const contentOperations = {
  "GET /api/admin/banners": { admin: MANAGERS, response: data(z.array(AdminBannerSchema)) },
  "POST /api/admin/banners": { admin: MANAGERS, body: BannerBodySchema, status: 201, response: saved(AdminBannerSchema) },
  "PUT /api/admin/banners/{id}": { admin: MANAGERS, params: ContentIdParamSchema, body: BannerBodySchema, response: saved(AdminBannerSchema) },
  "DELETE /api/admin/banners/{id}": { admin: MANAGERS, params: ContentIdParamSchema, response: MessageSchema },
  /** The image as a multipart form (field `imagem`, one JPEG, PNG or WebP file up to 10 MB), stored as WebP. */
  "POST /api/admin/banners/{id}/image": { admin: MANAGERS, params: ContentIdParamSchema, multipart: true, response: saved(AdminBannerSchema) },

  "GET /api/admin/sellers": { admin: MANAGERS, response: data(z.array(AdminSellerSchema)) },
  "POST /api/admin/sellers": { admin: MANAGERS, body: SellerBodySchema, status: 201, response: saved(AdminSellerSchema) },
  "PUT /api/admin/sellers/{id}": { admin: MANAGERS, params: ContentIdParamSchema, body: SellerBodySchema, response: saved(AdminSellerSchema) },
  "DELETE /api/admin/sellers/{id}": { admin: MANAGERS, params: ContentIdParamSchema, response: MessageSchema },
  /** The photo as a multipart form (field `foto`, one JPEG, PNG or WebP file up to 10 MB), stored as WebP. */
  "POST /api/admin/sellers/{id}/photo": { admin: MANAGERS, params: ContentIdParamSchema, multipart: true, response: saved(AdminSellerSchema) },
  "DELETE /api/admin/sellers/{id}/photo": { admin: MANAGERS, params: ContentIdParamSchema, response: saved(AdminSellerSchema) },

  /** The offers sign-ups, newest first, 50 a page. */
  "GET /api/admin/signups": { admin: MANAGERS, query: SignupsQuerySchema, response: SignupsPageSchema },
  /** Every sign-up as CSV (`;`, with a BOM for Excel), streamed. */
  "GET /api/admin/signups/export": { admin: MANAGERS, ...file("The offers sign-ups", ["text/csv"]) },
} as const satisfies Record<string, Operation>;

/** The countries whose numbers the shop's team uses, by code, with how many digits follow it (spec §3's phone masks). */
const WHATSAPP_COUNTRIES: readonly { code: string; country: PhoneCountry; national: readonly number[] }[] = [
  { code: "595", country: "PY", national: [9] },
  { code: "55", country: "BR", national: [10, 11] },
  { code: "54", country: "AR", national: [10, 11] },
];

/**
 * A seller's WhatsApp number written as the spec's masks write it ("+595 981 214 377"), or undefined when
 * it is not a Paraguayan, Brazilian or Argentine number with its country's code (WhatsApp's link needs it).
 * International dialling zeros ("00595…") are dropped.
 */
export function whatsappNumber(text: string): string | undefined {
  const digits = onlyDigits(text).replace(/^00/, "");
  for (const { code, country, national } of WHATSAPP_COUNTRIES) {
    if (digits.startsWith(code) && national.includes(digits.length - code.length)) return maskPhone(`+${digits}`, country);
  }
  return undefined;
}
