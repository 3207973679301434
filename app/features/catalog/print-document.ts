import type { ProductSummary } from "#contract/api/catalog.ts";
import { escapeHtml } from "#contract/text.ts";

/** Spec §9: A4 grid print, 5 columns, 20 items on the first page and 25 on each later one. */
export const GRID_COLUMNS = 5;
export const FIRST_PAGE_ITEMS = 20;
export const LATER_PAGE_ITEMS = 25;

export type PrintMode = "grid" | "list";

export interface PrintTexts {
  lang: string;
  title: string;
  generatedAt: string;
  disclaimer: string;
  code: string;
  name: string;
  price: string;
  priceOnRequest: string;
}

/** Items per printed sheet: the first holds the header, so it takes fewer. */
export function gridPages<T>(items: readonly T[]): T[][] {
  const pages: T[][] = [];
  let start = 0;
  while (start < items.length) {
    const size = pages.length === 0 ? FIRST_PAGE_ITEMS : LATER_PAGE_ITEMS;
    pages.push(items.slice(start, start + size));
    start += size;
  }
  return pages;
}

const priceOf = (p: ProductSummary, texts: PrintTexts) =>
  escapeHtml(p.mostrar_preco && p.preco_atual ? p.preco_atual.formatado : texts.priceOnRequest);

const STYLE = `
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: Arial, Helvetica, sans-serif; color: #0f172a; margin: 0; font-size: 10pt; }
header { border-bottom: 2px solid #0f172a; margin-bottom: 4mm; padding-bottom: 2mm; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
header p { margin: 0; font-size: 8.5pt; color: #334155; }
.sheet { break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.grid { display: grid; grid-template-columns: repeat(${GRID_COLUMNS}, 1fr); gap: 3mm; }
.item { border: 1px solid #cbd5e1; padding: 2mm; break-inside: avoid; text-align: center; }
.item img { width: 100%; height: 28mm; object-fit: contain; }
.item .name { font-size: 8pt; height: 3.6em; overflow: hidden; margin: 1mm 0; }
.item .code { font-size: 7pt; color: #475569; }
.item .price { font-weight: bold; font-size: 10pt; }
table { width: 100%; border-collapse: collapse; }
th, td { border-bottom: 1px solid #cbd5e1; padding: 1.5mm 2mm; text-align: left; font-size: 9pt; }
th { background: #e2e8f0; }
td.price, th.price { text-align: right; white-space: nowrap; }
`;

/** A complete HTML page for the print window, in the page's language. */
export function printDocument(mode: PrintMode, items: readonly ProductSummary[], texts: PrintTexts): string {
  const header = `<header><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.generatedAt)}</p><p>${escapeHtml(texts.disclaimer)}</p></header>`;
  let body: string;
  if (mode === "grid") {
    body = gridPages(items)
      .map((page, i) => {
        const cells = page
          .map((p) => {
            const image = p.imagens[0]?.url;
            return `<div class="item">${image ? `<img src="${escapeHtml(image)}" alt="">` : ""}<div class="name">${escapeHtml(p.nome)}</div><div class="code">${escapeHtml(texts.code)}: ${escapeHtml(p.codigo)}</div><div class="price">${priceOf(p, texts)}</div></div>`;
          })
          .join("");
        return `<section class="sheet">${i === 0 ? header : ""}<div class="grid">${cells}</div></section>`;
      })
      .join("");
  } else {
    const rows = items
      .map((p) => `<tr><td>${escapeHtml(p.codigo)}</td><td>${escapeHtml(p.nome)}</td><td class="price">${priceOf(p, texts)}</td></tr>`)
      .join("");
    body = `${header}<table><thead><tr><th>${escapeHtml(texts.code)}</th><th>${escapeHtml(texts.name)}</th><th class="price">${escapeHtml(texts.price)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
  return `<!doctype html><html lang="${escapeHtml(texts.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}
