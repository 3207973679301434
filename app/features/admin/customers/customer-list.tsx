import { Form, Link } from "react-router";
import { DOCUMENT_STATES, NATIONALITIES } from "#contract/api/accounts.ts";
import type { CustomerRow } from "#contract/api/admin/customers.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
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

/** The search: a GET form, so it works without scripts and the address keeps the filters. */
export function CustomerFilters({ filters }: { filters: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="grid gap-3 md:grid-cols-2 lg:grid-cols-5">
      <TextField
        name="q"
        type="search"
        label={t("admin.customers.search")}
        hint={t("admin.customers.searchHint")}
        defaultValue={filters.q ?? ""}
        maxLength={200}
        className="md:col-span-2"
      />
      <SelectField
        name="nacionalidade"
        label={t("admin.customers.nationality")}
        placeholder={t("admin.customers.anyNationality")}
        options={NATIONALITIES.map((n) => ({ value: n, label: t(`admin.customers.nationalities.${n}`) }))}
        defaultValue={filters.nacionalidade ?? ""}
      />
      <SelectField
        name="estrangeiro"
        label={t("admin.customers.flow")}
        placeholder={t("admin.customers.anyFlow")}
        options={[
          { value: "sim", label: t("admin.customers.flowForeign") },
          { value: "nao", label: t("admin.customers.flowLocal") },
        ]}
        defaultValue={filters.estrangeiro ?? ""}
      />
      <SelectField
        name="documento_status"
        label={t("admin.customers.documentState")}
        placeholder={t("admin.customers.anyState")}
        options={DOCUMENT_STATES.map((s) => ({ value: s, label: t(`admin.customers.states.${s}`) }))}
        defaultValue={filters.documento_status ?? ""}
      />
      <div className="flex flex-wrap items-center gap-3 md:col-span-2 lg:col-span-5">
        <Button type="submit" kind="primary">
          {t("admin.customers.filter")}
        </Button>
        <Link to="/admin/clientes" className="font-semibold underline">
          {t("admin.customers.clear")}
        </Link>
      </div>
    </Form>
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
