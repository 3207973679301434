import { isValidCnpj as brIsValidCnpj, isValidCpf as brIsValidCpf } from "@brazilian-utils/brazilian-utils";

export function onlyDigits(value: string | null | undefined): string {
  return typeof value === "string" ? value.replace(/\D/g, "") : "";
}

/** CPF with or without its mask (###.###.###-##); repeated-digit numbers are refused. */
export function isValidCpf(value: string): boolean {
  return typeof value === "string" && brIsValidCpf(value);
}

/**
 * CNPJ with or without its mask. Alphanumeric CNPJs (issued by the Receita Federal since July
 * 2026) are accepted too: a new company must be able to register.
 */
export function isValidCnpj(value: string): boolean {
  return typeof value === "string" && brIsValidCnpj(value, { version: 2 });
}

/**
 * Which Brazilian document a "CPF or CNPJ" field holds (spec §5): a CNPJ has 14 characters and may carry
 * letters, a CPF 11 digits; while the number is being typed, up to 11 digits is still a CPF.
 */
export function cpfOrCnpjType(value: string): "CPF" | "CNPJ" {
  const chars = (value ?? "").toUpperCase().replace(/[^0-9A-Z]/g, "");
  return chars.length > 11 || /[A-Z]/.test(chars) ? "CNPJ" : "CPF";
}

/**
 * Paraguay's RUC check digit, SET algorithm "Pa_Calcular_Dv_11_A" (base 11): non-digits count as
 * their ASCII codes, digits are weighted 2, 3, … 11 (and again 2 …) from the right.
 */
export function rucCheckDigit(base: string): number {
  const digits = [...base.toUpperCase()].map((char) => (char >= "0" && char <= "9" ? char : String(char.charCodeAt(0)))).join("");
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 11 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder > 1 ? 11 - remainder : 0;
}

// Base: a cédula or company number, up to 8 characters; older bases of foreigners carry letters.
const RUC_WITH_DASH = /^([0-9A-Z]{1,8})-(\d)$/;
const RUC_WITHOUT_DASH = /^([0-9A-Z]{1,8})(\d)$/;

/** RUC as "80009735-1", or "800097351" where the last digit is the check digit. */
export function isValidRuc(value: string): boolean {
  if (typeof value !== "string") return false;
  // People copy RUCs from invoices with thousands dots ("80.009.735-1").
  const compact = value.trim().toUpperCase().replace(/[.\s]/g, "");
  const match = RUC_WITH_DASH.exec(compact) ?? RUC_WITHOUT_DASH.exec(compact);
  if (!match) return false;
  const [, base = "", checkDigit] = match;
  if (/^0+$/.test(base)) return false;
  return rucCheckDigit(base) === Number(checkDigit);
}

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Argentine CUIT/CUIL, 11 digits, with or without its dashes (##-########-#). */
export function isValidCuit(value: string): boolean {
  if (typeof value !== "string") return false;
  const compact = value.trim().replace(/[-.\s]/g, "");
  if (!/^\d{11}$/.test(compact) || /^0+$/.test(compact)) return false;
  const sum = CUIT_WEIGHTS.reduce((total, weight, i) => total + weight * Number(compact[i]), 0);
  const digit = 11 - (sum % 11);
  // 10 is never issued: such a base gets another prefix instead.
  if (digit === 10) return false;
  return (digit === 11 ? 0 : digit) === Number(compact[10]);
}
