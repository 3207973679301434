import { useEffect, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import type { AdminImport } from "#contract/api/admin/imports.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { useStaffApi } from "#app/features/admin/staff-data.tsx";
import { refusalOf, refusedWith, type ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

const POLL_MS = 600;
const busy = (i: AdminImport | undefined) => i?.estado === "checking" || i?.estado === "applying";

/**
 * The import: the file goes straight to the API (it may be 100 MB, past the pages' form limit), its dry
 * run is followed with a progress bar, its counts and refused rows are shown, and "apply" writes it.
 * The import's id stays in the address, so a reload comes back to it.
 */
export function ImportPanel({ initial }: { initial: AdminImport | undefined }) {
  const { t, i18n } = useTranslation();
  const api = useStaffApi();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const [current, setCurrent] = useState<AdminImport | undefined>(initial);
  const [result, setResult] = useState<ActionResult | undefined>();
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const refusal = (error: unknown) => refusalOf(error, t("admin.error"));

  // While a step runs, its progress is read again and again; when it ends, the recent list is read again.
  useEffect(() => {
    if (!current || !busy(current)) return;
    const timer = setTimeout(() => {
      api("GET /api/admin/imports/{id}", { params: { id: current.id } }).then(
        ({ data }) => {
          setCurrent(data);
          if (!busy(data)) void revalidator.revalidate();
        },
        (error: unknown) => setResult(refusal(error)),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- polls on each new answer
  }, [current]);

  async function check(event: React.FormEvent) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    setResult(undefined);
    if (!file) {
      setResult(refusedWith(t("admin.import.chooseFile")));
      return;
    }
    const form = new FormData();
    form.append("arquivo", file);
    setSending(true);
    try {
      const answer = await api("POST /api/admin/imports", { body: form });
      setCurrent(answer.data);
      setSearchParams({ id: String(answer.data.id) }, { replace: true, preventScrollReset: true });
    } catch (error) {
      setResult(refusal(error));
    } finally {
      setSending(false);
    }
  }

  async function apply() {
    if (!current) return;
    setResult(undefined);
    try {
      const answer = await api("POST /api/admin/imports/{id}/apply", { params: { id: current.id } });
      setCurrent(answer.data);
    } catch (error) {
      setResult(refusal(error));
    }
  }

  const percent = current && current.linhas > 0 ? Math.min(100, Math.round((current.processadas / current.linhas) * 100)) : undefined;
  const writes = current ? current.criadas + current.atualizadas : 0;

  return (
    <div className="space-y-4">
      <form onSubmit={check} className="space-y-3" aria-busy={sending}>
        <label htmlFor="import-file" className="block text-sm font-semibold">
          {t("admin.import.file")}
        </label>
        <input
          ref={fileRef}
          id="import-file"
          name="arquivo"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="block w-full max-w-md text-sm"
          aria-describedby="import-file-hint"
        />
        <p id="import-file-hint" className="text-sm text-muted">
          {t("admin.import.fileHint")}
        </p>
        <button
          type="submit"
          disabled={sending || busy(current)}
          className="min-h-11 rounded-md bg-slate-900 px-4 font-semibold text-white disabled:opacity-50"
        >
          {sending ? t("admin.import.sending") : t("admin.import.check")}
        </button>
      </form>
      <FormResult result={result} />
      {current ? (
        <section aria-labelledby="import-status" className="space-y-3 rounded-md border border-slate-200 p-3" data-testid="import-status">
          <h3 id="import-status" className="font-bold">
            {t("admin.import.fileName", { name: current.arquivo_nome })}
          </h3>
          {busy(current) ? (
            <div role="status" className="space-y-1">
              <p>{t(current.estado === "checking" ? "admin.import.checking" : "admin.import.applying")}</p>
              <progress
                className="h-3 w-full"
                max={100}
                {...(percent === undefined ? {} : { value: percent })}
                aria-label={t(current.estado === "checking" ? "admin.import.checking" : "admin.import.applying")}
              />
              <p className="text-sm text-muted">
                {percent === undefined
                  ? t("admin.import.rowsRead", { n: number.format(current.processadas) })
                  : t("admin.import.progress", { percent })}
              </p>
            </div>
          ) : null}
          {current.estado === "failed" ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
              {current.falha ?? t("admin.error")}
            </p>
          ) : null}
          {current.estado === "checked" || current.estado === "applied" ? (
            <>
              <p role="status" className="font-semibold" data-testid="import-summary">
                {t(current.estado === "checked" ? "admin.import.checkedSummary" : "admin.import.appliedSummary", {
                  criadas: number.format(current.criadas),
                  atualizadas: number.format(current.atualizadas),
                  inalteradas: number.format(current.inalteradas),
                  recusadas: number.format(current.recusadas),
                })}
              </p>
              <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
                {(
                  [
                    ["criadas", "admin.import.created"],
                    ["atualizadas", "admin.import.updated"],
                    ["inalteradas", "admin.import.unchanged"],
                    ["recusadas", "admin.import.refused"],
                  ] as const
                ).map(([key, label]) => (
                  <div key={key} className="rounded-md bg-slate-100 p-2">
                    <dt className="text-sm text-muted">{t(label)}</dt>
                    <dd className="text-xl font-bold" data-testid={`import-${key}`}>
                      {number.format(current[key])}
                    </dd>
                  </div>
                ))}
              </dl>
              {current.estado === "checked" && current.fora_limite > 0 ? (
                <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="import-price-jumps">
                  {t("admin.import.priceJumps", { n: number.format(current.fora_limite) })}
                </p>
              ) : null}
            </>
          ) : null}
          {current.erros.length > 0 && current.estado !== "checking" ? (
            <AdminTable
              frame="relative max-h-96 overflow-auto"
              testId="import-refusals"
              caption={
                current.recusadas > current.erros.length
                  ? t("admin.import.refusalsFirst", { n: number.format(current.erros.length), total: number.format(current.recusadas) })
                  : t("admin.import.refusals")
              }
              columns={[
                { label: t("admin.import.line") },
                { label: t("admin.import.column") },
                { label: t("admin.records.import.value") },
                { label: t("admin.import.code") },
                { label: t("admin.import.reason") },
              ]}
            >
              {current.erros.map((e) => (
                <tr key={`${e.linha}-${e.coluna ?? ""}`} className="border-b border-slate-100" data-testid="import-refusal">
                  <td className="py-1.5 pr-3 font-mono">{e.linha}</td>
                  <td className="py-1.5 pr-3 font-mono">{e.coluna ?? "—"}</td>
                  <td className="break-all py-1.5 pr-3 font-mono" data-testid="import-refused-value">
                    {e.valor || "—"}
                  </td>
                  <td className="break-all py-1.5 pr-3 font-mono">{e.codigo ?? "—"}</td>
                  <td className="py-1.5 pr-3">{e.mensagem}</td>
                </tr>
              ))}
            </AdminTable>
          ) : null}
          {current.estado === "checked" ? (
            writes > 0 ? (
              <div className="space-y-2">
                {current.recusadas > 0 ? <p className="text-sm">{t("admin.import.refusedStayOut")}</p> : null}
                <button type="button" onClick={() => void apply()} className="min-h-11 rounded-md bg-green-700 px-4 font-semibold text-white">
                  {t("admin.import.apply", { n: number.format(writes) })}
                </button>
              </div>
            ) : (
              <p>{t("admin.import.nothingToApply")}</p>
            )
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
