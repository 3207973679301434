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

/** One row; a name longer than its column is cut so every price starts at the same column. */
export function priceListLine(item: PriceListItem): string {
  // A code as long as its column still gets one space, or it would run into the name.
  const code = oneLine(item.codigo).padEnd(PRICE_LIST_CODE_WIDTH - 1) + " ";
  const name = oneLine(item.nome).slice(0, PRICE_LIST_NAME_WIDTH).padEnd(PRICE_LIST_NAME_WIDTH);
  const price = item.mostrar_preco && item.preco_atual ? `*${item.preco_atual.formatado}*` : PRICE_LIST_NO_PRICE;
  return `${code}${name}${price}`;
}

/** The whole file: one line per product, each ending with a line break. */
export function priceList(items: Iterable<PriceListItem>): string {
  let text = "";
  for (const item of items) text += `${priceListLine(item)}\n`;
  return text;
}
