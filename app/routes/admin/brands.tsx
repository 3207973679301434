import { useEffect, useRef } from "react";
import { useFetcher, useLoaderData } from "react-router";
import type { AdminBrand } from "#contract/api/admin/catalogue.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { BrandLogo } from "#app/features/admin/brand-logo.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/brands";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.brands.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/brands"));
  return { brands: data };
}

/** Creates, saves or deletes a brand, or removes its logo (the upload goes straight to the API). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const asked = String(form.get("intent") ?? "");
  // The delete button sends `remove` with the edit form's own intent.
  const intent = form.get("remove") ? "delete" : asked;
  const id = String(form.get("id") ?? "");
  const body = { nome: String(form.get("nome") ?? ""), slug: String(form.get("slug") ?? "") || undefined, destaque: form.get("destaque") === "on" };
  switch (intent) {
    case "create":
      return adminAction(request, intent, () => api("POST /api/admin/brands", { body }));
    case "update":
      return adminAction(request, intent, () => api("PUT /api/admin/brands/{id}", { params: { id }, body }));
    case "remove-logo":
      return adminAction(request, intent, () => api("DELETE /api/admin/brands/{id}/logo", { params: { id } }));
    default:
      return adminAction(request, intent, () => api("DELETE /api/admin/brands/{id}", { params: { id } }));
  }
}

function BrandFields({ prefix, brand, errors }: { prefix: string; brand?: AdminBrand; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${prefix}-nome`}
        name="nome"
        label={t("admin.brands.name")}
        defaultValue={brand?.nome}
        required
        maxLength={120}
        error={errors.nome}
      />
      <TextField
        id={`${prefix}-slug`}
        name="slug"
        label={t("admin.catalogue.slug")}
        hint={t("admin.catalogue.slugHint")}
        defaultValue={brand?.slug}
        maxLength={120}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        error={errors.slug}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" name="destaque" defaultChecked={brand?.destaque ?? false} className="size-5" />
        {t("admin.brands.featured")}
      </label>
    </>
  );
}

function NewBrand() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" ref={form} className="grid gap-3 md:grid-cols-2" aria-label={t("admin.brands.new")}>
      <CsrfField />
      <input type="hidden" name="intent" value="create" />
      <div className="md:col-span-2">
        <FormResult result={fetcher.data} />
      </div>
      <BrandFields prefix="new-brand" errors={fieldErrors(fetcher.data)} />
      <div className="md:col-span-2">
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.catalogue.creating")}>
          {t("admin.catalogue.create")}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

function BrandItem({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  return (
    <li data-testid="admin-brand">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          {brand.logo ? <img src={brand.logo} alt="" className="h-6 w-12 object-contain" /> : null}
          <span className="break-all">{brand.nome}</span>
          <span className="font-mono text-xs font-normal text-muted">/{brand.slug}</span>
          {brand.destaque ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold">{t("admin.brands.featured")}</span> : null}
        </summary>
        <div className="mt-3 space-y-4">
          <fetcher.Form method="post" className="grid gap-3 md:grid-cols-2" aria-label={t("admin.catalogue.edit", { name: brand.nome })}>
            <CsrfField />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={brand.id} />
            <div className="md:col-span-2">
              <FormResult result={fetcher.data} />
            </div>
            <p className="text-sm text-muted md:col-span-2">
              {t("admin.catalogue.address", { path: `/marca/${brand.slug}` })} · {t("admin.catalogue.products", { count: brand.produtos })}
            </p>
            <BrandFields key={brand.slug} prefix={`brand-${brand.id}`} brand={brand} errors={fieldErrors(fetcher.data)} />
            <div className="flex flex-wrap gap-2 md:col-span-2">
              <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.catalogue.saving")}>
                {t("admin.catalogue.save")}
              </SubmitButton>
              <button
                type="submit"
                name="remove"
                value="1"
                formNoValidate
                onClick={(event) => {
                  if (!window.confirm(t("admin.catalogue.confirmDelete", { name: brand.nome }))) event.preventDefault();
                }}
                className="min-h-11 rounded-md border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50"
              >
                {t("admin.catalogue.delete")}
              </button>
            </div>
          </fetcher.Form>
          <section aria-label={t("admin.brands.logo")}>
            <h3 className="mb-2 font-bold">{t("admin.brands.logo")}</h3>
            <BrandLogo brand={brand} />
          </section>
        </div>
      </details>
    </li>
  );
}

export default function AdminBrands() {
  const { t } = useTranslation();
  const { brands } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.brands.title")} intro={t("admin.brands.intro")}>
      <Panel title={t("admin.brands.new")}>
        <NewBrand />
      </Panel>
      <Panel title={t("admin.brands.title")}>
        {brands.length === 0 ? <p className="text-muted">{t("admin.brands.empty")}</p> : null}
        <ul className="space-y-2">
          {brands.map((b) => (
            <BrandItem key={b.id} brand={b} />
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
