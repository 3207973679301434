import { useLoaderData } from "react-router";
import type { FaqBody } from "#contract/api/admin/pages.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad, readAdminForm } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { Section, SectionLinks } from "#app/features/admin/page-sections.tsx";
import { FaqItem, faqBodyOf, NewFaqForm } from "#app/features/admin/pages/faq-list.tsx";
import { PageTextsForm, pageTextsBodyOf } from "#app/features/admin/pages/page-texts-form.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/pages";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.pages.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminApi(context);
  const [faq, howToBuy, about] = await adminLoad(request, () =>
    Promise.all([
      api("GET /api/admin/faq"),
      api("GET /api/admin/page-texts/{page}", { params: { page: "howToBuy" } }),
      api("GET /api/admin/page-texts/{page}", { params: { page: "about" } }),
    ]),
  );
  return { faq: faq.data, howToBuy: howToBuy.data, about: about.data };
}

/** Adds, saves or deletes a question, or saves a page's texts, by the form's intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, api, intent, id } = await readAdminForm(request, context, "delete-faq");
  switch (intent) {
    case "create-faq":
      return adminAction(request, intent, () => api("POST /api/admin/faq", { body: faqBodyOf(form) as FaqBody }));
    case "update-faq":
      return adminAction(request, intent, () => api("PUT /api/admin/faq/{id}", { params: { id }, body: faqBodyOf(form) as FaqBody }));
    case "delete-faq":
      return adminAction(request, intent, () => api("DELETE /api/admin/faq/{id}", { params: { id } }));
    default: {
      const page = intent === "texts-about" ? "about" : "howToBuy";
      return adminAction(request, intent, () => api("PUT /api/admin/page-texts/{page}", { params: { page }, body: pageTextsBodyOf(form, page) }));
    }
  }
}

export default function AdminPages() {
  const { t } = useTranslation();
  const { faq, howToBuy, about } = useLoaderData<typeof loader>();
  const sections = {
    faq: { id: "faq", title: t("admin.pages.faq.title") },
    howToBuy: { id: "como-comprar", title: t("admin.pages.texts.howToBuy") },
    about: { id: "sobre-nos", title: t("admin.pages.texts.about") },
  };
  return (
    <AdminPage title={t("admin.pages.title")} intro={t("admin.pages.intro")}>
      <SectionLinks label={t("admin.pages.sections")} sections={Object.values(sections)} />
      <Section
        section={sections.faq}
        hint={t("admin.pages.faq.hint")}
        after={
          <Panel title={t("admin.pages.faq.new")}>
            <NewFaqForm />
          </Panel>
        }
      >
        {faq.length === 0 ? <p className="text-muted">{t("admin.pages.faq.empty")}</p> : null}
        <ul className="space-y-2">
          {faq.map((item) => (
            <FaqItem key={item.id} faq={item} />
          ))}
        </ul>
      </Section>
      <Section section={sections.howToBuy}>
        <PageTextsForm page="howToBuy" texts={howToBuy} />
      </Section>
      <Section section={sections.about}>
        <PageTextsForm page="about" texts={about} />
      </Section>
    </AdminPage>
  );
}
