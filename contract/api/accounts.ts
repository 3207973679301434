import { z } from "zod";
import { isValidCnpj, isValidCpf, isValidCuit, isValidRuc, onlyDigits } from "../documents.ts";
import { ProductSummarySchema } from "./catalog.ts";
import { idSchema, intSchema, optionalIdSchema, textSchema } from "./common.ts";

/** Request and response shapes of the customer API (spec §7 `/ecom/...`), with the rules of spec §5. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
/** 5 MB (spec §9). */
export const MAX_UPLOAD_BYTES = 5_242_880;
export const REGISTRATION_FILE_TYPES = ["image/png", "image/jpeg", "image/gif", "application/pdf"] as const;
export const PROFILE_FILE_TYPES = ["image/png", "image/jpeg", "application/pdf"] as const;
export const DOCUMENT_TYPES = ["CPF", "CNPJ", "RUC", "Cédula", "CUIT", "Passaporte", "Outro"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** BR is the foreign flow (estrangeiro); Argentinians register in the Spanish flow with their CUIT. */
export const NATIONALITIES = ["BR", "PY", "AR"] as const;
export type Nationality = (typeof NATIONALITIES)[number];
export const BRASIL_ID = 1;
export const PARAGUAI_ID = 2;
export const ARGENTINA_ID = 3;

/**
 * Spec §5: CPF or CNPJ for Brazilians (a person or a company); RUC or Cédula for others, CUIT in place of
 * the RUC for Argentinians.
 */
export function documentTypesFor(nationality: Nationality): readonly DocumentType[] {
  if (nationality === "BR") return ["CPF", "CNPJ"];
  if (nationality === "AR") return ["CUIT"];
  return ["RUC", "Cédula"];
}

/** Countries a customer's registration address may be in: Argentinians may give a Paraguayan one. */
export function addressCountriesFor(nationality: Nationality): readonly number[] {
  if (nationality === "BR") return [BRASIL_ID];
  if (nationality === "AR") return [ARGENTINA_ID, PARAGUAI_ID];
  return [PARAGUAI_ID];
}

/** Cédula used to be stored without its accent; API clients that still send it so are understood. */
const documentType = z.preprocess((v) => (v === "Cedula" ? "Cédula" : v), z.enum(DOCUMENT_TYPES));
export const SESSION_MS = 60 * 60 * 1000;

const text = (max: number) => textSchema().min(1).max(max);
/** `multiline`: a textarea, whose line breaks are kept. */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  textSchema(options)
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const email = textSchema().min(1).max(200).pipe(z.email());
const id = idSchema;
const optionalId = optionalIdSchema;

export const LoginBodySchema = z.object({ email, password: z.string().min(1).max(200) });
export const CheckEmailBodySchema = z.object({ email });
export const RecoverBodySchema = z.object({ email });

const password = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((v) => v.toLowerCase() !== "password", { message: "password_forbidden" });

const passwordsMatch = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const passwordsDiffer = { path: ["password_confirmation"], message: "passwords_must_match" };

export const ResetPasswordBodySchema = z
  .object({
    email: textSchema().max(200).optional(),
    uuid: z.uuid(),
    token: textSchema().min(20).max(200),
    code: textSchema().max(200).optional(),
    password,
    password_confirmation: z.string().max(200),
  })
  .refine(passwordsMatch, passwordsDiffer);

/** The fields of the reset form, checked in the browser before sending (the link gives the rest of the body). */
export const NewPasswordFieldsSchema = z.object({ password, password_confirmation: z.string().max(200) }).refine(passwordsMatch, passwordsDiffer);

export const ChangePasswordBodySchema = z
  .object({
    password_currently: z.string().min(1).max(200),
    password,
    password_confirmation: z.string().min(1).max(200),
  })
  .refine(passwordsMatch, passwordsDiffer);

function checkDocument(value: { documento_tipo: string; documento?: string }, ctx: z.RefinementCtx) {
  if (!value.documento) return;
  if (value.documento_tipo === "CPF" && !isValidCpf(value.documento)) {
    ctx.addIssue({ code: "custom", path: ["documento"], message: "invalid_cpf" });
  }
  if (value.documento_tipo === "RUC" && !isValidRuc(value.documento)) {
    ctx.addIssue({ code: "custom", path: ["documento"], message: "invalid_ruc" });
  }
  if (value.documento_tipo === "Cédula" && !/^\d{5,10}$/.test(onlyDigits(value.documento))) {
    ctx.addIssue({ code: "custom", path: ["documento"], message: "invalid_document" });
  }
  if (value.documento_tipo === "CUIT" && !isValidCuit(value.documento)) {
    ctx.addIssue({ code: "custom", path: ["documento"], message: "invalid_cuit" });
  }
  if (value.documento_tipo === "CNPJ" && !isValidCnpj(value.documento)) {
    ctx.addIssue({ code: "custom", path: ["documento"], message: "invalid_cnpj" });
  }
}

/** The text fields of the multipart registration (files `frente` and `verso` are checked apart). */
export const RegisterFieldsSchema = z
  .object({
    nome: text(200),
    sobrenome: text(200),
    email,
    email_confirmation: email,
    estrangeiro: z.enum(["0", "1"]),
    telefone: text(20),
    password,
    password_confirmation: z.string().min(1).max(200),
    cep: optionalText(10),
    logradouro: text(200),
    numero: text(20),
    bairro: text(100),
    complemento: optionalText(10),
    nacionalidade: z.enum(NATIONALITIES).optional(),
    documento_tipo: documentType,
    documento: optionalText(20),
    identidade: text(20),
    identidade_complemento: optionalText(10),
    pais_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(3).optional()),
    estado_id: optionalId,
    cidade_id: optionalId,
    /** Typed city of an Argentine address (the store keeps no Argentine cities). */
    cidade: optionalText(120),
    como_chegar: optionalText(500, { multiline: true }),
    razao_social: optionalText(200),
    lang: textSchema().max(8).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.email.toLowerCase() !== v.email_confirmation.toLowerCase()) {
      ctx.addIssue({ code: "custom", path: ["email_confirmation"], message: "emails_must_match" });
    }
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "passwords_must_match" });
    }
    const foreign = v.estrangeiro === "1";
    const nationality = registrationNationality(v);
    if ((foreign && v.nacionalidade && v.nacionalidade !== "BR") || (!foreign && v.nacionalidade === "BR")) {
      ctx.addIssue({ code: "custom", path: ["nacionalidade"], message: "invalid" });
    }
    if (foreign) {
      if (!v.cep) ctx.addIssue({ code: "custom", path: ["cep"], message: "required" });
      else if (onlyDigits(v.cep).length !== 8) ctx.addIssue({ code: "custom", path: ["cep"], message: "invalid_cep" });
      if (!v.identidade_complemento) {
        ctx.addIssue({ code: "custom", path: ["identidade_complemento"], message: "required" });
      }
    }
    if (!documentTypesFor(nationality).includes(v.documento_tipo)) {
      ctx.addIssue({ code: "custom", path: ["documento_tipo"], message: "invalid" });
    }
    const country = registrationCountry(v);
    if (!addressCountriesFor(nationality).includes(country)) {
      ctx.addIssue({ code: "custom", path: ["pais_id"], message: "invalid" });
    }
    if (!v.documento) ctx.addIssue({ code: "custom", path: ["documento"], message: "required" });
    if (!v.estado_id) ctx.addIssue({ code: "custom", path: ["estado_id"], message: "state_required" });
    if (country === ARGENTINA_ID) {
      if (!v.cidade) ctx.addIssue({ code: "custom", path: ["cidade"], message: "city_required" });
    } else if (!v.cidade_id) ctx.addIssue({ code: "custom", path: ["cidade_id"], message: "city_required" });
    checkDocument(v, ctx);
  });
export type RegisterFields = z.output<typeof RegisterFieldsSchema>;

/** Brazilian in the foreign flow; otherwise Argentinian when the form says so, else Paraguayan. */
export function registrationNationality(v: { estrangeiro: "0" | "1"; nacionalidade?: Nationality }): Nationality {
  if (v.estrangeiro === "1") return "BR";
  return v.nacionalidade === "AR" ? "AR" : "PY";
}

/** The country of the registration address: the form's pais_id, else the nationality's own. */
export function registrationCountry(v: { estrangeiro: "0" | "1"; nacionalidade?: Nationality; pais_id?: number }): number {
  return v.pais_id ?? addressCountriesFor(registrationNationality(v))[0]!;
}

export const UpdateProfileFieldsSchema = z
  .object({
    telefone: text(20),
    documento_tipo: documentType,
    documento: text(20),
  })
  .superRefine((v, ctx) => checkDocument(v, ctx));

export const AddressBodySchema = z
  .object({
    nome: text(100),
    cep: optionalText(10),
    logradouro: text(200),
    numero: text(20),
    bairro: text(100),
    cidade: optionalText(120),
    cidade_id: id,
    estado_id: id.optional(),
    pais: z.enum(["Brasil", "Paraguai"]).optional(),
    pais_id: intSchema(1, 2).optional(),
    complemento: optionalText(10),
    como_chegar: optionalText(500, { multiline: true }),
    ativo: z.boolean().optional(),
    principal: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cep !== undefined && onlyDigits(v.cep).length !== 8) {
      ctx.addIssue({ code: "custom", path: ["cep"], message: "invalid_cep" });
    }
  });

export const AddressUpdateBodySchema = z.object({
  ativo: z.boolean(),
  nome: textSchema().max(100).optional(),
});

export const CityByCodeBodySchema = z.object({
  pais_id: intSchema(1, 2),
  codigo: textSchema().regex(/^\d{1,10}$/),
});

export const FavouriteBodySchema = z.object({ produto_id: id });
export const IdParamSchema = z.object({ id });
export const ConfirmEmailParamsSchema = z.object({ uid: z.uuid(), token: textSchema().min(20).max(200) });

/* Response shapes: declared on the routes (the answer is checked and documented) and inferred by the client. */

export const AddressSchema = z.object({
  id: z.number(),
  nome: z.string(),
  cep: z.string().nullable(),
  logradouro: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cidade: z.string().nullable(),
  cidade_id: z.number().nullable(),
  estado_id: z.number().nullable(),
  estado: z.string().nullable(),
  pais_id: z.number(),
  pais: z.string(),
  complemento: z.string().nullable(),
  como_chegar: z.string().nullable(),
  ativo: z.boolean(),
  principal: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

/** The staff's review of a customer's identity document: pendente until staff look; new images start it again. */
export const DOCUMENT_STATES = ["pendente", "verificado", "rejeitado"] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
/** Why a document was refused: illegible, expired, a name other than the account's, or another reason the note says. */
export const REJECTION_REASONS = ["ilegivel", "vencido", "nome_diferente", "outro"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const UserSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  nome: z.string(),
  sobrenome: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  estrangeiro: z.boolean(),
  nationality: z.enum(NATIONALITIES),
  telefone: z.string(),
  documento_tipo: z.string(),
  documento: z.string().nullable(),
  identidade: z.string().nullable(),
  identidade_complemento: z.string().nullable(),
  razao_social: z.string().nullable(),
  lang: z.string(),
  data_ultimo_login: z.string().nullable(),
  documentos: z.object({ frente: z.boolean(), verso: z.boolean() }),
  /** The review of the document: its state, and when rejected the reason and the staff's note. */
  documento_revisao: z.object({
    status: z.enum(DOCUMENT_STATES),
    motivo: z.enum(REJECTION_REASONS).nullable(),
    nota: z.string().nullable(),
  }),
  enderecos: z.array(AddressSchema),
});
export type User = z.infer<typeof UserSchema>;

/** The answer of most writes: a confirmation in the customer's language. */
export const MessageSchema = z.object({ message: z.string() });

export const LoginResponseSchema = z.object({ token: z.string(), expires_at: z.string(), user: UserSchema, message: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RegisteredSchema = z.object({ message: z.string(), id: z.number() });
export const ProfileUpdatedSchema = z.object({ message: z.string(), user: UserSchema });
export const AddressSavedSchema = z.object({ message: z.string(), data: AddressSchema.optional() });

/** A state or a city of an address form's lists. */
export const GeoOptionSchema = z.object({ id: z.number(), nome: z.string() });
export type GeoOption = z.infer<typeof GeoOptionSchema>;
export const StatesSchema = z.object({ data: z.array(GeoOptionSchema.extend({ sigla: z.string().nullable() })) });
export const CitiesSchema = z.object({ data: z.array(GeoOptionSchema) });

/** GET /ecom/endereco/cep/{cep}: the address of a Brazilian postal code, or `erro` when it names none. */
export const CepAddressSchema = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
  ibge: z.string(),
  cidade_id: z.number().nullable(),
  cidade: z.string().nullable(),
  estado_id: z.number().nullable(),
  estado: z.string().nullable(),
});
export type CepAddress = z.infer<typeof CepAddressSchema>;
export const CepLookupSchema = z.union([CepAddressSchema, z.object({ erro: z.literal(true) })]);

export const CityByCodeSchema = z.object({
  id: z.number(),
  nome: z.string(),
  estado: z.object({ id: z.number(), nome: z.string(), sigla: z.string().nullable(), pais_id: z.number() }),
});

/** A customer's favourite (spec §7 /ecom/favoritos); the list holds each product as the catalogue shows it. */
export const FavouriteSchema = z.object({ id: z.number(), produto_id: z.number() });
export const FavouriteListItemSchema = FavouriteSchema.extend({ produto: ProductSummarySchema.nullable() });
export type FavouriteListItem = z.infer<typeof FavouriteListItemSchema>;
