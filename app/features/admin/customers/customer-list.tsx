import { Link } from "react-router";
import { DOCUMENT_STATES, NATIONALITIES } from "#contract/api/accounts.ts";
import type { CustomerRow } from "#contract/api/admin/customers.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { FilterForm, SearchFilter, SelectFilter } from "#app/features/admin/list-filters.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/** The address's filters (`?q=&nacionalidade=&estrangeiro=&documento_status=&page=`); the API checks each. */
export const CUSTOMER_FILTERS = ["q", "nacionalidade", "estrangeiro", "documento_status"] as const;

const STATE_TONES = { pendente: "warm", verificado: "good", rejeitado: "neutral" } as const;

/** A document's review state as a badge. */
export function ReviewBadge({ state }: { state: CustomerRow["documento_status"] }) {
  const { t } = useTranslation();
  return <Badge tone={STATE_TONES[state]}>{t(`admin.customers.states.${state}`)}</Badge>;
}

/** The search (list-filters.tsx). */
export function CustomerFilters({ filters }: { filters: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <FilterForm submit={t("admin.customers.filter")} clear={t("admin.customers.clear")} clearTo="/admin/clientes" columns={5}>
      <SearchFilter label={t("admin.customers.search")} hint={t("admin.customers.searchHint")} query={filters} maxLength={200} />
      <SelectFilter
        name="nacionalidade"
        label={t("admin.customers.nationality")}
        any={t("admin.customers.anyNationality")}
        options={NATIONALITIES.map((n) => ({ value: n, label: t(`admin.customers.nationalities.${n}`) }))}
        query={filters}
      />
      <SelectFilter
        name="estrangeiro"
        label={t("admin.customers.flow")}
        any={t("admin.customers.anyFlow")}
        options={[
          { value: "sim", label: t("admin.customers.flowForeign") },
          { value: "nao", label: t("admin.customers.flowLocal") },
        ]}
        query={filters}
      />
      <SelectFilter
        name="documento_status"
        label={t("admin.customers.documentState")}
        any={t("admin.customers.anyState")}
        options={DOCUMENT_STATES.map((s) => ({ value: s, label: t(`admin.customers.states.${s}`) }))}
        query={filters}
      />
    </FilterForm>
  );
}

/** The customers of a page, each linking to their record. */
export function CustomerTable({ customers }: { customers: CustomerRow[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeZone: "America/Asuncion" });
  const columns = (["name", "email", "document", "nationality", "review", "since"] as const).map((c) => ({
    label: t(`admin.customers.columns.${c}`),
  }));
  return (
    <AdminTable columns={columns} testId="customer-table">
      {customers.map((c) => (
        <tr key={c.id} className="border-b border-slate-100 align-top" data-testid="customer-row">
          <td className="py-2 pr-3">
            <Link to={`/admin/clientes/${c.id}`} className="font-semibold text-ink underline">
              {c.nome}
            </Link>
          </td>
          <td className="py-2 pr-3 break-all">
            {c.email}
            <span className="block text-xs text-muted">
              {c.email_confirmado ? t("admin.customers.confirmed") : t("admin.customers.notConfirmed")}
            </span>
          </td>
          <td className="whitespace-nowrap py-2 pr-3">
            {c.documento_tipo} {c.documento ?? "—"}
          </td>
          <td className="py-2 pr-3">{t(`admin.customers.nationalities.${c.nacionalidade}`, { defaultValue: c.nacionalidade })}</td>
          <td className="py-2 pr-3">
            <ReviewBadge state={c.documento_status} />
          </td>
          <td className="whitespace-nowrap py-2 pr-3">{date.format(new Date(c.created_at))}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
