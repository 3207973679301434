import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import type { StaffRole } from "#contract/api/admin/staff.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TranslationKey } from "#app/i18n/translator.ts";
import { CsrfField, useStaffSession } from "./staff-data.tsx";
import "#app/i18n/admin-texts.ts";

/** The back office's sections, and the roles that see each (the API checks them again on every call). */
export const ADMIN_SECTIONS: { to: string; label: TranslationKey; text?: TranslationKey; roles: readonly StaffRole[] }[] = [
  { to: "/admin", label: "admin.nav.home", roles: ["owner", "manager", "counter"] },
  { to: "/admin/balcao", label: "admin.counter.nav", text: "admin.counter.homeText", roles: ["owner", "manager", "counter"] },
  { to: "/admin/pedidos", label: "admin.orders.navLabel", text: "admin.orders.homeText", roles: ["owner", "manager", "counter"] },
  { to: "/admin/produtos", label: "admin.nav.products", text: "admin.products.homeText", roles: ["owner", "manager"] },
  { to: "/admin/categorias", label: "admin.nav.categories", text: "admin.catalogue.homeText", roles: ["owner", "manager"] },
  { to: "/admin/marcas", label: "admin.nav.brands", text: "admin.brands.homeText", roles: ["owner", "manager"] },
  { to: "/admin/banners", label: "admin.content.nav.banners", text: "admin.content.banners.homeText", roles: ["owner", "manager"] },
  { to: "/admin/vendedores", label: "admin.content.nav.sellers", text: "admin.content.sellers.homeText", roles: ["owner", "manager"] },
  { to: "/admin/contatos", label: "admin.content.nav.signups", text: "admin.content.signups.homeText", roles: ["owner", "manager"] },
  { to: "/admin/cambio", label: "admin.nav.rates", text: "admin.rates.homeText", roles: ["owner", "manager"] },
  { to: "/admin/importacao", label: "admin.nav.import", text: "admin.import.homeText", roles: ["owner", "manager"] },
  { to: "/admin/clientes", label: "admin.customers.nav", text: "admin.customers.homeText", roles: ["owner", "manager"] },
  { to: "/admin/paginas", label: "admin.pages.title", text: "admin.pages.homeText", roles: ["owner", "manager"] },
  { to: "/admin/entregas", label: "admin.delivery.title", text: "admin.delivery.homeText", roles: ["owner", "manager"] },
  { to: "/admin/equipe", label: "admin.nav.staff", text: "admin.home.staffText", roles: ["owner"] },
  { to: "/admin/auditoria", label: "admin.nav.audit", text: "admin.home.auditText", roles: ["owner"] },
  { to: "/admin/chaves", label: "admin.nav.keys", text: "admin.keys.homeText", roles: ["owner"] },
  { to: "/admin/conta", label: "admin.nav.account", text: "admin.home.accountText", roles: ["owner", "manager", "counter"] },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-slate-900 text-white" : "text-ink hover:bg-slate-200"}`;

/**
 * The frame of every back-office page: the member and their role, the sections their role opens,
 * and the logout. Desktop first; from tablet width (768 px) the sections sit in a column beside the page.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const sections = ADMIN_SECTIONS.filter((s) => s.roles.includes(staff.papel));
  return (
    <div className="min-h-screen bg-slate-100 text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 bg-slate-900 px-4 py-3 text-white md:px-6">
        <p className="text-lg font-bold">{t("admin.brand")}</p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span data-testid="admin-member">
            {staff.nome} · {t(`admin.roles.${staff.papel}`)}
          </span>
          <a href="/" className="underline">
            {t("admin.nav.store")}
          </a>
          <Form method="post" action="/admin/sair">
            <CsrfField />
            <button type="submit" className="rounded-md bg-white/10 px-3 py-1.5 font-semibold hover:bg-white/20">
              {t("admin.nav.logout")}
            </button>
          </Form>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-4 p-4 md:flex-row md:gap-6 md:p-6">
        <nav aria-label={t("admin.nav.label")} className="md:w-52 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.to === "/admin"} className={navClass}>
                  {t(s.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A page's title and introduction. */
export function AdminPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="space-y-5">
      <div>
        <h1 id="page-title" className="text-2xl font-bold">
          {title}
        </h1>
        {intro ? <p className="mt-1 text-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A panel of a page. */
export function Panel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-5">
      {title ? <h2 className="mb-3 text-lg font-bold">{title}</h2> : null}
      {children}
    </div>
  );
}

/** A table's column: its label (said only to screen readers when `hidden`: a box or a picture), numbers aligned right. */
export interface Column {
  label: string;
  numeric?: boolean;
  hidden?: boolean;
  className?: string;
}

/** A table's header row. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead className="border-b border-slate-200 text-muted">
      <tr>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={c.className ?? `py-2 pr-3${c.numeric ? " text-right" : ""}`}>
            {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A table of a back-office page: its header row, its rows, and a scroll of its own on a narrow screen
 * (`frame` sets that box: a long list of refusals scrolls down too).
 */
export function AdminTable({
  columns,
  caption,
  frame = "relative overflow-x-auto",
  testId,
  children,
}: {
  columns: Column[];
  caption?: ReactNode;
  frame?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={frame}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        {caption ? <caption className="mb-1 text-left font-semibold">{caption}</caption> : null}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
