import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefundableOrder } from "#contract/api/admin/refunds.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { formatPrice } from "#contract/money.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import refundTexts from "#app/i18n/locales/pt-BR/admin-refunds.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { e2eShop } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";

const baseURL = storeURL();
const shop = e2eShop(baseURL);
const pt = refundTexts.admin.refunds;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
let product: ProductSummary;
beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=3`);
  product = ((await res.json()) as { data: ProductSummary[] }).data.find((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 10)!;
});
afterAll(async () => {
  await browser?.close();
});

/** A Paraguayan customer's pickup order of three units, paid on the sandbox gateway's page. */
async function paidOrder() {
  const customer = await shop.newCustomer("py");
  const auth = { authorization: `Bearer ${customer.token}` };
  const cart = await shop.customerCart(customer.token, 3, [{ produto_id: product.id, qtde: 3 }]);
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
  const placed = await shop.json<{ link_pagamento: string[]; pedido: { id: number; external_id: string; pedido: string } }>(
    `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null }),
    },
  );
  const pay = await fetch(`${baseURL}${new URL(placed.link_pagamento[0]!).pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "decision=approve",
    redirect: "manual",
  });
  expect(pay.status).toBe(303);
  return { ...customer, order: placed.pedido };
}

describe("a refund from the back office", () => {
  it("lets a manager refund one line with restock once, however often the button is pressed", async () => {
    const { email, order } = await paidOrder();
    const { page, errors, close } = await newAdminPage(browser, baseURL, DESKTOP, { local: true });
    try {
      await page.goto("/admin/login");
      await logIn(page, manager.email, manager.password);
      await page.waitForURL(/\/admin$/);
      const stock = async () => {
        const res = await page.request.get(`${baseURL}/api/admin/products/${product.id}`);
        return ((await res.json()) as { data: { qtde_disponivel: number } }).data.qtde_disponivel;
      };
      const before = await stock();

      await page.goto(`/admin/pedidos/${order.id}/estorno`);
      await page.getByRole("heading", { name: pt.title.replace("{{number}}", order.pedido) }).waitFor();
      const line = page.getByTestId("refund-line").first();
      await line.getByRole("spinbutton").fill("2");
      await page.getByLabel(pt.reason).selectOption("defeito");
      await page.getByLabel(pt.note).fill("Duas unidades com defeito");
      await expect.poll(() => page.getByLabel(pt.restock).isChecked()).toBe(true);
      await expectNoSeriousAxeViolations(page);
      // Pressed twice: the second press carries the same key.
      const button = page.getByRole("button", { name: pt.submit });
      await button.dblclick();
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "Estorno" }).textContent(), { timeout: 15_000 })
        .toMatch(/^Estorno de G\$ .+ feito pelo gateway\.$/);

      const refunds = await page.request.get(`${baseURL}/api/admin/orders/${order.id}/refunds`);
      const form = ((await refunds.json()) as { data: RefundableOrder }).data;
      expect(form.estornos).toHaveLength(1);
      const [made] = form.estornos;
      // The sandbox gateway gave the money back ("ok"), two units back in stock, once.
      expect(made).toMatchObject({ status: "feito", resposta: "ok", motivo: "defeito", estoque_devolvido: [{ qtde: 2 }] });
      expect(await stock()).toBe(before + 2);
      expect(form.linhas[0]).toMatchObject({ qtde_estornada: 2, qtde_devolvida: 2 });
      expect(form.status).toBe("PAGO");
      await expect.poll(() => page.getByTestId("refund-row").count()).toBe(1);

      // The customer's e-mail, in Spanish, with the amount.
      const amount = formatPrice(made!.valor, made!.moeda_id);
      await expect
        .poll(async () => {
          const { data } = (await (await fetch(`${baseURL}/dev/mail.json`)).json()) as { data: { para: string; assunto: string; texto: string }[] };
          return data.find((m) => m.para === email && m.assunto.startsWith(`Reembolso del pedido ${order.pedido}`))?.texto ?? "";
        })
        .toContain(amount);

      // Tablet width: the form still fits.
      await page.setViewportSize(TABLET);
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
