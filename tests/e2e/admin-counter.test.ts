import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "#db/staff.ts";
import counterEs from "#app/i18n/locales/es-PY/admin-counter.json" with { type: "json" };
import adminEs from "#app/i18n/locales/es-PY/admin.json" with { type: "json" };
import { logIn, newAdminPage, PHONE, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { e2eShop } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";

const baseURL = storeURL();
const shop = e2eShop(baseURL);
const es = counterEs.admin.counter;
const counterMember = DEMO_STAFF.find((m) => m.papel === "counter")!;

let browser: Browser;
let buyer: { email: string; token: string };
let product: { id: number };
beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await shop.newCustomer("py");
  const list = await shop.json<{ data: { id: number }[] }>("/api/public/products?per_page=1&tem_estoque=1");
  product = list.data[0]!;
});
afterAll(async () => {
  await browser?.close();
});

/** A store-pickup order of the buyer through the API, approved on the sandbox gateway's page when `paid`. */
async function pickupOrder(paid: boolean): Promise<{ pedido: string; code: string }> {
  const auth = { authorization: `Bearer ${buyer.token}` };
  const cart = await shop.customerCart(buyer.token, 3, [{ produto_id: product.id, qtde: 1 }]);
  const me = await shop.json<{ enderecos: { cidade_id: number }[] }>("/ecom/me", { method: "POST", headers: auth });
  const quote = await shop.json<{ data: { token: string; valor: string; entrega_servico_id: number | null }[] }>(
    `/ecom/venda/carrinho/${cart.external_id}/calcular-frete`,
    {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ id: cart.id, external_id: cart.external_id, filial_id: 1, pais_id: 2, cidade_id: me.enderecos[0]!.cidade_id }),
    },
  );
  const pickup = quote.data.find((o) => o.entrega_servico_id === null)!;
  const started = await shop.json<{ link_pagamento: string[]; pedido: { pedido: string; codigo_retirada: string } }>(
    `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null }),
    },
  );
  if (paid) {
    const approved = await fetch(`${baseURL}${new URL(started.link_pagamento[0]!).pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
      redirect: "manual",
    });
    expect(approved.status).toBe(303);
  }
  return { pedido: started.pedido.pedido, code: started.pedido.codigo_retirada };
}

/** The counter member of the demo shop, signed in at the machine itself, on the counter screen. */
async function counterPage(viewport = PHONE, browserToUse = browser) {
  const window = await newAdminPage(browserToUse, baseURL, viewport, { local: true });
  await window.page.goto("/admin");
  await logIn(window.page, counterMember.email, counterMember.password);
  // Counter staff start at the counter, not on the home page.
  await window.page.waitForURL(/\/admin\/balcao$/);
  await window.page.getByRole("heading", { level: 1, name: es.title }).waitFor();
  return window;
}

describe("the pickup counter", () => {
  it("finds an order by its typed code, shows the buyer's document, hands it over once, and refuses an unpaid order", async () => {
    const paid = await pickupOrder(true);
    const unpaid = await pickupOrder(false);
    const { page, errors, close } = await counterPage();
    const nav = page.getByRole("navigation", { name: adminEs.admin.nav.label });
    await expect.poll(() => nav.getByRole("link", { name: es.nav }).count()).toBe(1);

    const field = page.getByLabel(es.code, { exact: true });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute("autocomplete")).toBe("off");
    // As a member types it off a phone: lower case, with a dash; Enter sends it, as a USB scanner does.
    await field.fill(`${paid.code.slice(0, 3).toLowerCase()}-${paid.code.slice(3)}`);
    await field.press("Enter");
    const card = page.getByTestId("counter-order");
    await card.getByRole("heading", { name: `Pedido #${paid.pedido}` }).waitFor();
    await expect.poll(() => card.getByTestId("counter-customer").textContent()).toBe("María Benítez");
    await expect.poll(() => card.getByTestId("counter-document").textContent()).toMatch(/^RUC \d{7}-\d$/);
    const front = card.getByRole("img", { name: `Documento del cliente, ${es.side.frente}` });
    await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    await expect.poll(() => card.getByRole("img", { name: `Documento del cliente, ${es.side.verso}` }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);

    await card.getByRole("button", { name: es.handover }).click();
    const done = page.getByTestId("counter-done");
    await expect.poll(() => done.textContent()).toMatch(new RegExp(`^Pedido ${paid.pedido} entregado por ${counterMember.nome} el \\d`));
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => field.inputValue()).toBe("");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

    // The same code again: refused, saying when and by whom.
    await field.fill(paid.code);
    await page.getByRole("button", { name: es.find }).click();
    const refusal = page.getByRole("main").getByRole("alert");
    await expect
      .poll(() => refusal.textContent())
      .toMatch(new RegExp(`^El pedido ${paid.pedido} ya fue entregado el .+ por ${counterMember.nome}\\.$`));
    expect(await card.count()).toBe(0);
    // The field keeps the focus with the code selected: the next scan replaces it.
    await expect
      .poll(() => field.evaluate((el: HTMLInputElement) => el === document.activeElement && el.selectionEnd! - el.selectionStart!))
      .toBe(paid.code.length);

    // An order not paid yet, typed over the selection as a scanner would.
    await page.keyboard.type(unpaid.code);
    await expect.poll(() => field.inputValue()).toBe(unpaid.code);
    await page.keyboard.press("Enter");
    await expect.poll(() => refusal.textContent()).toBe(`El pedido ${unpaid.pedido} todavía no fue pagado: no entregue la mercadería.`);
    expect(await card.count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("reads the ticket's QR code with the tablet's camera", async () => {
    const paid = await pickupOrder(true);
    // Chromium's fake camera shows this picture: the pickup code's QR, grey on the Y plane of a 4:2:0 frame.
    const [width, height] = [640, 480];
    const qr = await sharp(await QRCode.toBuffer(paid.code, { type: "png", margin: 4, scale: 10 }))
      .resize({ width: 400, height: 400, kernel: "nearest" })
      .extend({ top: 40, bottom: 40, left: 120, right: 120, background: "#ffffff" })
      .grayscale()
      .raw()
      .toBuffer();
    const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
    const video = path.join(tmpdir(), `counter-qr-${process.pid}.y4m`);
    await writeFile(video, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`), qr, chroma]));
    const camera = await launchBrowser([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { page, errors, close } = await counterPage(TABLET, camera);
      await page.getByRole("button", { name: es.camera }).click();
      const card = page.getByTestId("counter-order");
      await card.getByRole("heading", { name: `Pedido #${paid.pedido}` }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByLabel(es.code, { exact: true }).inputValue()).toBe(paid.code);
      expect(errors).toEqual([]);
      await close();
    } finally {
      await camera.close();
    }
  });
});
