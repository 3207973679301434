/** The TXT price list of spec §9: code padded to 12, name to 90, price between asterisks or N/A. */

export const PRICE_LIST_CODE_WIDTH = 12;
export const PRICE_LIST_NAME_WIDTH = 90;
export const PRICE_LIST_NO_PRICE = "N/A";

export interface PriceListItem {
  codigo: string;
  nome: string;
  mostrar_preco: boolean;
  preco_atual: { formatado: string } | null;
}

// Line breaks or tabs inside a name would break the fixed columns.
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The code column of a file: 12 characters, or as wide as its longest code plus one space, so a
 * long code never pushes its line's name and price out of line with the others.
 */
export const priceListCodeWidth = (longestCode: number) => Math.max(PRICE_LIST_CODE_WIDTH, longestCode + 1);

/** One row; a name longer than its column is cut so every price starts at the same column. */
export function priceListLine(item: PriceListItem, codeWidth = PRICE_LIST_CODE_WIDTH): string {
  // A code as long as its column still gets one space, or it would run into the name.
  const code = oneLine(item.codigo).padEnd(codeWidth - 1) + " ";
  const name = oneLine(item.nome).slice(0, PRICE_LIST_NAME_WIDTH).padEnd(PRICE_LIST_NAME_WIDTH);
  const price = item.mostrar_preco && item.preco_atual ? `*${item.preco_atual.formatado}*` : PRICE_LIST_NO_PRICE;
  return `${code}${name}${price}`;
}

/** Rows, each ending with a line break; the code column fits the longest code given (or `codeWidth`). */
export function priceList(items: readonly PriceListItem[], codeWidth?: number): string {
  const width = codeWidth ?? priceListCodeWidth(Math.max(0, ...items.map((i) => oneLine(i.codigo).length)));
  let text = "";
  for (const item of items) text += `${priceListLine(item, width)}\n`;
  return text;
}

/** Spec §9 header: the generation date and the notice that prices may change, then a blank line. */
export function priceListHeader(texts: { generatedAt: string; disclaimer: string }): string {
  return `${texts.generatedAt}\n${texts.disclaimer}\n\n`;
}
