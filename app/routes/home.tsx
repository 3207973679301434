import { useLoaderData, useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import { fixedT } from "#app/i18n/translator.ts";
import { loadHome } from "#app/features/home/home-data.server.ts";
import { HomePage } from "#app/features/home/home-page.tsx";
import { homeJsonLd } from "#app/features/home/json-ld.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { guestCurrencyId } from "#app/lib/guest-currency.ts";
import { buildMeta, rootData } from "#app/lib/meta.ts";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { pageCurrencyId } from "#app/lib/session.server.ts";
import type { Route } from "./+types/home";
import "#app/i18n/home-texts.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolution = resolveLocale(request, context.site);
  const locale = resolution.kind === "switch" ? DEFAULT_LOCALE : resolution.locale;
  return loadHome(serverApi(context), locale, await pageCurrencyId(request, context, locale));
}

// Title, description and keywords in the host's language (spec §2), plus Organization and
// WebSite structured data; React Router escapes `<` in it as \u003c.
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const shell = rootData(matches);
  const tags = buildMeta(shell, location.pathname);
  if (!shell) return tags;
  const language = shell.site.brand === "pt" ? "pt-BR" : shell.locale === "pt-BR" ? "es" : shell.locale;
  const t = fixedT(shell.locale);
  const place = { locality: t("home.jsonLd.locality"), region: t("home.jsonLd.region") };
  return [...tags, ...homeJsonLd(shell.site, language, place).map((data) => ({ "script:ld+json": data }))];
};

export default function HomeRoute() {
  const data = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<ShellData>("root");
  const locale = shell?.locale ?? DEFAULT_LOCALE;
  return <HomePage data={data} locale={locale} currencyId={shell?.currencyId ?? guestCurrencyId(locale)} brandName={shell?.site.brandName ?? ""} />;
}
