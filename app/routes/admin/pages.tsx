import { useLoaderData } from "react-router";
import type { FaqBody } from "#contract/api/admin/pages.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
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
  const form = await request.formData();
  const api = adminApi(context, form);
  const asked = String(form.get("intent") ?? "");
  const intent = form.get("remove") ? "delete-faq" : asked;
  const id = String(form.get("id") ?? "");
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
  const sections = [
    { id: "faq", title: t("admin.pages.faq.title") },
    { id: "como-comprar", title: t("admin.pages.texts.howToBuy") },
    { id: "sobre-nos", title: t("admin.pages.texts.about") },
  ];
  return (
    <AdminPage title={t("admin.pages.title")} intro={t("admin.pages.intro")}>
      <nav aria-label={t("admin.pages.sections")}>
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 hover:bg-slate-50">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section id="faq" aria-labelledby="faq-title" className="space-y-4">
        <Panel>
          <h2 id="faq-title" className="text-lg font-bold">
            {t("admin.pages.faq.title")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.pages.faq.hint")}</p>
          {faq.length === 0 ? <p className="text-muted">{t("admin.pages.faq.empty")}</p> : null}
          <ul className="space-y-2">
            {faq.map((item) => (
              <FaqItem key={item.id} faq={item} />
            ))}
          </ul>
        </Panel>
        <Panel title={t("admin.pages.faq.new")}>
          <NewFaqForm />
        </Panel>
      </section>
      <section id="como-comprar" aria-labelledby="how-to-buy-title">
        <Panel>
          <h2 id="how-to-buy-title" className="mb-3 text-lg font-bold">
            {t("admin.pages.texts.howToBuy")}
          </h2>
          <PageTextsForm page="howToBuy" texts={howToBuy} />
        </Panel>
      </section>
      <section id="sobre-nos" aria-labelledby="about-title">
        <Panel>
          <h2 id="about-title" className="mb-3 text-lg font-bold">
            {t("admin.pages.texts.about")}
          </h2>
          <PageTextsForm page="about" texts={about} />
        </Panel>
      </section>
    </AdminPage>
  );
}
