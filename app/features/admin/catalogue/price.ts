import { formatPrice } from "#contract/money.ts";

/** A product's price as the back office lists it: in its own currency, with its symbol (spec §9's format). */
export const formatAdminPrice = (value: string, moedaId: number): string => formatPrice(value, moedaId);
