import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import cartEs from "../../app/i18n/locales/es-PY/cart.json" with { type: "json" };
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { startBancardDouble } from "../support/bancard-double.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, e2eShop } from "../support/e2e-shop.ts";
import { freePort } from "../support/free-port.ts";
import { httpNotify } from "../support/gateway-double.ts";
import { startMercadoPagoDouble } from "../support/mercadopago-double.ts";
import { startPagoparDouble } from "../support/pagopar-double.ts";
import { startStore } from "../support/store-process.ts";

/**
 * A shopper pays through each real gateway's protocol, end to end in the browser: the store runs with
 * PAYMENT_PROVIDERS set and each *_URL pointing at a local double that follows the gateway's documented
 * protocol (tokens, signatures, hosted page, notification). Paraguayans are offered Bancard's and
 * Pagopar's ways; a Brazilian, with only those on, reads that there is none for the region; with
 * Mercado Pago on, a Brazilian pays with PIX.
 */

const KEYS = { bancardPublic: "pub-bancard", bancardPrivate: "priv-bancard", pagoparPublic: "pub-pagopar", pagoparPrivate: "priv-pagopar" };
const MP = { accessToken: "TEST-access-token", webhookSecret: "mp-webhook-secret" };

let browser: Browser;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await browser?.close();
});

/** A new customer of `kind` with one product in the cart, signed in on a page of `store`. */
async function shopperPage(store: string, kind: "br" | "py", viewport: { width: number; height: number }) {
  const moedaId = kind === "py" ? 3 : 2;
  const res = await fetch(`${store}/api/public/products?per_page=50&moeda_id=${moedaId}`);
  const product = ((await res.json()) as { data: ProductSummary[] }).data.find((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 5)!;
  const shop = e2eShop(store);
  const { token } = await shop.newCustomer(kind);
  const cart = await shop.customerCart(token, moedaId, [{ produto_id: product.id, qtde: 1 }]);
  return { token, ...(await shop.signedInPage(browser, viewport, token, kind === "py" ? "es-PY" : "pt-BR", cart)) };
}

/** The store on `port` with the gateways `env` switches on, its demo data small, stopped after the tests. */
async function gatewayStore(port: number, env: Record<string, string>) {
  const store = await startStore({
    port,
    buildDir: inject("buildDir"),
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_PRODUCTS: "60", ...env },
  });
  closers.push(() => store.close());
  return store;
}

/** From the checkout's first step to the gateway's page, paying with the way named `method`. */
async function payWith(page: Page, t: typeof cartPt.cart, method: RegExp) {
  await page.goto("/checkout", { waitUntil: "networkidle" });
  const shipping = page.getByTestId("shipping-section");
  await shipping.getByRole("group", { name: t.shipping.options }).getByRole("radio").first().waitFor();
  await page.getByRole("button", { name: t.checkout.continue }).first().click();
  const choice = page.getByRole("radio", { name: method });
  await choice.waitFor();
  await choice.check();
  await expectNoSeriousAxeViolations(page);
  await page
    .getByRole("button", { name: new RegExp(`^(${t.checkout.goToPayment}|${t.checkout.finish})$`) })
    .first()
    .click();
}

/** On a double's hosted page: pays, and the gateway sends the buyer back to the store's payment page. */
async function approveOnGateway(page: Page, store: string, gateway: RegExp) {
  await page.waitForURL((url) => !url.href.startsWith(store));
  await page.getByRole("heading", { name: gateway }).waitFor();
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.href.startsWith(`${store}/checkout/payment`));
  await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });
}

describe("Paraguayan gateways (Bancard, Pagopar)", () => {
  let store: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const bancard = await startBancardDouble({
      publicKey: KEYS.bancardPublic,
      privateKey: KEYS.bancardPrivate,
      notify: httpNotify(`${url}/ecom/pagamentos/webhook/bancard`),
    });
    closers.push(() => bancard.close());
    const pagopar = await startPagoparDouble({
      publicKey: KEYS.pagoparPublic,
      privateKey: KEYS.pagoparPrivate,
      notify: httpNotify(`${url}/ecom/pagamentos/webhook/pagopar`),
      returnUrl: `${url}/pagamento/retorno/pagopar/($hash)`,
    });
    closers.push(() => pagopar.close());
    store = await gatewayStore(port, {
      PAYMENT_PROVIDERS: "bancard,pagopar",
      BANCARD_PUBLIC_KEY: KEYS.bancardPublic,
      BANCARD_PRIVATE_KEY: KEYS.bancardPrivate,
      BANCARD_URL: bancard.url,
      PAGOPAR_PUBLIC_KEY: KEYS.pagoparPublic,
      PAGOPAR_PRIVATE_KEY: KEYS.pagoparPrivate,
      PAGOPAR_URL: pagopar.url,
    });
  });

  it.each([
    ["Bancard, by card", DESKTOP, new RegExp(`${cartEs.cart.checkout.methods.cartao}.*Bancard`), /Bancard/],
    ["Pagopar, by QR", MOBILE, new RegExp(cartEs.cart.checkout.methods.qr), /Pagopar/],
  ] as const)("a Paraguayan pays through %s and the order is paid", async (_label, viewport, method, gateway) => {
    const { token, page, errors, close } = await shopperPage(store.url, "py", viewport);
    try {
      await payWith(page, cartEs.cart, method);
      await approveOnGateway(page, store.url, gateway);
      const pedido = new URL(page.url()).searchParams.get("pedido")!;
      const order = await fetch(`${store.url}/ecom/venda/pedidos/${pedido}`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await order.json()) as { data: { status: string } }).data.status).toBe("PAGO");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a Paraguayan declined by Bancard pays again from the order page, through a new Bancard process", async () => {
    const t = cartEs.cart;
    const { page, errors, close } = await shopperPage(store.url, "py", MOBILE);
    try {
      await payWith(page, t, new RegExp(`${t.checkout.methods.cartao}.*Bancard`));
      await page.waitForURL((url) => !url.href.startsWith(store.url));
      const declined = page.url();
      await page.getByRole("button", { name: "Decline" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${store.url}/checkout/payment`));
      await page.getByTestId("payment-error").waitFor({ timeout: 20_000 });
      const pedido = new URL(page.url()).searchParams.get("pedido")!;

      await page.goto(`/pedido/${pedido}`, { waitUntil: "networkidle" });
      await page.getByRole("link", { name: t.orders.payNow }).click();
      await page.waitForURL((url) => !url.href.startsWith(store.url));
      expect(page.url()).not.toBe(declined);
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL((url) => url.href.startsWith(`${store.url}/checkout/payment`));
      await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("tells a Brazilian that no way to pay serves the region, and 'go to payment' stays off", async () => {
    const { page, errors, close } = await shopperPage(store.url, "br", DESKTOP);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      await page.getByTestId("shipping-section").getByTestId("pickup-place").waitFor();
      await page.getByRole("button", { name: cartPt.cart.checkout.continue }).first().click();
      await page.getByTestId("no-payment-method").getByText(cartPt.cart.checkout.noPaymentMethod).waitFor();
      expect(await page.getByRole("button", { name: cartPt.cart.checkout.goToPayment }).first().isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("Mercado Pago for Brazilian buyers", () => {
  let store: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const mercadopago = await startMercadoPagoDouble({ ...MP, notify: httpNotify(`${url}/ecom/pagamentos/webhook/mercadopago`) });
    closers.push(() => mercadopago.close());
    store = await gatewayStore(port, {
      PAYMENT_PROVIDERS: "mercadopago",
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
      MERCADOPAGO_URL: mercadopago.url,
    });
  });

  it("a Brazilian sees cards in up to 10 installments, PIX and boleto, and pays with PIX", async () => {
    const t = cartPt.cart;
    const { page, errors, close } = await shopperPage(store.url, "br", MOBILE);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      await page.getByTestId("shipping-section").getByTestId("pickup-place").waitFor();
      await page.getByRole("button", { name: t.checkout.continue }).first().click();
      await page.getByRole("radio", { name: new RegExp(t.checkout.installments.replace("{{n}}", "10")) }).waitFor();
      for (const method of [t.checkout.methods.pix, t.checkout.methods.boleto]) await page.getByRole("radio", { name: new RegExp(method) }).waitFor();
      await page.getByRole("radio", { name: new RegExp(t.checkout.methods.pix) }).check();
      await page
        .getByRole("button", { name: new RegExp(`^(${t.checkout.goToPayment}|${t.checkout.finish})$`) })
        .first()
        .click();
      await approveOnGateway(page, store.url, /Mercado Pago/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
