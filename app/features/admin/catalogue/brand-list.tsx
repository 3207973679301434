import type { AdminBrand } from "#contract/api/admin/catalogue.ts";
import { Check, TextField } from "#app/components/form/fields.tsx";
import { BrandLogo } from "#app/features/admin/catalogue/brand-logo.tsx";
import { EditItemForm, ItemDetails, NewItemForm } from "#app/features/admin/item-forms.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
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
  return (
    <NewItemForm
      label={t("admin.brands.new")}
      submit={t("admin.catalogue.create")}
      pendingLabel={t("admin.catalogue.creating")}
      fields={(errors) => <BrandFields prefix="new-brand" errors={errors} />}
    />
  );
}

export function BrandItem({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation();
  return (
    <ItemDetails
      testId="admin-brand"
      id={brand.id}
      stacked
      summary={
        <>
          {brand.logo ? <img src={brand.logo} alt="" className="h-6 w-12 object-contain" /> : null}
          <span className="break-all">{brand.nome}</span>
          <span className="font-mono text-xs font-normal text-muted">/{brand.slug}</span>
          {brand.destaque ? <Badge tone="warm">{t("admin.brands.featured")}</Badge> : null}
        </>
      }
      aside={
        <section aria-label={t("admin.brands.logo")}>
          <h3 className="mb-2 font-bold">{t("admin.brands.logo")}</h3>
          <BrandLogo brand={brand} />
        </section>
      }
    >
      <EditItemForm
        id={brand.id}
        label={t("admin.catalogue.edit", { name: brand.nome })}
        name={brand.nome}
        intro={
          <p className="text-sm text-muted md:col-span-2">
            {t("admin.catalogue.address", { path: `/marca/${brand.slug}` })} · {t("admin.catalogue.products", { count: brand.produtos })}
          </p>
        }
        fields={(errors) => <BrandFields key={brand.slug} prefix={`brand-${brand.id}`} brand={brand} errors={errors} />}
      />
    </ItemDetails>
  );
}
