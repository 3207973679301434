import { LOCALES } from "#contract/locale.ts";
import esAR from "./catalogues/es-AR.ts";
import esPY from "./catalogues/es-PY.ts";
import homeEsAR from "./catalogues/home/es-AR.ts";
import homeEsPY from "./catalogues/home/es-PY.ts";
import homePtBR from "./catalogues/home/pt-BR.ts";
import ptBR from "./catalogues/pt-BR.ts";
import { holdCatalogue, metaTexts } from "./translator.ts";

/**
 * The server's texts: every catalogue is bundled, so rendering never waits for a network load and
 * any request can be answered in any language. The browser downloads only the visitor's
 * catalogue, and its `home` group on the pages that show it (browser.ts). The shell's texts live
 * in <locale>.json; each feature keeps its own file under locales/<locale>/, with one top-level
 * key named after the feature. es-AR's files hold only what differs from es-PY, which it inherits
 * (decision 016).
 */
const catalogues = { "pt-BR": ptBR, "es-AR": esAR, "es-PY": esPY } as const;
const home = { "pt-BR": homePtBR, "es-AR": homeEsAR, "es-PY": homeEsPY } as const;

/** Every text of each locale, as the server holds them. */
export const resources = {
  "pt-BR": { ...ptBR, ...homePtBR, ...metaTexts["pt-BR"] },
  "es-AR": { ...esAR, ...homeEsAR, ...metaTexts["es-AR"] },
  "es-PY": { ...esPY, ...homeEsPY, ...metaTexts["es-PY"] },
} as const;

for (const locale of LOCALES) {
  holdCatalogue(locale, catalogues[locale]);
  holdCatalogue(locale, home[locale], "home");
}

export { fixedT, translatorFor } from "./translator.ts";
