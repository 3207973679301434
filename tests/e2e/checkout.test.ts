import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { LoginResponse } from "#contract/api/accounts.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { rucCheckDigit } from "#contract/documents.ts";
import cartEs from "../../app/i18n/locales/es-PY/cart.json" with { type: "json" };
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { png } from "../support/fixtures.ts";

const baseURL = inject("baseURL");
const PASSWORD = "Ferramenta#2024";
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  products = ((await res.json()) as { data: ProductSummary[] }).data.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 10);
});
afterAll(async () => {
  await browser?.close();
});

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, init);
  const body = await res.text();
  expect(res.status, `${path}: ${body.slice(0, 300)}`).toBeLessThan(300);
  return JSON.parse(body) as T;
}

/** Registers a customer through the API (the multipart call the registration form makes) and logs in. */
async function newCustomer(kind: "br" | "py"): Promise<string> {
  const email = `checkout-${kind}-${randomUUID().slice(0, 8)}@example.com`;
  const common = { email, email_confirmation: email, password: PASSWORD, password_confirmation: PASSWORD };
  let fields: Record<string, string>;
  if (kind === "br") {
    const city = await json<{ id: number; estado: { id: number } }>("/ecom/endereco/cidade-por-codigo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pais_id: 1, codigo: "3550308" }),
    });
    fields = {
      ...common,
      nome: "João",
      sobrenome: "da Silva",
      estrangeiro: "1",
      telefone: "+55 (11) 98765-4321",
      cep: "01310-100",
      logradouro: "Avenida Paulista",
      numero: "1578",
      bairro: "Bela Vista",
      documento_tipo: "CPF",
      documento: "529.982.247-25",
      identidade: "12.345.678-9",
      identidade_complemento: "SSP/SP",
      pais_id: "1",
      pais: "Brasil",
      estado_id: String(city.estado.id),
      cidade_id: String(city.id),
    };
  } else {
    const states = await json<{ data: { id: number; nome: string }[] }>("/ecom/endereco/estados?pais_id=2");
    const alto = states.data.find((s) => s.nome.includes("Alto Paran"))!;
    const cities = await json<{ data: { id: number; nome: string }[] }>(`/ecom/endereco/estados/${alto.id}/cidades`);
    const base = String(5_000_000 + Math.floor(Math.random() * 900_000));
    fields = {
      ...common,
      nome: "María",
      sobrenome: "Benítez",
      estrangeiro: "0",
      telefone: "+595 983 123 456",
      logradouro: "Avenida San Blas",
      numero: "1234",
      bairro: "Área 1",
      documento_tipo: "RUC",
      documento: `${base}-${rucCheckDigit(base)}`,
      identidade: base,
      pais_id: "2",
      pais: "Paraguai",
      estado_id: String(alto.id),
      cidade_id: String(cities.data.find((c) => c.nome.includes("Ciudad del Este"))!.id),
    };
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("frente", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "frente.png");
  form.set("verso", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "verso.png");
  const reg = await fetch(`${baseURL}/ecom/cliente/cadastrar`, { method: "POST", body: form });
  expect(reg.status, await reg.clone().text()).toBe(200);
  const login = await json<LoginResponse>("/ecom/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return login.token;
}

/** The customer's cart made through the API with their token; the browser adopts it as its saved cart. */
async function customerCart(token: string, moedaId: number, lines: { produto_id: number; qtde: number }[]) {
  const external_id = randomUUID();
  const saved = await json<{ data: { id: number; external_id: string } }>("/ecom/venda/carrinho", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ external_id, filial_id: "1", moeda_id: String(moedaId), itens: lines.map((l) => ({ ...l, armazem_id: 1 })) }),
  });
  return saved.data;
}

async function loggedInPage(viewport: { width: number; height: number }, token: string, lang: string, externalId: { id: number; external_id: string }) {
  const context: BrowserContext = await browser.newContext({ viewport, baseURL });
  // The gateway sends the buyer back to the configured public origin, which may name the host differently.
  const origins = [baseURL, baseURL.replace("127.0.0.1", "localhost")];
  await context.addCookies(
    origins.flatMap((url) => [
      { name: "sid", value: token, url, httpOnly: true, sameSite: "Lax" as const },
      { name: "lang", value: lang, url },
    ]),
  );
  await context.addInitScript((cart) => {
    if (localStorage.getItem("cartExternalId")) return;
    localStorage.setItem("cartExternalId", cart.external_id);
    localStorage.setItem("cartId", String(cart.id));
  }, externalId);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}


/** Approves on the sandbox gateway's hosted page, which sends the buyer back to /checkout/payment. */
async function approveInSandbox(page: Page) {
  await page.waitForURL(/\/pagamento\/sandbox\//);
  await page.locator("button.approve").click();
  await page.waitForURL(/\/checkout\/payment\?pedido=/);
  return new URL(page.url()).searchParams.get("pedido")!;
}

describe("checkout", () => {
  it("a Brazilian customer (pt-BR, U$) buys two products with pickup in the shop and pays in the sandbox", async () => {
    const t = cartPt.cart;
    const token = await newCustomer("br");
    const [a, b] = products;
    const ext = await customerCart(token, 2, [
      { produto_id: a!.id, qtde: 1 },
      { produto_id: b!.id, qtde: 2 },
    ]);
    const { page, errors, close } = await loggedInPage(DESKTOP, token, "pt-BR", ext);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      const shipping = page.getByTestId("shipping-section");
      await shipping.waitFor();
      expect(await page.getByTestId("cart-line").count()).toBe(2);
      // Foreign customers pick up in the shop (its address, not theirs) and get no pickup points.
      await shipping.getByTestId("pickup-place").waitFor();
      expect(await shipping.getByText("Avenida Paulista, 1578").count()).toBe(0);
      expect(await shipping.getByRole("radio", { name: t.shipping.pickupMode }).count()).toBe(0);
      const pickup = shipping.getByRole("radio", { name: /Retirada na loja|Retirar na loja/ });
      await pickup.waitFor();
      expect(await pickup.isChecked()).toBe(true);
      expect(await page.getByTestId("checkout-total").textContent()).toMatch(/^U\$ /);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("button", { name: t.checkout.continue }).click();
      const goToPayment = page.getByRole("button", { name: t.checkout.goToPayment });
      expect(await goToPayment.isDisabled()).toBe(true);
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await goToPayment.click();

      const pedido = await approveInSandbox(page);
      await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });
      expect((await page.getByTestId("pickup-code").textContent())?.trim()).toMatch(/^[A-Z0-9]{6}$/);
      expect(await page.getByRole("link", { name: t.payment.print }).getAttribute("href")).toBe(`/ecom/venda/pedidos/${pedido}/ticket.pdf`);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("link", { name: t.payment.viewOrders }).click();
      await page.waitForURL(/\/perfil\/meus-pedidos/);
      await page.getByText(t.orders.statuses.PAGO).first().waitFor();
      // Checkout cleared the cart.
      await page.locator("header").getByRole("link", { name: /Carrinho, itens: 0/ }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a Paraguayan customer (es-PY, G$) on a phone buys with delivery to Ciudad del Este and sees the order PAGO", async () => {
    const t = cartEs.cart;
    const token = await newCustomer("py");
    const [, , c] = products;
    const ext = await customerCart(token, 3, [{ produto_id: c!.id, qtde: 1 }]);
    const { page, errors, close } = await loggedInPage(MOBILE, token, "es-PY", ext);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      const shipping = page.getByTestId("shipping-section");
      await shipping.waitFor();
      await page.getByTestId("item-count").getByText(t.itemCount.replace("{{count}}", "1")).waitFor();
      await shipping.getByRole("combobox", { name: new RegExp(`^${t.shipping.chooseAddress}`) }).waitFor();
      // Delivery services to Ciudad del Este are offered besides pickup in the shop; take the first one.
      const options = shipping.getByRole("group", { name: t.shipping.options }).getByRole("radio");
      await options.first().waitFor();
      expect(await options.count()).toBeGreaterThan(1);
      await options.first().check();
      const summary = page.getByTestId("order-summary");
      await summary.getByText(t.checkout.totalTax).waitFor();
      await summary.getByText(t.checkout.shipping, { exact: true }).waitFor();
      expect(await page.getByTestId("checkout-total").textContent()).toMatch(/^G\$ [\d.]+$/);
      await expectNoSeriousAxeViolations(page);

      const footer = page.getByTestId("checkout-footer");
      await footer.getByRole("button", { name: t.checkout.continue }).click();
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await footer.getByRole("button", { name: t.checkout.finish }).click();

      const pedido = await approveInSandbox(page);
      await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });

      await page.goto(`/pedido/${pedido}`, { waitUntil: "networkidle" });
      await page.getByTestId("order-status").getByText(t.orders.statuses.PAGO).waitFor();
      await page.getByTestId("payment-status").getByText(t.orders.paymentStatuses.PAGO).waitFor();
      expect(await page.getByRole("link", { name: t.orders.printTicket }).getAttribute("href")).toBe(`/ecom/venda/pedidos/${pedido}/ticket.pdf`);
      expect(await page.getByTestId("order-line").count()).toBe(1);
      const ticket = await page.request.get(`/ecom/venda/pedidos/${pedido}/ticket.pdf`);
      expect(ticket.status()).toBe(200);
      expect(ticket.headers()["content-type"]).toContain("application/pdf");
      await expectNoSeriousAxeViolations(page);

      // Someone else's order is a 404 page.
      const other = await page.goto(`/pedido/${randomUUID()}`);
      expect(other?.status()).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
