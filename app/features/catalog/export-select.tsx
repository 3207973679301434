import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { api } from "#app/lib/api-client.ts";
import type { CatalogListData } from "./list-data.ts";
import type { SortOption } from "./list-query.ts";
import { printDocument, type PrintMode } from "./print-document.ts";

type Action = PrintMode | "txt";

/** Spec §7: exports come ordered by stock then id; the visitor's sort is applied here. */
export function sortForExport(items: ProductSummary[], sort: SortOption, locale: string): ProductSummary[] {
  if (!sort) return items;
  const [field, direction] = sort.split(":") as ["valor_venda" | "nome", "asc" | "desc"];
  const sign = direction === "asc" ? 1 : -1;
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...items].sort((a, b) =>
    field === "nome"
      ? sign * collator.compare(a.nome, b.nome)
      : // A hidden price ("on request") goes last either way.
        (a.preco_atual ? 0 : 1) - (b.preco_atual ? 0 : 1) ||
        sign * (Number(a.preco_atual?.valor_venda ?? 0) - Number(b.preco_atual?.valor_venda ?? 0)),
  );
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Spec §2/§9 print/export select (grade, lista, txt): one streamed request for the whole filtered
 * list, in-stock items only. The select goes back to its prompt after every use.
 */
export function ExportSelect({ data }: { data: CatalogListData }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function run(action: Action) {
    if (!data.result || data.result.total === 0) {
      toast.warning(t("catalog.export.noProducts"));
      return;
    }
    // Opened now, inside the click, or the browser would block it as a pop-up.
    const printWindow = action === "txt" ? null : window.open("", "_blank");
    printWindow?.document.write(`<p style="font-family:sans-serif">${t("catalog.export.working")}</p>`);
    setBusy(true);
    try {
      if (action === "txt") {
        // The server writes the price list (spec §9 layout) in the visitor's sort: one streamed request.
        const [field, direction] = data.params.sort ? data.params.sort.split(":") : [];
        const order = field && direction ? { order_by: field, order: direction } : {};
        const text = await api.text("GET /api/public/products/export", { query: { ...data.exportQuery, ...order, format: "txt" } });
        if (text === "") return void toast.warning(t("catalog.export.noExport"));
        const date = new Date().toISOString().slice(0, 10);
        download(text, `${t("catalog.export.fileName")}-${date}.txt`);
        return;
      }
      const list = await api("GET /api/public/products/export", { query: { ...data.exportQuery, format: "json" } });
      const items = sortForExport(list, data.params.sort, i18n.language);
      if (items.length === 0) {
        printWindow?.close();
        return void toast.warning(t("catalog.export.noPrint"));
      }
      if (!printWindow) return;
      const generated = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(new Date());
      const html = printDocument(action, items, {
        lang: i18n.language,
        title: `${t("catalog.export.printTitle")} · ${data.title}`,
        generatedAt: t("catalog.export.generatedAt", { date: generated }),
        disclaimer: t("catalog.export.disclaimer"),
        code: t("catalog.export.code"),
        name: t("catalog.export.name"),
        price: t("catalog.export.price"),
        priceOnRequest: t("catalog.export.priceOnRequest"),
      });
      printWindow.document.open();
      printWindow.document.write(html);
      printWindow.document.close();
      printWindow.focus();
      // Images must be in before the print dialog takes its snapshot.
      printWindow.addEventListener("load", () => printWindow.print(), { once: true });
    } catch (error) {
      console.warn("export failed", error);
      printWindow?.close();
      toast.error(t("catalog.export.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("catalog.export.label")}
      </label>
      <select
        id={id}
        // Always back on the prompt: the select is a menu of actions, not a setting.
        value=""
        disabled={busy}
        aria-busy={busy}
        onChange={(event) => {
          const action = event.currentTarget.value as Action | "";
          if (action) void run(action);
        }}
        className="h-10 rounded-md bg-panel px-3 text-sm ring-1 ring-slate-300 disabled:opacity-60"
      >
        <option value="">{t("catalog.export.choose")}</option>
        <option value="grid">{t("catalog.export.grid")}</option>
        <option value="list">{t("catalog.export.list")}</option>
        <option value="txt">{t("catalog.export.txt")}</option>
      </select>
    </div>
  );
}
