import { onlyDigits } from "#contract/documents.ts";
import { isValidOffersPhone, maskOffersPhone } from "#contract/masks.ts";

/**
 * Spec §5 and §9: 20 on desktop, 15 on phones. On phones the 15 counts the number's digits (spec
 * §5: 10 to 15 digits): a character limit of 15 would cut the mask's own "+595 981 123 456" (16
 * characters) and the shortened number would be sent. On phones the field is as long as the
 * locale's longest masked number, and the digits are capped at 15.
 */
export const OFFERS_MAXLENGTH_DESKTOP = 20;
export const OFFERS_MAXDIGITS_MOBILE = 15;
export const OFFERS_SENT_MS = 2000;

/** The longest value the locale's mask writes ("+595 981 123 456" is 16 characters, "+54 9 111 234-5678" 18). */
const longestMasked = (locale: string) =>
  Math.max(...["595", "549", "54", ""].map((prefix) => maskOffersPhone(prefix + "9".repeat(15), locale).length));

/** The field's character limit: 20 on desktop; on phones 15, or as long as the locale's masked number. */
export const offersMaxLength = (isMobile: boolean, locale: string) =>
  isMobile ? Math.max(OFFERS_MAXDIGITS_MOBILE, longestMasked(locale)) : OFFERS_MAXLENGTH_DESKTOP;

/** What the field shows after each keystroke: the locale's mask (spec §3 "Offers-phone masks"). */
export function offersFieldValue(typed: string, locale: string, isMobile = false): string {
  const digits = onlyDigits(typed);
  return maskOffersPhone(isMobile ? digits.slice(0, OFFERS_MAXDIGITS_MOBILE) : digits, locale);
}

/** The request body, or null when the number is not 10 to 15 digits (the submit is stopped). */
export function offersPayload(value: string): { celular: string } | null {
  return isValidOffersPhone(value) ? { celular: onlyDigits(value) } : null;
}
