/** The three interface locales (spec §1); pt-BR is the fallback. */
export const LOCALES = ["pt-BR", "es-AR", "es-PY"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-BR";

/** The API's language parameter: 'es' for both Spanish locales, 'pt' otherwise. */
export type ApiLang = "pt" | "es";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function apiLang(locale: Locale): ApiLang {
  return locale.startsWith("es") ? "es" : "pt";
}

/** Reads 'pt', 'es', a full locale or an Accept-Language header into an API language. */
export function parseApiLang(value: unknown): ApiLang | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const first = value.split(",")[0]!.trim().toLowerCase();
  if (first.startsWith("es")) return "es";
  if (first.startsWith("pt")) return "pt";
  return undefined;
}
