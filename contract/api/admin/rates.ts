import { z } from "zod";

/**
 * Today's exchange rates (U$ 1 in R$, G$ and P$) as the back office enters them, and their history.
 * The storefront's rates bar, conversions and guaraní prices read `cotacoes` (decision 018's feed).
 */
export const RATE_TARGETS = [1, 3, 4] as const;
/** A rate that moves more than this from today's must be confirmed (a slipped "7.350" for 7350). */
export const RATE_JUMP = 0.3;
/**
 * Each rate: positive, at most 12 digits before the decimal separator (point or comma) and 6 after
 * (cotacoes.tax); no thousands separators.
 */
const tax = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,12}(?:[.,]\d{1,6})?$/, { message: "invalid" }))
  .transform((v) => v.replace(",", "."))
  .refine((v) => Number(v) > 0, { message: "invalid" });

export const RatesBodySchema = z.object({
  rates: z
    .array(
      z.object({
        target_currency_id: z.coerce
          .number()
          .pipe(z.union(RATE_TARGETS.map((c) => z.literal(c)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<4>])),
        tax,
      }),
    )
    .min(1)
    .max(RATE_TARGETS.length)
    .refine((rates) => new Set(rates.map((r) => r.target_currency_id)).size === rates.length, { message: "invalid" }),
  /** Set once the manager has seen that a rate moves more than RATE_JUMP and means it. */
  confirmar: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
});

export const RateSchema = z.object({ target_currency_id: z.number(), simbolo: z.string(), tax: z.string(), updated_at: z.string() });
export const RateHistoryEntrySchema = z.object({ target_currency_id: z.number(), tax: z.string(), autor: z.string(), created_at: z.string() });
export const RatesSchema = z.object({ data: z.array(RateSchema), history: z.array(RateHistoryEntrySchema) });
export type Rates = z.infer<typeof RatesSchema>;
