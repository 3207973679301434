import { useFetcher } from "react-router";
import type { AdminCategory, AdminDepartment } from "#contract/api/admin/catalogue.ts";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { CategoryFields } from "#app/features/admin/catalogue/category-fields.tsx";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { SaveOrDelete } from "#app/features/admin/save-or-delete.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

export function NewForm({ intent, categoryId, title }: { intent: "create-category" | "create-department"; categoryId?: number; title: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(fetcher);
  const prefix = categoryId ? `new-dep-${categoryId}` : "new-category";
  return (
    <fetcher.Form method="post" ref={form} className="grid gap-3 md:grid-cols-2" aria-label={title}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {categoryId ? <input type="hidden" name="id" value={categoryId} /> : null}
      <div className="md:col-span-2">
        <FormResult result={fetcher.data} />
      </div>
      <CategoryFields prefix={prefix} errors={fieldErrors(fetcher.data)} />
      <div className="md:col-span-2">
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.catalogue.creating")}>
          {t("admin.catalogue.create")}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

/** The edit form of a category or a department, with its delete button. */
function Editor({ category, department }: { category: AdminCategory; department?: AdminDepartment }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const item = department ?? category;
  const name = i18n.language.startsWith("es") ? item.name_es : item.name_pt;
  const kind = department ? "department" : "category";
  const prefix = department ? `dep-${department.id}` : `cat-${category.id}`;
  const path = department ? `/produtos/${category.slug}/${department.slug}` : `/produtos/${category.slug}`;
  return (
    <fetcher.Form method="post" className="grid gap-3 md:grid-cols-2" aria-label={t("admin.catalogue.edit", { name })}>
      <CsrfField />
      <input type="hidden" name="intent" value={`update-${kind}`} />
      <input type="hidden" name="id" value={category.id} />
      {department ? <input type="hidden" name="department_id" value={department.id} /> : null}
      <div className="md:col-span-2">
        <FormResult result={fetcher.data} />
      </div>
      <p className="text-sm text-muted md:col-span-2">
        {t("admin.catalogue.address", { path })} · {t("admin.catalogue.products", { count: item.produtos })}
      </p>
      <CategoryFields key={`${item.slug}-${item.icone}`} prefix={prefix} values={item} errors={fieldErrors(fetcher.data)} />
      <SaveOrDelete pending={fetcher.state !== "idle"} name={name} />
    </fetcher.Form>
  );
}

export function CategoryItem({ category }: { category: AdminCategory }) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith("es");
  const nameOf = (c: { name_pt: string; name_es: string }) => (es ? c.name_es : c.name_pt);
  return (
    <li data-testid="admin-category">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          <span className="break-all">{nameOf(category)}</span>
          <span className="font-mono text-xs font-normal text-muted">/{category.slug}</span>
          <Badge tone={category.visivel_menu ? "good" : "neutral"}>
            {category.visivel_menu ? t("admin.catalogue.visible") : t("admin.catalogue.hidden")}
          </Badge>
        </summary>
        <div className="mt-3 space-y-4">
          <Editor category={category} />
          <div>
            <h3 className="mb-2 font-bold">{t("admin.catalogue.departments")}</h3>
            {category.departments.length === 0 ? <p className="text-sm text-muted">{t("admin.catalogue.noDepartments")}</p> : null}
            <ul className="space-y-2">
              {category.departments.map((d) => (
                <li key={d.id} data-testid="admin-department">
                  <details className="rounded-md border border-slate-200 bg-white p-3">
                    <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
                      <span className="break-all">{nameOf(d)}</span>
                      <span className="font-mono text-xs font-normal text-muted">/{d.slug}</span>
                      <Badge tone={d.visivel_menu ? "good" : "neutral"}>
                        {d.visivel_menu ? t("admin.catalogue.visible") : t("admin.catalogue.hidden")}
                      </Badge>
                    </summary>
                    <div className="mt-3">
                      <Editor category={category} department={d} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </div>
          <details className="rounded-md border border-dashed border-slate-300 bg-white p-3">
            <summary className="cursor-pointer font-semibold">{t("admin.catalogue.newDepartment", { category: nameOf(category) })}</summary>
            <div className="mt-3">
              <NewForm
                intent="create-department"
                categoryId={category.id}
                title={t("admin.catalogue.newDepartment", { category: nameOf(category) })}
              />
            </div>
          </details>
        </div>
      </details>
    </li>
  );
}
