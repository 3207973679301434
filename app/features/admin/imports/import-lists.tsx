import { IMPORT_COLUMNS, PRICE_STOCK_COLUMNS, type AdminImport } from "#contract/api/admin/imports.ts";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/** The columns a file may have, and how values are written. */
export function ImportFormat() {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-sm">
      <p>{t("admin.import.formatText")}</p>
      <p className="break-words font-mono text-xs">{IMPORT_COLUMNS.join(";")}</p>
      <p>{t("admin.import.priceStockText")}</p>
      <p className="break-words font-mono text-xs">{PRICE_STOCK_COLUMNS.join(";")}</p>
      <p>{t("admin.import.valuesText")}</p>
    </div>
  );
}

const EXPORTS = [
  { formato: "csv", colunas: "todas", label: "admin.import.exportCsv" },
  { formato: "xlsx", colunas: "todas", label: "admin.import.exportXlsx" },
  { formato: "csv", colunas: "preco_estoque", label: "admin.import.exportPriceStockCsv" },
  { formato: "xlsx", colunas: "preco_estoque", label: "admin.import.exportPriceStockXlsx" },
] as const;

/** The export's four files: every column or price and stock, as CSV or XLSX. */
export function ExportLinks() {
  const { t } = useTranslation();
  return (
    <>
      <p className="mb-3 text-sm">{t("admin.import.exportText")}</p>
      <ul className="flex flex-wrap gap-2">
        {EXPORTS.map((e) => (
          <li key={e.label}>
            <a
              href={`/api/admin/export?formato=${e.formato}&colunas=${e.colunas}`}
              download
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 font-semibold hover:bg-slate-100"
            >
              {t(e.label)}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The last imports, each a link back to its result. */
export function RecentImports({ recent }: { recent: AdminImport[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  return (
    <>
      {recent.length === 0 ? (
        <p className="text-muted">{t("admin.import.noRecent")}</p>
      ) : (
        <AdminTable
          columns={[
            { label: t("admin.import.when") },
            { label: t("admin.import.fileColumn") },
            { label: t("admin.import.state") },
            { label: t("admin.import.counts") },
            { label: t("admin.import.who") },
          ]}
        >
          {recent.map((r) => (
            <tr key={r.id} className="border-b border-slate-100" data-testid="import-recent">
              <td className="py-1.5 pr-3">{date.format(new Date(r.created_at))}</td>
              <td className="break-all py-1.5 pr-3">
                <a href={`/admin/importacao?id=${r.id}`} className="underline">
                  {r.arquivo_nome}
                </a>
              </td>
              <td className="py-1.5 pr-3">{t(`admin.import.states.${r.estado}`)}</td>
              <td className="py-1.5 pr-3">
                {t("admin.import.countsShort", {
                  criadas: r.criadas,
                  atualizadas: r.atualizadas,
                  inalteradas: r.inalteradas,
                  recusadas: r.recusadas,
                })}
              </td>
              <td className="break-all py-1.5 pr-3">{r.autor}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
