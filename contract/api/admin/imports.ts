import { z } from "zod";
import { idSchema, textSchema } from "../common.ts";

/**
 * Importing and exporting the catalogue (docs/decisions/020): one file format for both, so export →
 * edit → import round-trips. Rows are matched by `codigo`; a column the file leaves out is left as it
 * is, so `codigo;preco;estoque` is the daily price-and-stock sync of the shop's own system.
 */
export const IMPORT_COLUMNS = [
  "codigo",
  "slug",
  "nome_pt",
  "nome_es",
  "marca",
  "categoria",
  "departamento",
  "moeda",
  "preco",
  "mostrar_preco",
  "estoque",
  "estoque_fisico",
  "especial",
  "ativo",
  "descritivo_pt",
  "descritivo_es",
  "caracteristica_pt",
  "caracteristica_es",
  "especificacoes",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Other names a column may have in a file (the product's own field names, and Spanish ones). */
export const IMPORT_COLUMN_ALIASES: Record<string, ImportColumn> = {
  code: "codigo",
  sku: "codigo",
  valor_venda: "preco",
  precio: "preco",
  price: "preco",
  qtde_disponivel: "estoque",
  stock: "estoque",
  qtde_fisica: "estoque_fisico",
  stock_fisico: "estoque_fisico",
  moneda: "moeda",
  currency: "moeda",
  brand: "marca",
  category: "categoria",
  department: "departamento",
  departamento_slug: "departamento",
};

/** What a new product needs from the file; an existing one takes any subset. */
export const IMPORT_NEW_PRODUCT_COLUMNS = ["nome_pt", "nome_es", "moeda", "preco", "estoque"] as const satisfies readonly ImportColumn[];
/** The price-and-stock export: what the shop's own system sends back every day. */
export const PRICE_STOCK_COLUMNS = ["codigo", "moeda", "preco", "estoque", "estoque_fisico"] as const satisfies readonly ImportColumn[];

export const IMPORT_FORMATS = ["csv", "xlsx"] as const;
export const IMPORT_STATES = ["checking", "checked", "applying", "applied", "failed"] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
/** A file of at most 100 MB and 200,000 rows. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
/** The refused rows an import keeps and shows (the count is always whole). */
export const IMPORT_ERRORS_KEPT = 1000;
/** The longest refused value a refusal keeps. */
export const REFUSED_VALUE_MAX = 100;

export const ImportRefusalSchema = z.object({
  linha: z.number(),
  coluna: z.string().nullable(),
  codigo: z.string().nullable(),
  /** The refused cell as the file had it (cut to REFUSED_VALUE_MAX); null when the refusal names no column (older imports lack it). */
  valor: z.string().nullable().optional(),
  mensagem: z.string(),
});
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

export const AdminImportSchema = z
  .object({
    id: z.number(),
    arquivo_nome: z.string(),
    formato: z.enum(IMPORT_FORMATS),
    estado: z.enum(IMPORT_STATES),
    colunas: z.array(z.string()),
    linhas: z.number(),
    processadas: z.number(),
    criadas: z.number(),
    atualizadas: z.number(),
    inalteradas: z.number(),
    recusadas: z.number(),
    /** Updated prices moved past the bulk change's limits (−90% to +500%): an API key's apply must confirm them. */
    fora_limite: z.number(),
    erros: z.array(ImportRefusalSchema),
    /** Why a whole file was refused or an apply failed, in the importer's language. */
    falha: z.string().nullable(),
    autor: z.string(),
    created_at: z.string(),
    applied_at: z.string().nullable(),
  })
  .meta({ id: "AdminImport" });
export type AdminImport = z.infer<typeof AdminImportSchema>;

export const ImportParamSchema = z.object({ id: idSchema });
/** `confirmar=true`: the sender has seen the prices moved past the bulk change's limits and applies them anyway. */
export const ImportApplyQuerySchema = z.object({
  confirmar: z.preprocess((v) => v === "true" || v === "1" || v === true, z.boolean()).default(false),
});

export const CatalogueExportQuerySchema = z.object({
  formato: z.enum(IMPORT_FORMATS).default("csv"),
  /** `preco_estoque`: only code, currency, price and stock. */
  colunas: z.enum(["todas", "preco_estoque"]).default("todas"),
});

/**
 * API keys for the shop's own systems: `sk_<prefix>_<secret>`, shown once, kept as a hash (docs/decisions/024).
 * `preco_estoque` (the default) sends only KEY_PRICE_STOCK_COLUMNS; `catalogo` any column.
 */
export const API_KEY_SCOPES = ["preco_estoque", "catalogo"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const KEY_PRICE_STOCK_COLUMNS = ["codigo", "preco", "estoque"] as const satisfies readonly ImportColumn[];
/** Allowed addresses a key may list, and how far ahead its expiry may be set. */
export const API_KEY_MAX_ADDRESSES = 20;
export const API_KEY_MAX_DAYS = 5 * 366;

export const ApiKeySchema = z
  .object({
    id: z.number(),
    nome: z.string(),
    prefixo: z.string(),
    escopo: z.enum(API_KEY_SCOPES),
    /** The last instant the key works, or null (no expiry). */
    expira_em: z.string().nullable(),
    /** IPs or CIDR ranges the key is accepted from; empty: any. */
    enderecos: z.array(z.string()),
    autor: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKeySchema>;

const address = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
/**
 * A list written one per line or separated by commas or spaces (the form's text area), or a JSON array;
 * a bad entry marks the whole field (the form has one).
 */
const addresses = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter((a) => a !== "") : (v ?? [])),
  z
    .array(z.string().trim())
    .max(API_KEY_MAX_ADDRESSES)
    .refine((list) => list.every((a) => address.safeParse(a).success), { message: "invalid" }),
);
/** A day (YYYY-MM-DD); the key works until its end, Paraguay's time. Empty: no expiry. */
const expiry = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.iso
    .date({ message: "invalid" })
    .refine(
      (d) => {
        const days = (Date.parse(`${d}T23:59:59-03:00`) - Date.now()) / 86_400_000;
        return days > 0 && days <= API_KEY_MAX_DAYS;
      },
      { message: "invalid" },
    )
    .optional(),
);

export const ApiKeyCreateBodySchema = z.object({
  nome: textSchema().min(1).max(120),
  escopo: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(API_KEY_SCOPES).default("preco_estoque")),
  expira_em: expiry,
  enderecos: addresses.default([]),
});
export const ApiKeyCreatedSchema = z.object({
  message: z.string(),
  data: ApiKeySchema,
  /** The whole key: shown this once, never again. */
  chave: z.string(),
});
