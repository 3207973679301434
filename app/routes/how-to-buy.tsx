import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useLoaderData, useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import { loadFaq, loadPageTexts } from "#app/features/content/content-data.server.ts";
import { AudienceSteps } from "#app/features/content/how-to-buy.tsx";
import { EmptyState, PageHeader } from "#app/features/content/page-parts.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { pageCurrencyId } from "#app/lib/session.server.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { pageText } from "#contract/page-texts.ts";
import { Paragraphs } from "#app/features/content/page-parts.tsx";
import type { Route } from "./+types/how-to-buy";
import "#app/i18n/home-texts.ts";

export const meta = pageMeta("howToBuy");

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolution = resolveLocale(request, context.site);
  const locale = resolution.kind === "switch" ? DEFAULT_LOCALE : resolution.locale;
  const api = serverApi(context);
  const currencyId = await pageCurrencyId(request, context, locale);
  const [faq, texts] = await Promise.all([loadFaq(api, locale, currencyId), loadPageTexts(api, locale, "howToBuy")]);
  return { faq, texts };
}

/** How to buy for each audience (spec §1, §2 "Header, desktop" top link) and the FAQ of the start data. */
export default function HowToBuyRoute() {
  const { t } = useTranslation();
  const { faq, texts } = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<ShellData>("root");
  const brand = shell?.site.brandName ?? "";
  // Each visitor reads their own country's steps first.
  const brazilFirst = (shell?.locale ?? DEFAULT_LOCALE) === "pt-BR";
  const audiences = brazilFirst ? (["brazil", "paraguay"] as const) : (["paraguay", "brazil"] as const);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-12">
      <PageHeader title={t("pages.howToBuy.title")} subtitle={pageText(texts, "howToBuy.intro", brand)} />
      <div className="grid gap-6 md:grid-cols-2">
        {audiences.map((audience) => (
          <AudienceSteps key={audience} audience={audience} texts={texts} brand={brand} />
        ))}
      </div>

      <section aria-labelledby="faq-title" className="mt-12">
        <h2 id="faq-title" className="text-xl font-bold md:text-2xl">
          {pageText(texts, "howToBuy.faqTitle", brand)}
        </h2>
        {faq.length === 0 ? (
          <div className="mt-4">
            <EmptyState>{t("home.howToBuyPage.faqEmpty")}</EmptyState>
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg bg-panel ring-1 ring-slate-200">
            {faq.map((item) => (
              <li key={item.id}>
                <details className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 p-4 font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                    {item.pergunta}
                    <span aria-hidden="true" className="text-xl text-accent-ink transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <Paragraphs text={item.resposta} className="px-4 pb-4 leading-relaxed text-muted" />
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="mt-8">
        <Link to="/vendedores" className="font-semibold text-accent-ink underline underline-offset-4">
          {pageText(texts, "howToBuy.help", brand)}
        </Link>
      </p>
    </div>
  );
}
