import { onlyDigits } from "#contract/documents.ts";
import { isValidOffersPhone, maskOffersPhone } from "#contract/masks.ts";

/** Spec §5 and §9: field length 20 on desktop, 15 on phones; the green 'Enviado!' stays 2 s. */
export const OFFERS_MAXLENGTH_DESKTOP = 20;
export const OFFERS_MAXLENGTH_MOBILE = 15;
export const OFFERS_SENT_MS = 2000;

export const offersMaxLength = (isMobile: boolean) => (isMobile ? OFFERS_MAXLENGTH_MOBILE : OFFERS_MAXLENGTH_DESKTOP);

/** What the field shows after each keystroke: the locale's mask (spec §3 "Offers-phone masks"). */
export const offersFieldValue = (typed: string, locale: string) => maskOffersPhone(typed, locale);

/** The request body, or null when the number is not 10 to 15 digits (the submit is stopped). */
export function offersPayload(value: string): { celular: string } | null {
  return isValidOffersPhone(value) ? { celular: onlyDigits(value) } : null;
}
