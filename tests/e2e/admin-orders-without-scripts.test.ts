import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { apiMessage } from "#contract/messages.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import counterEs from "#app/i18n/locales/es-PY/admin-counter.json" with { type: "json" };
import ordersPt from "#app/i18n/locales/pt-BR/admin-orders.json" with { type: "json" };
import refundsPt from "#app/i18n/locales/pt-BR/admin-refunds.json" with { type: "json" };
import { DESKTOP, logIn, PHONE } from "../support/admin-browser.ts";
import { launchBrowser, newLocalContext } from "../support/browser.ts";
import { e2eShop } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";

/**
 * The order screens with the page's scripts off (a slow phone at the counter, a browser that blocks them):
 * every form is a plain HTML post the server answers with the page, saying what was done or why not.
 */
const baseURL = storeURL();
const shop = e2eShop(baseURL);
const t = ordersPt.admin.orders;
const rt = refundsPt.admin.refunds;
const es = counterEs.admin.counter;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;
const counterMember = DEMO_STAFF.find((m) => m.papel === "counter")!;

let browser: Browser;
let product: ProductSummary;
beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  product = ((await res.json()) as { data: ProductSummary[] }).data.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 10)[3]!;
});
afterAll(async () => {
  await browser?.close();
});

/** A member of staff signed in at the machine itself, in a window whose scripts never run. */
async function signedInWithoutScripts(member: { email: string; password: string }, viewport = DESKTOP) {
  const context = await newLocalContext(browser, { baseURL, viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await logIn(page, member.email, member.password);
  await page.waitForURL((url) => url.pathname !== "/admin/login");
  // React never took the page over: what follows is HTML alone.
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  return { page, close: () => context.close() };
}

const statusText = (page: Page) => page.getByRole("status").first().textContent();
const alertText = (page: Page) => page.getByRole("main").getByRole("alert").first().textContent();
const fulfilment = (page: Page) => page.getByTestId("order-fulfilment-status").textContent();

describe("the order screens with the page's scripts off", () => {
  it("lets a manager note, ready, ship, cancel and refund orders with plain HTML posts", async () => {
    const customer = await shop.newCustomer("py");
    const line = [{ produto_id: product.id, qtde: 2 }];
    const pickup = await shop.placeOrder(customer.token, 2, line);
    const delivery = await shop.placeOrder(customer.token, 2, line, { delivery: true });
    const unpaid = await shop.placeOrder(customer.token, 2, line, { paid: false });
    const { page, close } = await signedInWithoutScripts(manager);
    try {
      // A note: a blank one is refused in words, a real one is on the timeline.
      await page.goto(`/admin/pedidos/${pickup.id}`);
      const note = page.getByRole("form", { name: t.note });
      await note.getByLabel(t.noteLabel).fill("   ");
      await note.getByRole("button", { name: t.addNote }).click();
      await page.waitForLoadState();
      expect(await note.getByRole("alert").textContent()).not.toBe("");
      expect(await page.getByTestId("order-timeline").textContent()).not.toContain("Cliente avisado");
      await note.getByLabel(t.noteLabel).fill("Cliente avisado por telefone");
      await note.getByRole("button", { name: t.addNote }).click();
      await page.waitForLoadState();
      expect(await note.getByRole("status").textContent()).toBe(apiMessage("pt-BR", "order_note_added"));
      expect(await page.getByTestId("order-timeline").textContent()).toContain("Cliente avisado por telefone");
      // The post was answered with a redirect: a reload reads the order again and adds no second note.
      await page.reload();
      await page.waitForLoadState();
      const timeline = (await page.getByTestId("order-timeline").textContent()) ?? "";
      expect(timeline.split("Cliente avisado por telefone")).toHaveLength(2);
      expect(await note.getByRole("status").count()).toBe(0);

      // The paid pickup order, ready; the same press from another window opened before is refused, saying why.
      const stale = await page.context().newPage();
      await stale.goto(`/admin/pedidos/${pickup.id}`);
      await page.getByRole("button", { name: t.moveTo.pronto_retirada }).click();
      await page.waitForLoadState();
      expect(await statusText(page)).toBe(apiMessage("pt-BR", "order_fulfilment_saved"));
      expect(await fulfilment(page)).toContain(t.fulfilments.pronto_retirada);
      await stale.getByRole("button", { name: t.moveTo.pronto_retirada }).click();
      await stale.waitForLoadState();
      expect(await alertText(stale)).toBe(apiMessage("pt-BR", "fulfilment_already"));
      await stale.close();

      // The paid delivery order, shipped with its carrier and tracking code.
      await page.goto(`/admin/pedidos/${delivery.id}`);
      const ship = page.getByRole("form", { name: t.shipTitle });
      await ship.getByLabel(t.carrier).fill("AEX Paraguay");
      await ship.getByLabel(t.tracking).fill("AEX-77001");
      await ship.getByRole("button", { name: t.moveTo.enviado }).click();
      await page.waitForLoadState();
      expect(await statusText(page)).toBe(apiMessage("pt-BR", "order_fulfilment_saved"));
      expect(await fulfilment(page)).toContain(t.fulfilments.enviado);
      expect(await page.getByTestId("order-timeline").textContent()).toContain("AEX-77001");

      // The unpaid order, cancelled.
      await page.goto(`/admin/pedidos/${unpaid.id}`);
      const cancel = page.getByRole("form", { name: t.cancelTitle });
      await cancel.getByLabel(t.cancelReason).fill("Cliente desistiu");
      await cancel.getByRole("button", { name: t.cancel }).click();
      await page.waitForLoadState();
      expect(await statusText(page)).toBe(apiMessage("pt-BR", "order_cancelled"));
      expect(await fulfilment(page)).toContain(t.fulfilments.cancelado);

      // A refund: one with nothing chosen is refused in words; one unit of the pickup order is refunded once.
      await page.goto(`/admin/pedidos/${pickup.id}/estorno`);
      await page.getByRole("button", { name: rt.submit, exact: true }).click();
      await page.waitForLoadState();
      expect(await alertText(page)).toContain(apiMessage("pt-BR", "refund_empty"));
      expect(await page.getByTestId("refund-row").count()).toBe(0);
      await page.getByLabel(rt.quantity.replace("{{name}}", product.nome)).fill("1");
      await page.getByLabel(rt.reason).selectOption("defeito");
      await page.getByRole("button", { name: rt.submit, exact: true }).click();
      await page.waitForLoadState();
      expect(await statusText(page)).toMatch(/^Estorno de .+ (feito pelo gateway|registrado como feito fora da loja)\.$/);
      expect(await page.getByTestId("refund-row").count()).toBe(1);
      const refunds = await page.request.get(`${baseURL}/api/admin/orders/${pickup.id}/refunds`);
      expect(((await refunds.json()) as { data: { estornos: unknown[] } }).data.estornos).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("lets counter staff find a pickup code and hand the order over with plain HTML posts", async () => {
    const customer = await shop.newCustomer("py");
    const order = await shop.placeOrder(customer.token, 2, [{ produto_id: product.id, qtde: 1 }]);
    const { page, close } = await signedInWithoutScripts(counterMember, PHONE);
    try {
      expect(new URL(page.url()).pathname).toBe("/admin/balcao");
      const find = async (code: string) => {
        await page.getByLabel(es.code, { exact: true }).fill(code);
        await page.getByRole("button", { name: es.find }).click();
        await page.waitForLoadState();
      };
      await find(order.codigo_retirada!);
      const card = page.getByTestId("counter-order");
      await card.getByRole("heading", { name: `Pedido #${order.pedido}` }).waitFor();
      await card.getByRole("button", { name: es.handover }).click();
      await page.waitForLoadState();
      expect(await page.getByTestId("counter-done").textContent()).toMatch(
        new RegExp(`^Pedido ${order.pedido} entregado por ${counterMember.nome} el \\d`),
      );
      // The same code again: refused in words, saying when and by whom.
      await find(order.codigo_retirada!);
      expect(await alertText(page)).toMatch(new RegExp(`^El pedido ${order.pedido} ya fue entregado el .+ por ${counterMember.nome}\\.$`));
      expect(await card.count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await close();
    }
  });
});
