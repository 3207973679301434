import { onlyDigits } from "#contract/documents.ts";
import { isValidOffersPhone, maskOffersPhone } from "#contract/masks.ts";

/**
 * Spec §5 and §9: 20 on desktop, 15 on phones. On phones the 15 counts the number's digits (spec
 * §5: 10 to 15 digits): a character limit of 15 would cut the mask's own "+595 981 123 456" (16
 * characters) and the shortened number would be sent. The field itself takes any masked number.
 */
export const OFFERS_MAXLENGTH_DESKTOP = 20;
export const OFFERS_MAXDIGITS_MOBILE = 15;
export const OFFERS_SENT_MS = 2000;

/** The field's character limit: the longest masked number ("+54 9 111 234-5678") fits on both. */
export const offersMaxLength = () => OFFERS_MAXLENGTH_DESKTOP;

/** What the field shows after each keystroke: the locale's mask (spec §3 "Offers-phone masks"). */
export function offersFieldValue(typed: string, locale: string, isMobile = false): string {
  const digits = onlyDigits(typed);
  return maskOffersPhone(isMobile ? digits.slice(0, OFFERS_MAXDIGITS_MOBILE) : digits, locale);
}

/** The request body, or null when the number is not 10 to 15 digits (the submit is stopped). */
export function offersPayload(value: string): { celular: string } | null {
  return isValidOffersPhone(value) ? { celular: onlyDigits(value) } : null;
}
