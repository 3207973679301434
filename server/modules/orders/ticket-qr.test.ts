import { inflateSync } from "node:zlib";
import { sql } from "drizzle-orm";
import jsQR from "jsqr";
import type { Locale } from "#contract/locale.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../tests/support/customers.ts";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { pickProducts, placeOrder, shopper } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Paeth's predictor of the PNG row filters. */
function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * The images a PDF holds, read as a PDF reader would: each image XObject's dictionary and stream, inflated,
 * and its PNG row filters undone (FlateDecode with /Predictor 15), as grey-scale pixels.
 */
function pdfImages(pdf: Buffer): { width: number; height: number; gray: Uint8Array }[] {
  const text = pdf.toString("latin1");
  const images: { width: number; height: number; gray: Uint8Array }[] = [];
  for (const match of text.matchAll(/\/Subtype \/Image/g)) {
    const start = text.lastIndexOf(" obj", match.index);
    const streamAt = text.indexOf("stream\n", match.index);
    let dict = text.slice(start, streamAt);
    // pdfkit writes the decoding parameters as an object of their own.
    const parms = /\/DecodeParms (\d+) 0 R/.exec(dict);
    if (parms) dict += text.slice(text.indexOf(`\n${parms[1]} 0 obj`), text.indexOf("endobj", text.indexOf(`\n${parms[1]} 0 obj`)));
    const num = (name: string) => Number(new RegExp(`/${name} (\\d+)`).exec(dict)?.[1]);
    const [width, height, length, colors] = [num("Width"), num("Height"), num("Length"), num("Colors") || 1];
    expect(dict).toContain("/ColorSpace /DeviceGray");
    const raw = inflateSync(pdf.subarray(streamAt + "stream\n".length, streamAt + "stream\n".length + length));
    const gray = new Uint8Array(width * height);
    const stride = width * colors;
    if (/\/Predictor 1[0-5]/.test(dict)) {
      let previous = new Uint8Array(stride);
      for (let y = 0; y < height; y++) {
        const filter = raw[y * (stride + 1)]!;
        const row = new Uint8Array(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
        for (let x = 0; x < stride; x++) {
          const a = x >= colors ? row[x - colors]! : 0;
          const b = previous[x]!;
          const c = x >= colors ? previous[x - colors]! : 0;
          const add = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
          row[x] = (row[x]! + add) & 0xff;
        }
        gray.set(row, y * width);
        previous = row;
      }
    } else gray.set(raw.subarray(0, width * height));
    images.push({ width, height, gray });
  }
  return images;
}

/** jsQR, the counter screen's reader, on an image's pixels. */
function readQr({ width, height, gray }: { width: number; height: number; gray: Uint8Array }): string | undefined {
  const rgba = new Uint8ClampedArray(width * height * 4);
  gray.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  return jsQR(rgba, width, height)?.data;
}

/** A store-pickup order of a new Paraguayan buyer, paid on the sandbox gateway's page when `paid`. */
async function pickupOrder({ paid }: { paid: boolean }) {
  const [p] = await pickProducts(t.database.db, 1);
  const buyer = await shopper(t.app, t.database.db, "py");
  const placed = await placeOrder(t.app, buyer.token, [{ produto_id: p!.id, qtde: 1 }]);
  if (paid) {
    const res = await call(t.app, "POST", placed.path, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    expect(res.status).toBe(303);
  }
  const ticket = async (lang = "pt-BR") => {
    const res = await call(t.app, "GET", `/ecom/venda/pedidos/${placed.order.external_id}/ticket.pdf?lang=${lang}`, { token: buyer.token });
    expect(res.status).toBe(200);
    return { images: pdfImages(res.raw), text: pdfText(res.raw).join(" ").replace(/\s+/g, " ") };
  };
  const set = (change: ReturnType<typeof sql>) => t.database.db.execute(sql`UPDATE pedidos SET ${change} WHERE pedido = ${placed.order.pedido}`);
  return { order: placed.order, ticket, set };
}

describe("the ticket's QR code", () => {
  it("is an image in the PDF of a paid pickup order that the counter's reader decodes to the order's pickup code", async () => {
    const { order, ticket } = await pickupOrder({ paid: true });
    const { images, text } = await ticket();
    expect(images).toHaveLength(1);
    expect(order.codigo_retirada).toMatch(/^[A-Z2-9]{6}$/);
    expect(readQr(images[0]!)).toBe(order.codigo_retirada);
    expect(text).toContain(`Código de retirada: ${order.codigo_retirada}`);
    expect(text).toContain("Situação: Pago");
    // es-AR reads the code's hint and the footer in voseo.
    const ar = (await ticket("es-AR")).text;
    expect(ar).toContain("Estado: Pagado");
    expect(ar).toContain("Mostrá este código en el mostrador del local para retirar el pedido.");
    expect(ar).toContain("Presentá el código de retiro y un documento con foto al retirar tus productos.");
  });

  it("is still there once the order is ready at the counter", async () => {
    const { order, ticket, set } = await pickupOrder({ paid: true });
    await set(sql`status_entrega = 'pronto_retirada'`);
    const { images } = await ticket();
    expect(images.map(readQr)).toEqual([order.codigo_retirada]);
  });
});

describe("a ticket the counter would not hand the goods over for", () => {
  /** Neither the QR nor the written code, and the line that says why, in each locale. */
  async function expectNoCode(o: Awaited<ReturnType<typeof pickupOrder>>, why: Partial<Record<Locale, string>>) {
    for (const [lang, line] of Object.entries(why)) {
      const { images, text } = await o.ticket(lang);
      expect(images, lang).toEqual([]);
      expect(text, lang).not.toContain(o.order.codigo_retirada);
      expect(text, lang).toContain(line);
    }
  }

  it("of an order still waiting for its payment carries no code and says it waits for the payment", async () => {
    const o = await pickupOrder({ paid: false });
    await expectNoCode(o, {
      "pt-BR": "Sem código de retirada: este pedido ainda aguarda o pagamento. Baixe o comprovante de novo depois que o pagamento for confirmado.",
      "es-PY": "Sin código de retiro: este pedido todavía espera el pago. Descargue de nuevo el comprobante cuando se confirme el pago.",
      "es-AR": "Sin código de retiro: este pedido todavía espera el pago. Descargá de nuevo el comprobante cuando se confirme el pago.",
    });
  });

  it("of a cancelled order carries no code and says it was cancelled", async () => {
    const o = await pickupOrder({ paid: false });
    await o.set(sql`status = 'CANCELADO', status_entrega = 'cancelado'`);
    await expectNoCode(o, {
      "pt-BR": "Sem código de retirada: este pedido foi cancelado.",
      "es-PY": "Sin código de retiro: este pedido fue cancelado.",
      "es-AR": "Sin código de retiro: este pedido fue cancelado.",
    });
  });

  it("of a paid order the shop cancelled carries no code either", async () => {
    const o = await pickupOrder({ paid: true });
    await o.set(sql`status_entrega = 'cancelado'`);
    await expectNoCode(o, {
      "pt-BR": "Sem código de retirada: este pedido foi cancelado.",
      "es-PY": "Sin código de retiro: este pedido fue cancelado.",
    });
  });

  it("of a wholly refunded order carries no code and says it was refunded", async () => {
    const o = await pickupOrder({ paid: true });
    await o.set(sql`status = 'ESTORNADO'`);
    await expectNoCode(o, {
      "pt-BR": "Sem código de retirada: este pedido foi estornado.",
      "es-PY": "Sin código de retiro: este pedido fue reembolsado.",
      "es-AR": "Sin código de retiro: este pedido fue reembolsado.",
    });
  });

  it("of an order already handed over carries no code and says when it was picked up", async () => {
    const o = await pickupOrder({ paid: true });
    await o.set(sql`status_entrega = 'retirado', status_entrega_em = '2026-03-02T15:30:00Z'`);
    await expectNoCode(o, {
      "pt-BR": "Sem código de retirada: este pedido já foi retirado em 2 de março de 2026.",
      "es-PY": "Sin código de retiro: este pedido ya fue retirado el 2 de marzo de 2026.",
      "es-AR": "Sin código de retiro: este pedido ya fue retirado el 2 de marzo de 2026.",
    });
  });
});
