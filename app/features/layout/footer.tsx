import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from "#app/components/ui/icons.tsx";
import { categoryHref } from "./mega-menu.tsx";
import { HOW_TO_BUY_HREF, SALES_TEAM_HREF, SPECIAL_HREF } from "#app/lib/links.ts";
import { FOOTER_CATEGORY_LIMIT, menuCategories } from "./menu.ts";
import type { ShellData } from "#app/lib/shell-data.ts";

const digits = (value: string) => value.replace(/\D/g, "");
const headingClass = "mb-3 text-sm font-bold uppercase tracking-wide text-accent-strong";
const linkClass = "rounded hover:text-white hover:underline underline-offset-4";

/** Spec §2 "Footer": description, up to 6 menu categories, contact details and social links. */
export function Footer({ data }: { data: ShellData }) {
  const { t } = useTranslation();
  const { site } = data;
  const categories = menuCategories(data.categories).slice(0, FOOTER_CATEGORY_LIMIT);
  const year = new Date().getFullYear();

  return (
    <footer className="surface-dark bg-steel-dark text-sm text-on-steel-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={headingClass}>
            {t("footer.aboutTitle", { brand: site.brandName })}
          </h2>
          <p className="leading-relaxed">{t("footer.about", { brand: site.brandName })}</p>
          <p className="mt-3 leading-relaxed text-on-steel">{t("footer.pickupNotice")}</p>
        </section>

        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={headingClass}>
            {t("footer.categories")}
          </h2>
          <ul className="space-y-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={categoryHref(category)} className={linkClass}>
                  {category.name}
                </Link>
              </li>
            ))}
            {data.hasSpecialLine ? (
              <li>
                <Link to={SPECIAL_HREF} className={linkClass}>
                  {t("header.specialLine")}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={HOW_TO_BUY_HREF} className={linkClass}>
                {t("header.howToBuy")}
              </Link>
            </li>
            <li>
              <Link to="/sobre-nos" className={linkClass}>
                {t("header.about")}
              </Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            {t("footer.contact")}
          </h2>
          <address className="space-y-3 not-italic">
            <p className="flex gap-2">
              <PhoneIcon className="size-5 shrink-0" />
              <span>
                <span className="sr-only">{t("footer.phone")}: </span>
                <a href={`tel:+${digits(site.phone)}`} className={linkClass}>
                  {site.phone}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <MailIcon className="size-5 shrink-0" />
              <span>
                <span className="sr-only">{t("footer.email")}: </span>
                <a href={`mailto:${site.email}`} className={`${linkClass} break-all`}>
                  {site.email}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <MapPinIcon className="size-5 shrink-0" />
              <span>
                <span className="sr-only">{t("footer.address")}: </span>
                {site.address}
              </span>
            </p>
          </address>
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={headingClass}>
            {t("footer.social")}
          </h2>
          <ul className="space-y-3">
            <li>
              <a
                href={`https://wa.me/${digits(site.whatsapp)}`}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} inline-flex items-center gap-2`}
              >
                <ChatIcon className="size-5" />
                {t("footer.whatsappLink")}
                <span className="sr-only">
                  {" "}
                  ({t("footer.whatsapp")}: {site.whatsapp})
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className={`${linkClass} inline-flex items-center gap-2`}>
                <MailIcon className="size-5" />
                {t("footer.emailLink")}
              </a>
            </li>
            <li>
              <Link to={SALES_TEAM_HREF} className={`${linkClass} inline-flex items-center gap-2`}>
                <PhoneIcon className="size-5" />
                {t("header.salesTeam")}
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs">{t("footer.rights", { year, brand: site.brandName })}</p>
      </div>
    </footer>
  );
}
