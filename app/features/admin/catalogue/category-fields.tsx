import { useState } from "react";
import { CATEGORY_ICONS, isCategoryIcon } from "#contract/category-icons.ts";
import { MAX_ORDER } from "#contract/api/admin/catalogue.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { CategoryIcon } from "#app/components/ui/category-icons.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

export interface CategoryValues {
  name_pt: string;
  name_es: string;
  slug: string;
  icone: string | null;
  visivel_menu: boolean;
  ordem: number;
}

/** The body a category or department form sends (the API checks every field again). */
export function categoryBodyOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    name_pt: text("name_pt"),
    name_es: text("name_es"),
    slug: text("slug") || undefined,
    icone: text("icone"),
    visivel_menu: form.get("visivel_menu") === "on",
    ordem: text("ordem") || "0",
  };
}

/**
 * The fields of a category or a department: both names, the address, the icon (one the storefront
 * draws, with its preview), the menu's visibility and the order. `prefix` keeps the ids of many forms
 * on one page apart.
 */
export function CategoryFields({ prefix, values, errors }: { prefix: string; values?: CategoryValues; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  // An icon the list does not hold (the demo's inline SVG) is kept unless another is chosen.
  const custom = values?.icone && !isCategoryIcon(values.icone);
  const [icon, setIcon] = useState(custom ? "keep" : (values?.icone ?? ""));
  const options = [
    ...(custom ? [{ value: "keep", label: t("admin.catalogue.iconKeep") }] : []),
    { value: "", label: t("admin.catalogue.iconNone") },
    ...CATEGORY_ICONS.map((name) => ({ value: name, label: t(`admin.catalogue.icons.${name}`) })),
  ];
  // Without an icon of the list the storefront draws one by the slug (a tag for any other slug).
  const preview = isCategoryIcon(icon) ? icon : values?.slug;
  return (
    <>
      <TextField
        id={`${prefix}-name_pt`}
        name="name_pt"
        label={t("admin.catalogue.namePt")}
        defaultValue={values?.name_pt}
        required
        maxLength={120}
        error={errors.name_pt}
      />
      <TextField
        id={`${prefix}-name_es`}
        name="name_es"
        label={t("admin.catalogue.nameEs")}
        defaultValue={values?.name_es}
        required
        maxLength={120}
        error={errors.name_es}
      />
      <TextField
        id={`${prefix}-slug`}
        name="slug"
        label={t("admin.catalogue.slug")}
        hint={t("admin.catalogue.slugHint")}
        defaultValue={values?.slug}
        maxLength={120}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        error={errors.slug}
      />
      <div className="flex items-end gap-3">
        <SelectField
          id={`${prefix}-icone`}
          name="icone"
          label={t("admin.catalogue.icon")}
          options={options}
          value={icon}
          onChange={(event) => setIcon(event.currentTarget.value)}
          error={errors.icone}
          className="min-w-0 flex-1"
        />
        <span
          className="mb-1 flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-accent-ink"
          title={t("admin.catalogue.iconPreview")}
        >
          {preview ? <CategoryIcon slug={preview} className="size-6" /> : null}
        </span>
      </div>
      <TextField
        id={`${prefix}-ordem`}
        name="ordem"
        type="number"
        min={0}
        max={MAX_ORDER}
        label={t("admin.catalogue.order")}
        hint={t("admin.catalogue.orderHint")}
        defaultValue={values?.ordem ?? 0}
        error={errors.ordem}
      />
      <label className="flex min-h-11 items-center gap-2 self-end text-sm font-semibold">
        <input type="checkbox" name="visivel_menu" defaultChecked={values?.visivel_menu ?? true} className="size-5" />
        {t("admin.catalogue.visible")}
      </label>
    </>
  );
}
