import { z } from "zod";
import { idSchema, intSchema, textSchema } from "../common.ts";
import { data, type Operation } from "../operation-shape.ts";
import { MANAGERS } from "./staff.ts";

/**
 * Shipping in the back office: the services (a carrier, a courier, a pickup network), their rates per
 * Paraguayan department or city, and the pickup points (docs/decisions/033).
 */

/** The currencies a rate is kept in: dollars (2 decimals) or guaraníes (none). */
export const RATE_CURRENCIES = [2, 3] as const;
/** numeric(18, 2) holds 16 digits before the point. */
export const MAX_RATE = 9_999_999_999_999.99;
export const MAX_DAYS = 365;

/** A checkbox ("on"), a JSON boolean, or "true"/"false"/"1"/"0". */
const flag = z.preprocess((v) => (v === "on" || v === "1" || v === "true" ? true : v === "" || v === "0" || v === "false" ? false : v), z.boolean());
/** A form's select left empty, a JSON null, or nothing at all: none. */
const nullableId = z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), idSchema.nullable());
/** A value written 1234.5, 1234,50 or as a number, never negative; at most 2 decimals (guaraníes: none, checked below). */
const value = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(",", "."))
  .pipe(z.string().regex(/^\d{1,13}(?:\.\d{1,2})?$/, { message: "invalid" }))
  .refine((v) => Number(v) <= MAX_RATE, { message: "invalid" });

export const ShippingServiceBodySchema = z.object({
  descricao_pt: textSchema().min(1).max(120),
  descricao_es: textSchema().min(1).max(120),
  usa_pontos: flag.default(false),
  ativo: flag.default(true),
});
export type ShippingServiceBody = z.input<typeof ShippingServiceBodySchema>;

export const ShippingRateBodySchema = z
  .object({
    servico_id: idSchema,
    estado_id: idSchema,
    /** None: the rate of the whole department; a city's own rate wins over it. */
    cidade_id: nullableId,
    moeda_id: z.coerce.number().pipe(z.union(RATE_CURRENCIES.map((c) => z.literal(c)) as [z.ZodLiteral<2>, z.ZodLiteral<3>])),
    valor: value,
    prazo: intSchema(0, MAX_DAYS),
  })
  .superRefine((r, ctx) => {
    // Guaraníes have no cents.
    if (r.moeda_id === 3 && r.valor.includes(".") && !/\.0{1,2}$/.test(r.valor))
      ctx.addIssue({ code: "custom", path: ["valor"], message: "integer" });
  });
export type ShippingRateBody = z.input<typeof ShippingRateBodySchema>;

export const PickupPointBodySchema = z.object({
  nome: textSchema().min(1).max(120),
  endereco: textSchema().min(1).max(250),
  estado_id: idSchema,
  cidade_id: idSchema,
  horario_atendimento: textSchema().min(1).max(160),
  /** The pickup network that delivers there; none: every network's parcels. */
  servico_id: nullableId,
  ativo: flag.default(true),
});
export type PickupPointBody = z.input<typeof PickupPointBodySchema>;

export const AdminShippingServiceSchema = z
  .object({
    id: z.number(),
    descricao_pt: z.string(),
    descricao_es: z.string(),
    usa_pontos: z.boolean(),
    ativo: z.boolean(),
    /** How many rates it has. */
    tarifas: z.number(),
  })
  .meta({ id: "AdminShippingService" });
export type AdminShippingService = z.infer<typeof AdminShippingServiceSchema>;

export const AdminShippingRateSchema = z
  .object({
    id: z.number(),
    servico_id: z.number(),
    estado_id: z.number(),
    estado: z.string(),
    cidade_id: z.number().nullable(),
    cidade: z.string().nullable(),
    moeda_id: z.number(),
    /** With the currency's decimals: "15000" in guaraníes, "12.50" in dollars. */
    valor: z.string(),
    prazo: z.number(),
  })
  .meta({ id: "AdminShippingRate" });
export type AdminShippingRate = z.infer<typeof AdminShippingRateSchema>;

export const AdminPickupPointSchema = z
  .object({
    id: z.number(),
    nome: z.string(),
    endereco: z.string(),
    estado_id: z.number(),
    estado: z.string(),
    cidade_id: z.number(),
    cidade: z.string(),
    horario_atendimento: z.string(),
    servico_id: z.number().nullable(),
    ativo: z.boolean(),
  })
  .meta({ id: "AdminPickupPoint" });
export type AdminPickupPoint = z.infer<typeof AdminPickupPointSchema>;

/** Paraguay's departments with their cities: the forms' two selects. */
export const DeliveryPlacesSchema = data(
  z.array(z.object({ id: z.number(), nome: z.string(), cidades: z.array(z.object({ id: z.number(), nome: z.string() })) })),
);
export type DeliveryPlaces = z.infer<typeof DeliveryPlacesSchema>["data"];

export const RatesQuerySchema = z.object({
  servico_id: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  estado_id: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
});
export const DeliveryIdParamSchema = z.object({ id: idSchema });

const saved = z.object({ message: z.string() });

/** Shipping services, rates and pickup points. */
export const deliveryOperations = {
  "GET /api/admin/delivery/places": { admin: MANAGERS, response: DeliveryPlacesSchema },
  "GET /api/admin/delivery/services": { admin: MANAGERS, response: data(z.array(AdminShippingServiceSchema)) },
  "POST /api/admin/delivery/services": {
    admin: MANAGERS,
    body: ShippingServiceBodySchema,
    status: 201,
    response: saved.extend({ data: AdminShippingServiceSchema }),
  },
  /** A service is switched off, never deleted: orders name it. */
  "PUT /api/admin/delivery/services/{id}": {
    admin: MANAGERS,
    params: DeliveryIdParamSchema,
    body: ShippingServiceBodySchema,
    response: saved.extend({ data: AdminShippingServiceSchema }),
  },
  /** Rates by department and city, filtered by service and department. */
  "GET /api/admin/delivery/rates": { admin: MANAGERS, query: RatesQuerySchema, response: data(z.array(AdminShippingRateSchema)) },
  "POST /api/admin/delivery/rates": {
    admin: MANAGERS,
    body: ShippingRateBodySchema,
    status: 201,
    response: saved.extend({ data: AdminShippingRateSchema }),
  },
  "PUT /api/admin/delivery/rates/{id}": {
    admin: MANAGERS,
    params: DeliveryIdParamSchema,
    body: ShippingRateBodySchema,
    response: saved.extend({ data: AdminShippingRateSchema }),
  },
  "DELETE /api/admin/delivery/rates/{id}": { admin: MANAGERS, params: DeliveryIdParamSchema, response: saved },
  "GET /api/admin/delivery/points": { admin: MANAGERS, response: data(z.array(AdminPickupPointSchema)) },
  "POST /api/admin/delivery/points": {
    admin: MANAGERS,
    body: PickupPointBodySchema,
    status: 201,
    response: saved.extend({ data: AdminPickupPointSchema }),
  },
  /** Edits a point; `ativo` off takes it out of the storefront's choices (orders keep naming it). */
  "PUT /api/admin/delivery/points/{id}": {
    admin: MANAGERS,
    params: DeliveryIdParamSchema,
    body: PickupPointBodySchema,
    response: saved.extend({ data: AdminPickupPointSchema }),
  },
} as const satisfies Record<string, Operation>;
