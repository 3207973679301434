import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RefundableOrder } from "#contract/api/admin/refunds.ts";
import type { Order } from "#contract/api/cart.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { formatPrice } from "#contract/money.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import ordersTexts from "#app/i18n/locales/pt-BR/admin-orders.json" with { type: "json" };
import recordsTexts from "#app/i18n/locales/pt-BR/admin-records.json" with { type: "json" };
import refundTexts from "#app/i18n/locales/pt-BR/admin-refunds.json" with { type: "json" };
import cartEs from "#app/i18n/locales/es-PY/cart.json" with { type: "json" };
import { logIn, newAdminPage } from "../support/admin-browser.ts";
import { startBancardDouble, type BancardDouble } from "../support/bancard-double.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, e2eShop } from "../support/e2e-shop.ts";
import { freePort } from "../support/free-port.ts";
import { httpNotify } from "../support/gateway-double.ts";
import { startStore } from "../support/store-process.ts";

/**
 * Refunds on Bancard, a gateway that cannot be asked how a refund went (decision 037): a rollback whose
 * answer never came is settled by hand from the order page; and a payment Bancard approved after the
 * manager had cancelled the order is flagged there, refunded through its link, and told to the buyer.
 */
const KEYS = { publicKey: "pub-bancard", privateKey: "priv-bancard" };
const pt = refundTexts.admin.refunds;
const orderPt = ordersTexts.admin.orders;
const es = cartEs.cart;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
let bancard: BancardDouble;
let store: { url: string; close(): Promise<void> };
let product: ProductSummary;
beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  bancard = await startBancardDouble({ ...KEYS, notify: httpNotify(`${url}/ecom/pagamentos/webhook/bancard`) });
  store = await startStore({
    port,
    buildDir: inject("buildDir"),
    env: {
      PUBLIC_URL: url,
      SEED_PRODUCTS: "60",
      PAYMENT_PROVIDERS: "bancard",
      BANCARD_PUBLIC_KEY: KEYS.publicKey,
      BANCARD_PRIVATE_KEY: KEYS.privateKey,
      BANCARD_URL: bancard.url,
      // A rollback whose answer takes longer is one the store cannot tell the outcome of.
      PAYMENT_TIMEOUT_SECONDS: "2",
    },
  });
  const res = await fetch(`${store.url}/api/public/products?per_page=50&moeda_id=3`);
  product = ((await res.json()) as { data: ProductSummary[] }).data.find((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 10)!;
});
afterAll(async () => {
  await store?.close();
  await bancard?.close();
  await browser?.close();
});

/** A Paraguayan's pickup order of `qtde` units, sent to Bancard's page and not paid yet: its Bancard process. */
async function bancardOrder(qtde: number) {
  const shop = e2eShop(store.url);
  const customer = await shop.newCustomer("py");
  const auth = { authorization: `Bearer ${customer.token}` };
  const cart = await shop.customerCart(customer.token, 3, [{ produto_id: product.id, qtde }]);
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
  const placed = await shop.json<{ link_pagamento: string[]; pedido: Order }>(`/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({ token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null }),
  });
  const processId = new URL(placed.link_pagamento[0]!).searchParams.get("process_id");
  const process = [...bancard.processes.values()].find((p) => p.processId === processId)!;
  /** Bancard approves the payment and posts its signed confirmation to the store, as its portal is set up to. */
  const approve = async () => {
    const { delivered } = await bancard.pay(process.shopProcessId, true);
    expect(delivered?.status).toBe(200);
  };
  return { ...customer, cart, order: placed.pedido, process, approve };
}

/** A manager's window on the back office, signed in. */
async function managerPage() {
  const admin = await newAdminPage(browser, store.url, DESKTOP, { local: true });
  await admin.page.goto("/admin/login");
  await logIn(admin.page, manager.email, manager.password);
  await admin.page.waitForURL(/\/admin$/);
  return admin;
}

const message = (page: Page) => page.getByRole("status").or(page.getByRole("alert")).first();
const mailsTo = async (email: string) => {
  const { data } = (await (await fetch(`${store.url}/dev/mail.json`)).json()) as { data: { para: string; assunto: string; texto: string }[] };
  return data.filter((m) => m.para === email);
};

describe("a Bancard refund whose answer never came", () => {
  it("waits on the order page, holding stock and e-mail, until a manager settles it by hand with a note", async () => {
    const { email, order, process, approve } = await bancardOrder(2);
    await approve();
    const { page, errors, close } = await managerPage();
    try {
      const stock = async () => {
        const res = await page.request.get(`${store.url}/api/admin/products/${product.id}`);
        return ((await res.json()) as { data: { qtde_disponivel: number } }).data.qtde_disponivel;
      };
      const refunds = async () => {
        const res = await page.request.get(`${store.url}/api/admin/orders/${order.id}/refunds`);
        return ((await res.json()) as { data: RefundableOrder }).data;
      };
      const before = await stock();
      const amount = formatPrice(order.valor_total, 3);

      // Bancard rolls the payment back, but its answer comes after the store stopped waiting.
      bancard.late(4_000, /rollback/);
      await page.goto(`/admin/pedidos/${order.id}/estorno`);
      await page.getByRole("heading", { name: pt.title.replace("{{number}}", order.pedido) }).waitFor();
      await page.getByTestId("refund-line").first().getByRole("spinbutton").fill("2");
      await page.getByLabel(pt.reason).selectOption("defeito");
      await expect.poll(() => page.getByLabel(pt.restock).isChecked()).toBe(true);
      await page.getByRole("button", { name: pt.submit }).click();
      await expect
        .poll(() => message(page).textContent(), { timeout: 15_000 })
        .toBe(
          `O gateway ainda não confirmou o estorno de ${amount}: ele fica pendente, sem mexer no estoque, até ser confirmado. Confira de novo no pedido.`,
        );
      bancard.late(0);
      expect(bancard.processes.get(process.shopProcessId)!.status).toBe("rolled_back");

      // Before: the refund waits on the order page; no stock back, no e-mail, the order still paid.
      await page.goto(`/admin/pedidos/${order.id}`);
      const pending = page.getByTestId("pending-refund");
      await expect.poll(() => pending.count()).toBe(1);
      expect(await pending.textContent()).toContain(pt.pending.line.replace("{{value}}", amount));
      expect(await pending.textContent()).toContain(pt.pending.explain);
      expect(await stock()).toBe(before);
      expect((await refunds()).status).toBe("PAGO");
      expect((await mailsTo(email)).filter((m) => m.assunto.startsWith(`Reembolso del pedido ${order.pedido}`))).toEqual([]);
      await expectNoSeriousAxeViolations(page);

      // Bancard cannot be asked: the manager reads its portal and settles the refund by hand.
      await pending.getByRole("button", { name: pt.pending.check }).click();
      await expect
        .poll(() => message(page).textContent())
        .toBe("Este gateway não informa o andamento de estornos: confira no portal do gateway e marque o estorno como feito ou não feito.");
      const byHand = page.getByRole("form", { name: pt.pending.byHand });
      await byHand.getByLabel(pt.pending.outcome).selectOption({ label: pt.pending.made });
      await byHand.getByLabel(pt.pending.note).fill("Rollback visto no portal da Bancard");
      await byHand.getByRole("button", { name: pt.pending.settle }).click();
      await expect.poll(() => message(page).textContent()).toBe(`Estorno de ${amount} marcado como feito pelo gateway.`);

      // After: applied once; the units back in stock, the order refunded whole, the timeline's line, the buyer's e-mail.
      await expect.poll(() => pending.count()).toBe(0);
      expect(await stock()).toBe(before + 2);
      const form = await refunds();
      expect(form.status).toBe("ESTORNADO");
      expect(form.estornos).toHaveLength(1);
      expect(form.estornos[0]).toMatchObject({
        status: "feito",
        resposta: "manual: Rollback visto no portal da Bancard",
        estoque_devolvido: [{ qtde: 2 }],
      });
      const lines = page.getByTestId("timeline-line");
      await expect
        .poll(async () => (await lines.allTextContents()).filter((l) => l.startsWith(recordsTexts.admin.records.timeline.estorno)).length)
        .toBe(2);
      expect((await lines.allTextContents()).filter((l) => l.startsWith(recordsTexts.admin.records.timeline.estorno)).at(-1)).toContain(
        pt.statuses.feito,
      );
      await expect
        .poll(async () => (await mailsTo(email)).filter((m) => m.assunto.startsWith(`Reembolso del pedido ${order.pedido}`)).map((m) => m.texto))
        .toEqual([expect.stringContaining(amount)]);

      // A reload reads the page again and settles nothing twice.
      await page.reload();
      await page.getByTestId("order-timeline").waitFor();
      expect(await stock()).toBe(before + 2);
      expect((await refunds()).estornos).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("a Bancard payment approved after the manager cancelled the order", () => {
  it("is flagged on the order page with its refund link; the buyer sees the order cancelled and the money coming back, then the refund", async () => {
    const { token, cart, order, process, approve } = await bancardOrder(1);
    const shop = e2eShop(store.url);
    const buyer = await shop.signedInPage(browser, MOBILE, token, "es-PY", cart);
    const { page, errors, close } = await managerPage();
    try {
      // The buyer waits on the payment page while paying at Bancard.
      await buyer.page.goto(`/checkout/payment?pedido=${order.external_id}`);
      await buyer.page.getByTestId("payment-waiting").waitFor();

      await page.goto(`/admin/pedidos/${order.id}`);
      const cancel = page.getByRole("form", { name: orderPt.cancelTitle });
      await cancel.getByLabel(orderPt.cancelReason).fill("Cliente pediu por telefone");
      await cancel.getByRole("button", { name: orderPt.cancel }).click();
      await expect.poll(() => cancel.count()).toBe(0);

      // Bancard's confirmation arrives after the cancellation.
      await approve();

      // The buyer: no congratulations; the order cancelled, the payment to be given back.
      const cancelled = buyer.page.getByTestId("payment-cancelled");
      await cancelled.waitFor({ timeout: 20_000 });
      expect(await cancelled.textContent()).toContain(es.orders.paidAfterCancel);
      expect(await buyer.page.getByTestId("payment-success").count()).toBe(0);
      await buyer.page.goto(`/pedido/${order.external_id}`);
      await expect.poll(() => buyer.page.getByTestId("order-status").textContent()).toBe(es.orders.statuses.CANCELADO);
      expect(await buyer.page.getByTestId("payment-status").textContent()).toBe(es.orders.paymentToRefund);
      expect(await buyer.page.getByTestId("order-refund-due").textContent()).toBe(es.orders.paidAfterCancel);
      expect(await buyer.page.getByTestId("order-refunds").count()).toBe(0);
      await expectNoSeriousAxeViolations(buyer.page);
      await buyer.page.goto("/perfil/meus-pedidos");
      const row = buyer.page.getByRole("link", { name: new RegExp(`${es.orders.number} ${order.pedido}`) });
      await expect.poll(() => row.textContent()).toContain(es.orders.paidAfterCancel);
      expect(await row.textContent()).toContain(es.orders.statuses.CANCELADO);

      // The manager: the notice with its refund link, followed; the whole order refunded through Bancard.
      await page.reload();
      const notice = page.getByTestId("paid-after-cancel");
      await expect.poll(() => notice.textContent()).toContain(pt.pending.paidAfterCancel);
      await notice.getByRole("link", { name: orderPt.refundLink }).click();
      await page.getByRole("heading", { name: pt.title.replace("{{number}}", order.pedido) }).waitFor();
      await page.getByTestId("refund-line").first().getByRole("spinbutton").fill("1");
      await page.getByLabel(pt.reason).selectOption("outro");
      await page.getByRole("button", { name: pt.submit }).click();
      const amount = formatPrice(order.valor_total, 3);
      await expect.poll(() => message(page).textContent(), { timeout: 15_000 }).toBe(`Estorno de ${amount} feito pelo gateway.`);
      expect(bancard.processes.get(process.shopProcessId)!.status).toBe("rolled_back");
      await page.goto(`/admin/pedidos/${order.id}`);
      await page.getByTestId("order-timeline").waitFor();
      expect(await page.getByTestId("paid-after-cancel").count()).toBe(0);

      // The buyer again: refunded, the refund listed, the line gone.
      await buyer.page.goto(`/pedido/${order.external_id}`);
      await expect.poll(() => buyer.page.getByTestId("order-status").textContent()).toBe(es.orders.statuses.ESTORNADO);
      expect(await buyer.page.getByTestId("order-refunds").textContent()).toContain(amount);
      expect(await buyer.page.getByTestId("order-refund-due").count()).toBe(0);
      expect([...errors, ...buyer.errors]).toEqual([]);
    } finally {
      await buyer.close();
      await close();
    }
  });
});
