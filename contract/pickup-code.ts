/**
 * The pickup code a buyer shows at the counter (pedidos.codigo_retirada): six characters of an alphabet
 * without the look-alikes 0/O and 1/I. Staff type it with spaces, dashes or lower case, or a scanner
 * types it with an Enter; both read the same. Kept free of zod: the counter screen's camera reader uses it.
 * This is the code as stored: spaces, dashes and dots dropped, upper case.
 */
export const normalisePickupCode = (typed: string): string => typed.replace(/[\s\-_.·]+/g, "").toUpperCase();

/** Stored codes are letters and digits, at most 12 (the column); anything else cannot be one. */
export const PICKUP_CODE_PATTERN = /^[A-Z0-9]{1,12}$/;
