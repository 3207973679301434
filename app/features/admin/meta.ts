import type { MetaDescriptor } from "react-router";
import { fixedT, type TranslationKey } from "#app/i18n/translator.ts";
import { rootData } from "#app/lib/meta.ts";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import "#app/i18n/admin-texts.ts";

/** A back-office page's title, in the member's language, and never in a search engine's index. */
export function adminMeta(title: TranslationKey) {
  return ({ matches }: { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] }): MetaDescriptor[] => {
    const t = fixedT(rootData(matches)?.locale ?? DEFAULT_LOCALE);
    return [{ title: `${t(title)} · ${t("admin.brand")}` }, { name: "robots", content: "noindex, nofollow" }];
  };
}
