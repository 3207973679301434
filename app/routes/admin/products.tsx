import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { ADMIN_PAGE_SIZES, type AdminProductsQuery, type BulkChangeBody } from "#contract/api/admin/products.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { formatAdminPrice } from "#app/features/admin/catalogue/price.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/products";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.products.title");

const FILTERS = ["q", "category_id", "brand_id", "estoque", "especial", "preco_oculto", "ativo", "per_page", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = search.get(name)?.trim();
    if (value) query[name] = value;
  }
  const api = adminApi(context);
  const [page, options] = await Promise.all([
    adminLoad(request, () => api("GET /api/admin/products", { query: query as AdminProductsQuery })),
    adminLoad(request, () => api("GET /api/admin/catalog-options")),
  ]);
  return { page, options, query };
}

/** The list's filters the bulk form carries along, so "every product of the filter" means the list on screen. */
const FILTER_FIELDS = ["q", "category_id", "brand_id", "estoque", "especial", "preco_oculto", "ativo"] as const;

/** A bulk change (POST /api/admin/products/bulk) to the products marked in the list, or to every product of the filter. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const filtro: Record<string, string> = {};
  for (const name of FILTER_FIELDS) {
    const value = String(form.get(`filtro_${name}`) ?? "");
    if (value) filtro[name] = value;
  }
  const ids = form.getAll("ids").map(String);
  const acao = String(form.get("acao") ?? "") as BulkChangeBody["acao"];
  const body = {
    ...(form.get("escopo") === "filtro" ? { filtro } : { ids }),
    acao,
    ...(acao === "preco_percentual" ? { percentual: String(form.get("percentual") ?? "") } : {}),
    ...(acao === "estoque" ? { estoque: String(form.get("estoque_valor") ?? "") } : {}),
  } as BulkChangeBody;
  return adminAction(request, "bulk", () => adminApi(context, form)("POST /api/admin/products/bulk", { body }));
}

export default function AdminProducts() {
  const { t, i18n } = useTranslation();
  const { page, options, query } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const es = i18n.language.startsWith("es");
  const yesNo = [
    { value: "sim", label: t("admin.products.yes") },
    { value: "nao", label: t("admin.products.no") },
  ];
  const pageLink = (n: number) => `?${new URLSearchParams({ ...query, page: String(n) })}`;
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const [acao, setAcao] = useState<BulkChangeBody["acao"]>("preco_percentual");
  const errors = fieldErrors(answer);
  return (
    <AdminPage title={t("admin.products.title")} intro={t("admin.products.intro")}>
      <div>
        <Link
          to="/admin/produtos/novo"
          className="inline-flex min-h-11 items-center rounded-md bg-accent px-5 py-2 font-bold text-ink hover:bg-accent-strong"
        >
          {t("admin.products.new")}
        </Link>
      </div>
      <Panel>
        <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy={navigation.state === "loading"}>
          <TextField
            name="q"
            type="search"
            label={t("admin.products.search")}
            defaultValue={query.q ?? ""}
            maxLength={100}
            className="sm:col-span-2"
          />
          <SelectField
            name="category_id"
            label={t("admin.products.category")}
            placeholder={t("admin.products.any")}
            options={options.categories.map((c) => ({ value: c.id, label: es ? c.name_es : c.name_pt }))}
            defaultValue={query.category_id ?? ""}
          />
          <SelectField
            name="brand_id"
            label={t("admin.products.brand")}
            placeholder={t("admin.products.any")}
            options={options.brands.map((b) => ({ value: b.id, label: b.nome }))}
            defaultValue={query.brand_id ?? ""}
          />
          <SelectField
            name="estoque"
            label={t("admin.products.stock")}
            placeholder={t("admin.products.any")}
            options={[
              { value: "com", label: t("admin.products.withStock") },
              { value: "sem", label: t("admin.products.withoutStock") },
            ]}
            defaultValue={query.estoque ?? ""}
          />
          <SelectField
            name="especial"
            label={t("admin.products.special")}
            placeholder={t("admin.products.any")}
            options={yesNo}
            defaultValue={query.especial ?? ""}
          />
          <SelectField
            name="preco_oculto"
            label={t("admin.products.hiddenPrice")}
            placeholder={t("admin.products.any")}
            options={yesNo}
            defaultValue={query.preco_oculto ?? ""}
          />
          <SelectField
            name="ativo"
            label={t("admin.products.status")}
            placeholder={t("admin.products.any")}
            options={[
              { value: "sim", label: t("admin.products.visible") },
              { value: "nao", label: t("admin.products.hidden") },
            ]}
            defaultValue={query.ativo ?? ""}
          />
          <SelectField
            name="per_page"
            label={t("admin.products.perPage")}
            options={ADMIN_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
            defaultValue={query.per_page ?? "20"}
          />
          <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
            <button type="submit" className="min-h-11 rounded-md bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-700">
              {t("admin.products.filter")}
            </button>
            <Link to="/admin/produtos" className="min-h-11 px-2 py-2.5 font-semibold underline">
              {t("admin.products.clear")}
            </Link>
          </div>
        </Form>
      </Panel>
      <Panel>
        <p className="mb-3 font-semibold" role="status">
          {t("admin.products.total", { count: page.total })}
        </p>
        {page.data.length === 0 ? (
          <p className="text-muted">{t("admin.products.empty")}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-muted">
                <tr>
                  <th scope="col" className="w-8 py-2 pr-2">
                    <span className="sr-only">{t("admin.bulk.selected")}</span>
                  </th>
                  <th scope="col" className="w-14 py-2 pr-3">
                    <span className="sr-only">{t("admin.products.image")}</span>
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.products.code")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.products.name")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.products.brand")}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {t("admin.products.price")}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {t("admin.products.stock")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.products.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((p) => (
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
              </tbody>
            </table>
          </div>
        )}
        <nav
          className="mt-4 flex items-center justify-between gap-3 text-sm"
          aria-label={t("admin.products.page", { page: page.page, last: page.last_page })}
        >
          {page.page > 1 ? (
            <Link to={pageLink(page.page - 1)} className="font-semibold underline">
              {t("admin.products.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted">{t("admin.products.page", { page: page.page, last: page.last_page })}</span>
          {page.page < page.last_page ? (
            <Link to={pageLink(page.page + 1)} className="font-semibold underline">
              {t("admin.products.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </Panel>
      <Panel title={t("admin.bulk.title")}>
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
              {t("admin.bulk.filtered", { count: page.total })}
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
      </Panel>
    </AdminPage>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{children}</span>;
}
