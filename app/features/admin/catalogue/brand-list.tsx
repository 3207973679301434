import { useFetcher } from "react-router";
import type { AdminBrand } from "#contract/api/admin/catalogue.ts";
import { Check, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { BrandLogo } from "#app/features/admin/catalogue/brand-logo.tsx";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { SaveOrDelete } from "./save-or-delete.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

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
      <Check name="destaque" label={t("admin.brands.featured")} defaultChecked={brand?.destaque ?? false} />
    </>
  );
}

export function NewBrand() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(fetcher);
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

export function BrandItem({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  return (
    <li data-testid="admin-brand">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          {brand.logo ? <img src={brand.logo} alt="" className="h-6 w-12 object-contain" /> : null}
          <span className="break-all">{brand.nome}</span>
          <span className="font-mono text-xs font-normal text-muted">/{brand.slug}</span>
          {brand.destaque ? <Badge tone="warm">{t("admin.brands.featured")}</Badge> : null}
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
            <SaveOrDelete pending={fetcher.state !== "idle"} name={brand.nome} />
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
