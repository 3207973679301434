import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { ORDER_STATUSES, type Order } from "#contract/api/cart.ts";
import { pickupRefusal, type PickupRefusal } from "#contract/fulfilment.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import { formatPrice } from "#contract/money.ts";
import type { SiteInfo } from "#contract/site.ts";

/** The QR code's side on the ticket, in points (about 3.9 cm): a phone or a counter's camera reads it from a screen or paper. */
const QR_SIZE = 110;

/**
 * The pickup code as a QR code: a grey-scale PNG (no alpha, so the PDF keeps its bytes as they are),
 * black on white with the standard four-module margin, error correction M.
 */
export const pickupQrPng = (code: string): Promise<Buffer> =>
  QRCode.toBuffer(code, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 4,
    scale: 8,
    rendererOpts: { colorType: 0 },
  } as QRCode.QRCodeToBufferOptions);

const isOrderStatus = (s: string): s is (typeof ORDER_STATUSES)[number] => (ORDER_STATUSES as readonly string[]).includes(s);

/** Why the ticket carries no pickup code, as the buyer reads it. */
const NO_CODE: Record<PickupRefusal, ApiMessageKey> = {
  refunded: "ticket_no_code_refunded",
  cancelled: "ticket_no_code_cancelled",
  delivery: "ticket_no_code_delivery",
  handed_over: "ticket_no_code_handed_over",
  not_paid: "ticket_no_code_not_paid",
  not_open: "ticket_no_code_not_open",
};

/**
 * The order ticket as a real PDF: number, date, status, items, totals, store contact, and the pickup code
 * (written and as a QR code) only while the counter would hand the goods over for it; otherwise why not.
 */
export async function renderTicket(order: Order, site: SiteInfo, locale: Locale): Promise<Buffer> {
  // The customer's order names where it goes, not its delivery service: a store pickup ("loja") is the one without.
  const refusal = pickupRefusal({
    status: order.status,
    status_entrega: order.status_entrega,
    kind: order.entrega_tipo === "loja" ? "retirada" : "entrega",
  });
  const t = (key: ApiMessageKey, vars?: Record<string, string>) => apiMessage(locale, key, vars);
  const money = (v: string) => formatPrice(v, order.moeda_id);
  const dateOf = (iso: string, style: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...style, timeZone: "America/Asuncion" }).format(new Date(iso));
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: `${t("ticket_title")} ${order.pedido}`, Author: site.brandName } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  doc.fontSize(20).fillColor("#c2410c").text(site.brandName);
  doc.fontSize(9).fillColor("#334155").text(`${site.address} · ${site.phone} · ${site.email}`);
  doc.moveDown(1.2);
  doc
    .fontSize(16)
    .fillColor("#0f172a")
    .text(`${t("ticket_title")} #${order.pedido}`);
  doc.moveDown(0.4).fontSize(10);
  doc.text(`${t("ticket_date")}: ${dateOf(order.created_at, { dateStyle: "long", timeStyle: "short" })}`);
  // Spec §4: the known statuses in the customer's pages' words; any other value as it arrives.
  doc.text(`${t("ticket_status")}: ${isOrderStatus(order.status) ? t(`ticket_status_${order.status}`) : order.status}`);
  if (order.pago_apos_cancelamento) doc.font("Helvetica-Bold").text(t("ticket_paid_after_cancel")).font("Helvetica");
  // The person or company the order is made out to, with its document (a CPF or a CNPJ, a RUC …).
  const buyer = order.comprador;
  if (buyer.nome)
    doc.text(
      `${t("ticket_buyer")}: ${[buyer.nome, buyer.documento ? `${buyer.documento_tipo} ${buyer.documento}` : ""].filter(Boolean).join(" · ")}`,
    );
  doc.text(`${t("ticket_delivery")}: ${order.entrega_descricao ?? apiMessage(locale, "store_pickup")}`);
  // Where the goods are collected, or where they go; never a delivery address for a pickup.
  doc.text(`${order.entrega_tipo === "endereco" ? t("ticket_delivery_address") : t("ticket_pickup_place")}: ${order.entrega_local}`);
  doc.moveDown(0.6);
  if (refusal === undefined) {
    // The code, written and beside it as a QR code the counter's camera reads.
    const qr = await pickupQrPng(order.codigo_retirada);
    const codeTop = doc.y;
    doc
      .fontSize(14)
      .fillColor("#c2410c")
      .text(`${t("ticket_pickup_code")}: ${order.codigo_retirada}`, 48, codeTop, { width: 499 - QR_SIZE - 12 });
    doc
      .moveDown(0.3)
      .fontSize(9)
      .fillColor("#475569")
      .text(t("ticket_qr_hint"), { width: 499 - QR_SIZE - 12 });
    doc.image(qr, 547 - QR_SIZE, codeTop - 8, { width: QR_SIZE, height: QR_SIZE });
    doc.x = 48;
    doc.y = Math.max(doc.y, codeTop - 8 + QR_SIZE);
  } else {
    // Never a code the counter would refuse: the buyer reads why there is none.
    const handedOver = order.status_entrega_em ? dateOf(order.status_entrega_em, { dateStyle: "long" }) : "—";
    doc
      .fontSize(12)
      .font("Helvetica-Bold")
      .fillColor("#0f172a")
      .text(t(NO_CODE[refusal], { data: handedOver }), { width: 499 })
      .font("Helvetica");
  }
  doc.moveDown(1).fontSize(9).fillColor("#0f172a");

  const cols = [48, 300, 360, 420, 490];
  const header = [t("ticket_product"), t("ticket_code"), t("ticket_qty"), t("ticket_unit"), t("ticket_subtotal")];
  let y = doc.y;
  header.forEach((h, i) => doc.font("Helvetica-Bold").text(h, cols[i]!, y, { width: (cols[i + 1] ?? 547) - cols[i]! - 6 }));
  doc.font("Helvetica");
  y = doc.y + 6;
  for (const line of order.itens) {
    if (y > 740) {
      doc.addPage();
      y = 48;
    }
    const cells = [line.produto.nome, line.produto.codigo, String(line.qtde), money(line.valor_unitario), money(line.valor_subtotal)];
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: (cols[i + 1] ?? 547) - cols[i]! - 6 }));
    cells.forEach((c, i) => doc.text(c, cols[i]!, y, { width: (cols[i + 1] ?? 547) - cols[i]! - 6 }));
    y += Math.max(...heights) + 6;
  }
  doc.moveTo(48, y).lineTo(547, y).strokeColor("#cbd5e1").stroke();
  y += 10;
  const totals: [string, string][] = [
    [t("ticket_subtotal"), money(order.valor_produtos)],
    [t("ticket_shipping"), money(order.valor_frete)],
    [order.moeda_id === 3 ? `${t("ticket_total")} (${t("ticket_tax_included")})` : t("ticket_total"), money(order.valor_total)],
  ];
  for (const [label, value] of totals) {
    doc.font(label.startsWith(t("ticket_total")) ? "Helvetica-Bold" : "Helvetica").text(label, 360, y, { width: 120 });
    doc.text(value, 420, y, { width: 127, align: "right" });
    y += 16;
  }
  // The footer asks for the pickup code, so only a ticket that carries one has it.
  if (refusal === undefined)
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#475569")
      .text(t("ticket_footer"), 48, y + 24, { width: 499 });
  doc.end();
  return done;
}
