import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ADMIN_PAGE_SIZES, type AdminProductRow, type BulkChangeBody, type CatalogOptions } from "#contract/api/admin/products.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { FilterForm, SearchFilter, SelectFilter } from "#app/features/admin/list-filters.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { formatAdminPrice } from "./price.ts";
import "#app/i18n/admin-texts.ts";

/** The list's filters the bulk form carries along, so "every product of the filter" means the list on screen. */
export const FILTER_FIELDS = ["q", "category_id", "brand_id", "estoque", "especial", "preco_oculto", "ativo"] as const;

/** The product list's filters, sent as the address's query. */
export function ProductFilters({ options, query }: { options: CatalogOptions; query: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith("es");
  const any = t("admin.products.any");
  const yesNo = [
    { value: "sim", label: t("admin.products.yes") },
    { value: "nao", label: t("admin.products.no") },
  ];
  return (
    <FilterForm submit={t("admin.products.filter")} clear={t("admin.products.clear")} clearTo="/admin/produtos">
      <SearchFilter label={t("admin.products.search")} query={query} />
      <SelectFilter
        name="category_id"
        label={t("admin.products.category")}
        any={any}
        options={options.categories.map((c) => ({ value: c.id, label: es ? c.name_es : c.name_pt }))}
        query={query}
      />
      <SelectFilter
        name="brand_id"
        label={t("admin.products.brand")}
        any={any}
        options={options.brands.map((b) => ({ value: b.id, label: b.nome }))}
        query={query}
      />
      <SelectFilter
        name="estoque"
        label={t("admin.products.stock")}
        any={any}
        options={[
          { value: "com", label: t("admin.products.withStock") },
          { value: "sem", label: t("admin.products.withoutStock") },
        ]}
        query={query}
      />
      <SelectFilter name="especial" label={t("admin.products.special")} any={any} options={yesNo} query={query} />
      <SelectFilter name="preco_oculto" label={t("admin.products.hiddenPrice")} any={any} options={yesNo} query={query} />
      <SelectFilter
        name="ativo"
        label={t("admin.products.status")}
        any={any}
        options={[
          { value: "sim", label: t("admin.products.visible") },
          { value: "nao", label: t("admin.products.hidden") },
        ]}
        query={query}
      />
      <SelectFilter
        name="per_page"
        label={t("admin.products.perPage")}
        options={ADMIN_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
        query={query}
        fallback="20"
      />
    </FilterForm>
  );
}

/** One page of products, each with its box for the bulk change. */
export function ProductTable({ products }: { products: AdminProductRow[] }) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith("es");
  const columns = [
    { label: t("admin.bulk.selected"), hidden: true, className: "w-8 py-2 pr-2" },
    { label: t("admin.products.image"), hidden: true, className: "w-14 py-2 pr-3" },
    { label: t("admin.products.code") },
    { label: t("admin.products.name") },
    { label: t("admin.products.brand") },
    { label: t("admin.products.price"), numeric: true },
    { label: t("admin.products.stock"), numeric: true },
    { label: t("admin.products.status") },
  ];
  return (
    <AdminTable columns={columns}>
      {products.map((p) => (
        <tr key={p.id} className="border-b border-slate-100 align-middle" data-testid="product-row">
          <td className="py-1.5 pr-2">
            <input
              type="checkbox"
              name="ids"
              value={p.id}
              form="bulk-form"
              aria-label={t("admin.bulk.select", { name: es ? p.nome_es : p.nome_pt })}
              className="size-5"
            />
          </td>
          <td className="py-1.5 pr-3">
            {p.imagem ? (
              <img src={p.imagem} alt="" width={40} height={40} loading="lazy" className="size-10 rounded bg-white object-contain" />
            ) : null}
          </td>
          <td className="whitespace-nowrap py-1.5 pr-3 font-mono text-xs">{p.codigo}</td>
          <td className="py-1.5 pr-3">
            <Link to={`/admin/produtos/${p.id}`} className="font-semibold underline-offset-2 hover:underline">
              {es ? p.nome_es : p.nome_pt}
            </Link>
            {p.categoria ? <span className="block text-xs text-muted">{p.categoria}</span> : null}
          </td>
          <td className="py-1.5 pr-3">{p.marca ?? "—"}</td>
          <td className="whitespace-nowrap py-1.5 pr-3 text-right">{formatAdminPrice(p.valor_venda, p.moeda_id)}</td>
          <td className="py-1.5 pr-3 text-right">{p.qtde_disponivel}</td>
          <td className="py-1.5 pr-3">
            <span className="flex flex-wrap gap-1">
              {!p.ativo ? <Badge>{t("admin.products.hiddenBadge")}</Badge> : null}
              {p.especial ? <Badge>{t("admin.products.specialBadge")}</Badge> : null}
              {!p.mostrar_preco ? <Badge>{t("admin.products.priceHiddenBadge")}</Badge> : null}
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The bulk change: a new price by a percentage, a stock, or the special line, for the marked products or the whole filter. */
export function BulkForm({ query, total, answer }: { query: Record<string, string>; total: number; answer: ActionResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [acao, setAcao] = useState<BulkChangeBody["acao"]>("preco_percentual");
  const errors = fieldErrors(answer);
  return (
    <Form method="post" id="bulk-form" className="grid gap-3 md:grid-cols-2">
      <CsrfField />
      {FILTER_FIELDS.map((name) => (
        <input key={name} type="hidden" name={`filtro_${name}`} value={query[name] ?? ""} />
      ))}
      <div className="md:col-span-2">
        <FormResult result={answer} />
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t("admin.bulk.scope")}</legend>
        <label className="flex min-h-9 items-center gap-2">
          <input type="radio" name="escopo" value="selecionados" defaultChecked className="size-5" />
          {t("admin.bulk.selected")}
        </label>
        <label className="flex min-h-9 items-center gap-2">
          <input type="radio" name="escopo" value="filtro" className="size-5" />
          {t("admin.bulk.filtered", { count: total })}
        </label>
        {errors.ids ? <p className="text-sm font-medium text-red-700">{t("admin.bulk.noneSelected")}</p> : null}
      </fieldset>
      <div className="space-y-3">
        <SelectField
          name="acao"
          label={t("admin.bulk.action")}
          options={[
            { value: "preco_percentual", label: t("admin.bulk.price") },
            { value: "estoque", label: t("admin.bulk.stock") },
            { value: "especial_incluir", label: t("admin.bulk.specialAdd") },
            { value: "especial_remover", label: t("admin.bulk.specialRemove") },
          ]}
          value={acao}
          onChange={(event) => setAcao(event.currentTarget.value as typeof acao)}
        />
        {acao === "preco_percentual" ? (
          <TextField
            name="percentual"
            label={t("admin.bulk.percent")}
            hint={t("admin.bulk.percentHint")}
            inputMode="decimal"
            required
            error={errors.percentual}
          />
        ) : acao === "estoque" ? (
          <TextField name="estoque_valor" type="number" min={0} label={t("admin.bulk.stockValue")} required error={errors.estoque} />
        ) : null}
      </div>
      <div className="md:col-span-2">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.bulk.applying")}>
          {t("admin.bulk.apply")}
        </SubmitButton>
      </div>
    </Form>
  );
}
