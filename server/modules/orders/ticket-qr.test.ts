import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../tests/support/customers.ts";
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

describe("the ticket's QR code", () => {
  it("is an image in the PDF that the counter's reader decodes to the order's pickup code", async () => {
    const [p] = await pickProducts(t.database.db, 1);
    const buyer = await shopper(t.app, t.database.db, "py");
    const { order } = await placeOrder(t.app, buyer.token, [{ produto_id: p!.id, qtde: 1 }]);
    const res = await call(t.app, "GET", `/ecom/venda/pedidos/${order.external_id}/ticket.pdf`, { token: buyer.token });
    expect(res.status).toBe(200);
    const images = pdfImages(res.raw);
    expect(images).toHaveLength(1);
    expect(order.codigo_retirada).toMatch(/^[A-Z2-9]{6}$/);
    expect(readQr(images[0]!)).toBe(order.codigo_retirada);
  });
});
