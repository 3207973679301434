import { useTranslation } from "#app/i18n/react.tsx";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from "#app/components/ui/icons.tsx";
import { PageHeader } from "#app/features/content/page-parts.tsx";
import { whatsappHref } from "#app/features/content/sellers-grid.tsx";
import { ShopIllustration } from "#app/features/content/shop-illustration.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import { pageText } from "#contract/page-texts.ts";
import { loadPageTexts } from "#app/features/content/content-data.server.ts";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "#app/lib/api-client.ts";
import type { Route } from "./+types/about";
import "#app/i18n/home-texts.ts";

export const meta = pageMeta("about");

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolution = resolveLocale(request, context.site);
  const locale = resolution.kind === "switch" ? DEFAULT_LOCALE : resolution.locale;
  return { texts: await loadPageTexts(serverApi(context), locale, "about") };
}

const VALUES = ["quality", "service", "agility"] as const;
const VALUE_MARKS = { quality: "★", service: "☺", agility: "⚡" } as const;

/** Spec §2 "About": title, subtitle, history with image, three values and contact details. */
export default function AboutRoute() {
  const { t } = useTranslation();
  const { texts } = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<ShellData>("root");
  const site = shell?.site;
  const brand = site?.brandName ?? "";
  const whatsapp = site?.whatsapp ? whatsappHref(site.whatsapp) : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <PageHeader title={t("pages.about.title")} subtitle={pageText(texts, "about.subtitle", brand)} />

      <section aria-labelledby="about-history" className="grid items-center gap-8 md:grid-cols-2">
        <div>
          <h2 id="about-history" className="text-xl font-bold md:text-2xl">
            {pageText(texts, "about.historyTitle", brand)}
          </h2>
          <p className="mt-3 leading-relaxed">{pageText(texts, "about.history1", brand)}</p>
          <p className="mt-3 leading-relaxed">{pageText(texts, "about.history2", brand)}</p>
        </div>
        <ShopIllustration label={pageText(texts, "about.imageAlt", brand)} brand={brand} />
      </section>

      <section aria-labelledby="about-values" className="mt-12">
        <h2 id="about-values" className="text-xl font-bold md:text-2xl">
          {pageText(texts, "about.valuesTitle", brand)}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value} className="rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-accent text-lg text-ink">
                {VALUE_MARKS[value]}
              </span>
              <h3 className="mt-3 text-lg font-bold">{pageText(texts, `about.values.${value}.title`, brand)}</h3>
              <p className="mt-1 text-muted">{pageText(texts, `about.values.${value}.text`, brand)}</p>
            </li>
          ))}
        </ul>
      </section>

      {site && (
        <section aria-labelledby="about-contact" className="mt-12 rounded-lg bg-steel p-6 text-on-steel surface-dark">
          <h2 id="about-contact" className="text-xl font-bold text-white md:text-2xl">
            {pageText(texts, "about.contactTitle", brand)}
          </h2>
          <address className="mt-4 grid gap-4 not-italic sm:grid-cols-2 lg:grid-cols-4">
            <p className="flex gap-2">
              <PhoneIcon className="size-5 shrink-0 text-accent-strong" />
              <span>
                <span className="block text-sm font-semibold text-accent-strong">{t("home.aboutPage.phone")}</span>
                <a href={`tel:+${site.phone.replace(/\D/g, "")}`} className="underline-offset-4 hover:underline">
                  {site.phone}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <MailIcon className="size-5 shrink-0 text-accent-strong" />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-accent-strong">{t("home.aboutPage.email")}</span>
                <a href={`mailto:${site.email}`} className="break-all underline-offset-4 hover:underline">
                  {site.email}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <MapPinIcon className="size-5 shrink-0 text-accent-strong" />
              <span>
                <span className="block text-sm font-semibold text-accent-strong">{t("home.aboutPage.address")}</span>
                {site.address}
              </span>
            </p>
            {whatsapp && (
              <p className="flex gap-2">
                <ChatIcon className="size-5 shrink-0 text-accent-strong" />
                <span>
                  <span className="block text-sm font-semibold text-accent-strong">{t("home.aboutPage.whatsapp")}</span>
                  <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:underline">
                    {site.whatsapp}
                  </a>
                </span>
              </p>
            )}
          </address>
        </section>
      )}
    </div>
  );
}
