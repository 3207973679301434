import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/**
 * The buttons of a record's edit form (a category, department, brand, banner, member of the sales team). Delete sends `remove` with the form's
 * own intent, after the member confirmed it, and skips the fields' checks: a row may be deleted as it is.
 */
export function SaveOrDelete({ pending, name }: { pending: boolean; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2 md:col-span-2">
      <SubmitButton pending={pending} pendingLabel={t("admin.catalogue.saving")}>
        {t("admin.catalogue.save")}
      </SubmitButton>
      <Button
        type="submit"
        name="remove"
        value="1"
        formNoValidate
        onClick={(event) => {
          if (!window.confirm(t("admin.catalogue.confirmDelete", { name }))) event.preventDefault();
        }}
        kind="danger"
      >
        {t("admin.catalogue.delete")}
      </Button>
    </div>
  );
}
