// The rule lives in contract/ so the server's page cache keys pages by the same currency.
export { guestCurrencyId, shopperCurrencyId } from "#contract/guest-currency.ts";
