// Display masks of spec §3. Each takes whatever is in the field (raw, pasted or already masked),
// so feeding a mask its own output gives the same string back: inputs can re-mask on every keystroke.

import { cpfOrCnpjType, onlyDigits } from "./documents.ts";

export type PhoneCountry = "BR" | "PY" | "AR";

/**
 * Places `chars` into the `#` slots of `pattern`. A literal is written only once a character
 * follows it, so partial input never ends in a dangling separator.
 */
function applyPattern(chars: string, pattern: string): string {
  let out = "";
  let pending = "";
  let next = 0;
  for (const symbol of pattern) {
    if (next >= chars.length) break;
    if (symbol === "#") {
      out += pending + chars[next++];
      pending = "";
    } else {
      pending += symbol;
    }
  }
  return out;
}

function slotCount(pattern: string): number {
  return pattern.split("#").length - 1;
}

/** Like applyPattern, but digits beyond the pattern stay on the last group instead of being lost. */
function applyPatternKeepingRest(chars: string, pattern: string): string {
  return applyPattern(chars, pattern) + chars.slice(slotCount(pattern));
}

function groupsOfThree(digits: string): string {
  return digits.match(/\d{1,3}/g)?.join(" ") ?? "";
}

export function maskCpf(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 11), "###.###.###-##");
}

/**
 * ##.###.###/####-##. Letters are kept (upper-cased) in the first twelve places because the
 * Receita Federal issues alphanumeric CNPJs since July 2026; the two check digits are digits.
 */
export function maskCnpj(value: string): string {
  let chars = "";
  for (const char of (value ?? "").toUpperCase()) {
    if (chars.length === 14) break;
    if (chars.length < 12 ? /[0-9A-Z]/.test(char) : /[0-9]/.test(char)) chars += char;
  }
  return applyPattern(chars, "##.###.###/####-##");
}

/** A "CPF or CNPJ" field (spec §5): the CPF's mask up to 11 digits, the CNPJ's beyond or with a letter. */
export function maskCpfOrCnpj(value: string): string {
  return cpfOrCnpjType(value) === "CNPJ" ? maskCnpj(value) : maskCpf(value);
}

/** ########-#: the check digit is always the last one, whatever the length of the base. */
export function maskRuc(value: string): string {
  const digits = onlyDigits(value).slice(0, 9);
  return digits.length < 2 ? digits : `${digits.slice(0, -1)}-${digits.slice(-1)}`;
}

/** Argentine CUIT/CUIL, ##-########-# (spec §5 "RUC (CUIT in the Argentine locale)"). */
export function maskCuit(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 11), "##-########-#");
}

export function maskCep(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 8), "#####-###");
}

const COUNTRY_CODE: Readonly<Record<PhoneCountry, string>> = { BR: "55", PY: "595", AR: "54" };
// Longest national number: BR DDD + 9 digits, PY 9 digits, AR 9 + area + number.
const MAX_NATIONAL: Readonly<Record<PhoneCountry, number>> = { BR: 11, PY: 9, AR: 11 };

/**
 * The national part of a phone number. The country code is taken off when the value is written
 * internationally ("+…", as every masked value is) or is too long to be national; otherwise a
 * leading "55" is a DDD (Santa Maria, RS) and must stay.
 */
function nationalDigits(value: string, country: PhoneCountry): string {
  const code = COUNTRY_CODE[country];
  const international = (value ?? "").trim().startsWith("+");
  // Trunk and international-dialling zeros ("0981…", "0055…") are never part of the number.
  let digits = onlyDigits(value).replace(/^0+/, "");
  if ((international || digits.length > MAX_NATIONAL[country]) && digits.startsWith(code)) {
    digits = digits.slice(code.length);
  } else if (international && code.startsWith(digits)) {
    digits = ""; // what is left of the prefix while the person erases it
  }
  return digits.replace(/^0+/, "");
}

/**
 * Phone as the spec shows it: Brazil +55 (##) #####-#### (11 national digits) or
 * +55 (##) ####-####, Paraguay +595 ### ### ###, Argentina +54 ### ### ###.
 */
export function maskPhone(value: string, country: PhoneCountry): string {
  const national = nationalDigits(value, country);
  if (country === "BR") {
    const digits = national.slice(0, 11);
    return applyPattern(digits, digits.length === 11 ? "+55 (##) #####-####" : "+55 (##) ####-####");
  }
  if (country === "PY") return applyPattern(national.slice(0, 9), "+595 ### ### ###");
  // Argentine numbers have 10 digits (11 with the mobile 9), more than the spec's ### ### ###:
  // the extra digits lengthen the last group rather than being cut off.
  const digits = national.slice(0, 11);
  if (digits.length === 11 && digits.startsWith("9")) {
    return applyPattern(digits.slice(1), "+54 9 ### ### ####");
  }
  return applyPattern(digits.slice(0, 10), "+54 ### ### ####");
}

/** The offers sign-up field (spec §3 "Offers-phone masks"), by site locale; default pt-BR. */
export function maskOffersPhone(value: string, locale: string): string {
  const digits = onlyDigits(value);
  if (locale === "es-PY") {
    const kept = digits.slice(0, 12);
    if (!kept.startsWith("595")) return groupsOfThree(kept);
    const rest = kept.slice(3);
    return rest ? `+595 ${groupsOfThree(rest)}` : "+595";
  }
  if (locale === "es-AR") {
    const kept = digits.slice(0, 13);
    if (kept.startsWith("549")) {
      const rest = kept.slice(3);
      return rest ? `+54 9 ${applyPatternKeepingRest(rest, "### ###-####")}` : "+54 9";
    }
    if (kept.startsWith("54")) {
      const rest = kept.slice(2);
      return rest ? `+54 ${applyPatternKeepingRest(rest, "### ###-####")}` : "+54";
    }
    return kept.length >= 10 ? applyPatternKeepingRest(kept, "### ###-####") : kept;
  }
  return applyPattern(digits.slice(0, 11), "(##) #####-####");
}

/** Spec §5: once non-digits are removed, 10 to 15 digits. */
export function isValidOffersPhone(value: string): boolean {
  const count = onlyDigits(value).length;
  return count >= 10 && count <= 15;
}
