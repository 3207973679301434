import Big from "big.js";
import { isPrice } from "#contract/money.ts";

/** Products + shipping, as a decimal string (never float arithmetic). */
export function totalWithShipping(products: string, shipping: string | undefined): string {
  if (!isPrice(products)) return products;
  return new Big(products).plus(shipping && isPrice(shipping) ? shipping : "0").toString();
}

export const isPositive = (value: string | undefined) => !!value && isPrice(value) && new Big(value).gt(0);
