import { z } from "zod";

/**
 * Every failed answer of the API (ARCHITECTURE.md "Error shape"): a message in the caller's language,
 * the fields' messages when the request was refused field by field, and over a cart's stock each
 * product's maximum (`qtde_maxima`, by product id).
 */
export const ApiErrorBodySchema = z
  .looseObject({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    qtde_maxima: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: "ApiError" });

export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
