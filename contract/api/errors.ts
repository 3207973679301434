import { z } from "zod";

/**
 * Every failed answer of the API (ARCHITECTURE.md "Error shape"): a message in the caller's language,
 * the fields' messages when the request was refused field by field, a `code` where the client acts on it, and over a cart's stock each
 * product's maximum (`qtde_maxima`, by product id).
 */
export const ApiErrorBodySchema = z
  .looseObject({
    message: z.string(),
    /** What the client should do, where a message is not enough (`reauth_required`: ask for the password again, then retry). */
    code: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    qtde_maxima: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: "ApiError" });

export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
