import { useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { MAX_SPECS, type AdminProduct, type CatalogOptions } from "#contract/api/admin/products.ts";
import { Check, SelectField, TextArea, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { ProductImages } from "./images.tsx";
import { RichTextEditor } from "./rich-text.tsx";
import "#app/i18n/admin-texts.ts";

/** A new product's form starts from these. */
const BLANK: Omit<AdminProduct, "id" | "slug" | "updated_at"> = {
  codigo: "",
  nome_pt: "",
  nome_es: "",
  descritivo_pt: "",
  descritivo_es: "",
  caracteristica_pt: "",
  caracteristica_es: "",
  brand_id: null,
  category_id: null,
  department_id: null,
  moeda_id: 2,
  valor_venda: "",
  mostrar_preco: true,
  especial: false,
  ativo: true,
  qtde_disponivel: 0,
  qtde_fisica: 0,
  especificacoes: [],
  imagens: [],
};

interface SpecRow {
  key: number;
  nome_pt: string;
  nome_es: string;
  valor_pt: string;
  valor_es: string;
}

/** A product's editor: its fields, specifications and images; a new product gets its images once saved. */
export function ProductEditor({
  product,
  options,
  answer,
}: {
  product: AdminProduct | null;
  options: CatalogOptions;
  answer: ActionResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const es = i18n.language.startsWith("es");
  const values = product ?? BLANK;
  const errors = fieldErrors(answer?.intent === "save" ? answer : undefined);
  const [categoryId, setCategoryId] = useState<string>(values.category_id ? String(values.category_id) : "");
  const [specs, setSpecs] = useState<SpecRow[]>(() =>
    values.especificacoes.map((s, key) => ({ key, ...s, valor_pt: s.valor_pt ?? "", valor_es: s.valor_es ?? "" })),
  );
  const category = options.categories.find((c) => String(c.id) === categoryId);
  const edit = (key: number, field: "nome_pt" | "nome_es" | "valor_pt" | "valor_es", value: string) =>
    setSpecs((rows) => rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const notice: ActionResult | undefined =
    answer?.intent === "save" || answer?.intent === "duplicate"
      ? answer
      : search.has("salvo") || search.has("copia")
        ? { ok: true, message: t("admin.saved") }
        : undefined;

  return (
    <AdminPage title={product ? t("admin.product.editTitle", { code: product.codigo }) : t("admin.product.newTitle")}>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <Link to="/admin/produtos" className="font-semibold underline">
          {t("admin.product.back")}
        </Link>
        {product?.ativo ? (
          <a href={`/produto/${product.slug}`} target="_blank" rel="noreferrer" className="font-semibold underline">
            {t("admin.product.viewInStore")}
          </a>
        ) : null}
        {product ? (
          <Form method="post">
            <CsrfField />
            <button
              type="submit"
              name="intent"
              value="duplicate"
              className="min-h-9 rounded-md border border-slate-300 bg-white px-3 font-semibold hover:bg-slate-50"
            >
              {t("admin.product.duplicate")}
            </button>
          </Form>
        ) : null}
      </div>
      <Form method="post" className="space-y-5" key={product?.updated_at ?? "new"}>
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <FormResult result={notice} />
        <Panel title={t("admin.product.identification")}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField name="codigo" label={t("admin.product.code")} defaultValue={values.codigo} required maxLength={40} error={errors.codigo} />
            <TextField
              name="slug"
              label={t("admin.product.slug")}
              hint={t("admin.product.slugHint")}
              defaultValue={product?.slug ?? ""}
              maxLength={220}
              error={errors.slug}
            />
            <Check name="ativo" label={t("admin.product.active")} defaultChecked={values.ativo} />
          </div>
        </Panel>
        <Panel title={t("admin.product.names")}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField
              name="nome_pt"
              label={t("admin.product.namePt")}
              defaultValue={values.nome_pt}
              required
              maxLength={200}
              error={errors.nome_pt}
            />
            <TextField
              name="nome_es"
              label={t("admin.product.nameEs")}
              defaultValue={values.nome_es}
              required
              maxLength={200}
              error={errors.nome_es}
            />
            <TextArea name="descritivo_pt" label={t("admin.product.summaryPt")} defaultValue={values.descritivo_pt} error={errors.descritivo_pt} />
            <TextArea name="descritivo_es" label={t("admin.product.summaryEs")} defaultValue={values.descritivo_es} error={errors.descritivo_es} />
            <RichTextEditor name="caracteristica_pt" label={t("admin.product.detailsPt")} defaultValue={values.caracteristica_pt} />
            <RichTextEditor name="caracteristica_es" label={t("admin.product.detailsEs")} defaultValue={values.caracteristica_es} />
          </div>
        </Panel>
        <Panel title={t("admin.product.classification")}>
          <div className="grid gap-3 md:grid-cols-3">
            <SelectField
              name="brand_id"
              label={t("admin.product.brand")}
              placeholder={t("admin.product.none")}
              options={options.brands.map((b) => ({ value: b.id, label: b.nome }))}
              defaultValue={values.brand_id ?? ""}
              error={errors.brand_id}
            />
            <SelectField
              name="category_id"
              label={t("admin.product.category")}
              placeholder={t("admin.product.none")}
              options={options.categories.map((c) => ({ value: c.id, label: es ? c.name_es : c.name_pt }))}
              value={categoryId}
              onChange={(event) => setCategoryId(event.currentTarget.value)}
              error={errors.category_id}
            />
            <SelectField
              key={categoryId}
              name="department_id"
              label={t("admin.product.department")}
              placeholder={t("admin.product.none")}
              options={(category?.departments ?? []).map((d) => ({ value: d.id, label: es ? d.name_es : d.name_pt }))}
              defaultValue={String(values.category_id) === categoryId ? (values.department_id ?? "") : ""}
              error={errors.department_id}
            />
          </div>
        </Panel>
        <Panel title={t("admin.product.priceStock")}>
          <div className="grid gap-3 md:grid-cols-3">
            <SelectField
              name="moeda_id"
              label={t("admin.product.currency")}
              options={[
                { value: 2, label: t("admin.product.usd") },
                { value: 3, label: t("admin.product.pyg") },
              ]}
              defaultValue={values.moeda_id}
              error={errors.moeda_id}
            />
            <TextField
              name="valor_venda"
              label={t("admin.product.price")}
              inputMode="decimal"
              defaultValue={values.valor_venda}
              required
              error={errors.valor_venda}
            />
            <div className="flex flex-col justify-end gap-2">
              <Check name="mostrar_preco" label={t("admin.product.showPrice")} defaultChecked={values.mostrar_preco} />
              <Check name="especial" label={t("admin.product.special")} defaultChecked={values.especial} />
            </div>
            <TextField
              name="qtde_disponivel"
              type="number"
              min={0}
              label={t("admin.product.available")}
              defaultValue={values.qtde_disponivel}
              required
              error={errors.qtde_disponivel}
            />
            <TextField
              name="qtde_fisica"
              type="number"
              min={0}
              label={t("admin.product.physical")}
              defaultValue={values.qtde_fisica}
              required
              error={errors.qtde_fisica}
            />
          </div>
        </Panel>
        <Panel title={t("admin.product.specs")}>
          <div className="space-y-2">
            {specs.map((row, i) => (
              <fieldset key={row.key} className="grid items-end gap-2 rounded-md border border-slate-200 p-2 md:grid-cols-[1fr_1fr_1fr_1fr_auto]">
                <legend className="sr-only">{`${t("admin.product.specs")} ${i + 1}`}</legend>
                <TextField
                  id={`spec-${row.key}-nome_pt`}
                  name="spec_nome_pt"
                  label={t("admin.product.specNamePt")}
                  value={row.nome_pt}
                  onChange={(event) => edit(row.key, "nome_pt", event.currentTarget.value)}
                  maxLength={120}
                />
                <TextField
                  id={`spec-${row.key}-nome_es`}
                  name="spec_nome_es"
                  label={t("admin.product.specNameEs")}
                  value={row.nome_es}
                  onChange={(event) => edit(row.key, "nome_es", event.currentTarget.value)}
                  maxLength={120}
                />
                <TextField
                  id={`spec-${row.key}-valor_pt`}
                  name="spec_valor_pt"
                  label={t("admin.product.specValuePt")}
                  value={row.valor_pt}
                  onChange={(event) => edit(row.key, "valor_pt", event.currentTarget.value)}
                  maxLength={200}
                />
                <TextField
                  id={`spec-${row.key}-valor_es`}
                  name="spec_valor_es"
                  label={t("admin.product.specValueEs")}
                  value={row.valor_es}
                  onChange={(event) => edit(row.key, "valor_es", event.currentTarget.value)}
                  maxLength={200}
                />
                <button
                  type="button"
                  onClick={() => setSpecs((rows) => rows.filter((r) => r.key !== row.key))}
                  aria-label={t("admin.product.removeSpec", { n: i + 1 })}
                  className="min-h-11 rounded-md border border-red-300 px-3 font-semibold text-red-800"
                >
                  ✕
                </button>
              </fieldset>
            ))}
            {specs.length < MAX_SPECS ? (
              <Button
                onClick={() =>
                  setSpecs((rows) => [
                    ...rows,
                    { key: Math.max(-1, ...rows.map((r) => r.key)) + 1, nome_pt: "", nome_es: "", valor_pt: "", valor_es: "" },
                  ])
                }
                kind="secondary"
              >
                {t("admin.product.addSpec")}
              </Button>
            ) : null}
          </div>
        </Panel>
        <SubmitButton pending={saving} pendingLabel={t("admin.product.saving")}>
          {t("admin.product.save")}
        </SubmitButton>
      </Form>
      <Panel title={t("admin.product.images")}>
        {product ? <ProductImages product={product} /> : <p className="text-muted">{t("admin.product.imagesAfterSave")}</p>}
      </Panel>
    </AdminPage>
  );
}
