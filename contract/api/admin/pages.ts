import { z } from "zod";
import { PAGE_TEXT_KEYS, PageTextsBodySchema, PageTextsParamSchema, TEXT_PAGES } from "../../page-texts.ts";
import { LangQuerySchema } from "../catalog.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";
import { data, type Operation } from "../operation-shape.ts";
import { MANAGERS } from "./staff.ts";

/** The FAQ's order: smaller first, as the categories'. */
export const MAX_FAQ_ORDER = 100_000;
export const MAX_FAQ_QUESTION = 300;
export const MAX_FAQ_ANSWER = 4000;

const question = textSchema().min(1).max(MAX_FAQ_QUESTION);
/** Plain text: a blank line starts a new paragraph on the page (no markup is taken, so none needs cleaning). */
const answer = textSchema({ multiline: true }).min(1).max(MAX_FAQ_ANSWER);

export const FaqBodySchema = z.object({
  pergunta_pt: question,
  pergunta_es: question,
  resposta_pt: answer,
  resposta_es: answer,
  ordem: intSchema(0, MAX_FAQ_ORDER).default(0),
});
export type FaqBody = z.input<typeof FaqBodySchema>;

export const AdminFaqSchema = z
  .object({
    id: z.number(),
    pergunta_pt: z.string(),
    pergunta_es: z.string(),
    resposta_pt: z.string(),
    resposta_es: z.string(),
    ordem: z.number(),
  })
  .meta({ id: "AdminFaq" });
export type AdminFaq = z.infer<typeof AdminFaqSchema>;

export const FaqParamSchema = z.object({ id: idSchema });

/** One text of a page as staff edit it: what the page shows now and the default it started with. */
export const AdminPageTextSchema = z
  .object({
    chave: z.enum(PAGE_TEXT_KEYS as [string, ...string[]]),
    texto_pt: z.string(),
    texto_es: z.string(),
    padrao_pt: z.string(),
    padrao_es: z.string(),
    /** Changed from its default by staff. */
    alterado: z.boolean(),
  })
  .meta({ id: "AdminPageText" });
export type AdminPageText = z.infer<typeof AdminPageTextSchema>;

/** A page's texts in one language, as the storefront shows them (`{{brand}}` still to be filled). */
export const PublicPageTextsQuerySchema = LangQuerySchema.extend({ page: z.enum(TEXT_PAGES) });
export const PublicPageTextsSchema = data(z.record(z.string(), z.string()));

const saved = z.object({ message: z.string() });

/** The FAQ, how-to-buy and about texts. */
export const pagesOperations = {
  /** The how-to-buy or about page's texts in the shopper's language (defaults where staff changed nothing). */
  "GET /api/public/page-texts": { query: PublicPageTextsQuerySchema, response: PublicPageTextsSchema },
  "GET /api/admin/faq": { admin: MANAGERS, response: data(z.array(AdminFaqSchema)) },
  "POST /api/admin/faq": { admin: MANAGERS, body: FaqBodySchema, status: 201, response: saved.extend({ data: AdminFaqSchema }) },
  "PUT /api/admin/faq/{id}": { admin: MANAGERS, params: FaqParamSchema, body: FaqBodySchema, response: saved.extend({ data: AdminFaqSchema }) },
  "DELETE /api/admin/faq/{id}": { admin: MANAGERS, params: FaqParamSchema, response: saved },
  "GET /api/admin/page-texts/{page}": { admin: MANAGERS, params: PageTextsParamSchema, response: data(z.array(AdminPageTextSchema)) },
  /** Saves the texts sent; a text equal to its default is kept as the default (it follows the default again). */
  "PUT /api/admin/page-texts/{page}": {
    admin: MANAGERS,
    params: PageTextsParamSchema,
    body: PageTextsBodySchema,
    response: saved.extend({ data: z.array(AdminPageTextSchema) }),
  },
} as const satisfies Record<string, Operation>;
