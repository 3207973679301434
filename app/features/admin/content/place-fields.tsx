import { Check, TextField, type FieldErrors } from "#app/components/form/fields.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/** Where a banner or a member of the sales team stands among the others, and whether the storefront shows them. */
export function PlaceFields({ prefix, record, errors }: { prefix: string; record?: { ordem: number; ativo: boolean }; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${prefix}-ordem`}
        name="ordem"
        type="number"
        min={0}
        max={100000}
        label={t("admin.content.order")}
        hint={t("admin.content.orderHint")}
        defaultValue={record?.ordem ?? 0}
        error={errors.ordem}
      />
      <Check name="ativo" label={t("admin.content.active")} defaultChecked={record?.ativo ?? true} />
    </>
  );
}
