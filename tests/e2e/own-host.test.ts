import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { LoginResponse } from "#contract/api/accounts.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { apiMessage } from "#contract/messages.ts";
import { accountPt as ptAccount } from "../support/account-texts.ts";
import ptCart from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { accountAr } from "../support/account-texts.ts";
import { launchBrowser } from "../support/browser.ts";
import { png } from "../support/fixtures.ts";

/**
 * The shopper uses 127.0.0.1 while the server's PUBLIC_URL is http://localhost:<port> (its default): every
 * link the store mails or hands to the payment gateway must bring them back to 127.0.0.1, signed in.
 */
const baseURL = storeURL();
const publicOrigin = baseURL.replace("127.0.0.1", "localhost");
const pt = ptAccount.account;
const cart = ptCart.cart;
const PASSWORD = "Ferramenta#2024";
const NEW_PASSWORD = "OutraSenha#2025";
const SPANISH_PASSWORD = "Ferreteria#2026";
/** The Spanish brand's host (HOST_ES, by default), which this test's browser resolves to the test server. */
const SPANISH = "http://ferreteriadeleste.com.py";
const DESKTOP = { width: 1280, height: 800 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `own-host-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  expect(new URL(baseURL).hostname).toBe("127.0.0.1");
  // ferreteriadeleste.com.py:80 is the test server: the browser sends "Host: ferreteriadeleste.com.py".
  browser = await launchBrowser([`--host-resolver-rules=MAP ferreteriadeleste.com.py:80 127.0.0.1:${new URL(baseURL).port}`]);
  context = await browser.newContext({ viewport: DESKTOP, baseURL });
  await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest link of a kind mailed to `email`, whole, as the customer's mail program shows it. */
async function mailedLink(kind: "confirmation-email" | "reset-password"): Promise<URL> {
  const res = await fetch(`${baseURL}/dev/mail.json`);
  const { data } = (await res.json()) as { data: { para: string; texto: string }[] };
  const mail = data.find((m) => m.para === email && m.texto.includes(`/app/${kind}/`));
  expect(mail, `a ${kind} e-mail to ${email}`).toBeDefined();
  return new URL(new RegExp(`https?://\\S+/app/${kind}/\\S+`).exec(mail!.texto)![0]);
}

const documentImage = (name: string) => ({ name, mimeType: "image/png", buffer: png(4, 4) });

describe("links back to the shopper's own host", () => {
  it("registers on 127.0.0.1 and confirms the address from the mailed link, which leads back there", async () => {
    await page.goto("/cadastro");
    await page.getByRole("heading", { level: 1, name: pt.register.title }).waitFor();
    await page.getByRole("button", { name: pt.register.next }).click();
    await page.getByLabel(pt.fields.nome, { exact: true }).fill("Joana");
    await page.getByLabel(pt.fields.sobrenome, { exact: true }).fill("Souza");
    await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
    await page.getByLabel(pt.fields.emailConfirmation, { exact: true }).fill(email);
    await page.getByLabel(pt.fields.telefone, { exact: true }).fill("11987654321");
    await page.getByLabel(pt.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: pt.register.next }).click();
    await page.getByLabel(pt.fields.cpfOrCnpj, { exact: true }).fill("52998224725");
    await page.getByLabel(pt.fields.identidade, { exact: true }).fill("123456789");
    await page.getByLabel(pt.fields.identidadeComplemento, { exact: true }).fill("SSP/SP");
    await page.getByLabel(pt.fields.frente, { exact: true }).setInputFiles(documentImage("frente.png"));
    await page.getByLabel(pt.fields.verso, { exact: true }).setInputFiles(documentImage("verso.png"));
    await page.getByRole("button", { name: pt.register.next }).click();
    const cep = page.getByLabel(pt.fields.cep, { exact: true });
    await cep.fill("01001000");
    await cep.blur();
    await expect.poll(() => page.getByLabel(pt.fields.cidade, { exact: true }).inputValue()).toBe("São Paulo");
    await page.getByLabel(pt.fields.numero, { exact: true }).fill("10");
    await page.getByRole("button", { name: pt.register.submit }).click();
    await page.waitForURL(/\/perfil\/dados-pessoais$/);
    await page.getByText(pt.personal.unconfirmed).waitFor();

    const link = await mailedLink("confirmation-email");
    expect(link.origin).toBe(new URL(baseURL).origin);
    await page.goto(link.href);
    await expect.poll(() => page.getByRole("main").innerText(), { timeout: 15_000 }).toContain(pt.confirm.success);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
  });

  it("sends a signed-in visitor's login redirect nowhere but the store, whatever the path normalises to", async () => {
    for (const target of ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/./\\evil.example"]) {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await page.waitForURL((url) => url.pathname.startsWith("/perfil"));
      expect(new URL(page.url()).origin, target).toBe(new URL(baseURL).origin);
    }
  });

  it("pays through the sandbox and comes back to 127.0.0.1, still signed in, to the payment status", async () => {
    const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
    const product = ((await res.json()) as { data: ProductSummary[] }).data.find((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 5)!;
    const login = (await (
      await fetch(`${baseURL}/ecom/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
    ).json()) as LoginResponse;
    // The customer's saved cart, adopted by the browser as the checkout page loads.
    const saved = (await (
      await fetch(`${baseURL}/ecom/venda/carrinho`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${login.token}` },
        body: JSON.stringify({
          external_id: randomUUID(),
          filial_id: "1",
          moeda_id: "2",
          itens: [{ produto_id: product.id, qtde: 1, armazem_id: 1 }],
        }),
      })
    ).json()) as { data: { id: number; external_id: string } };
    await page.evaluate((c) => {
      localStorage.setItem("cartExternalId", c.external_id);
      localStorage.setItem("cartId", String(c.id));
    }, saved.data);

    await page.goto("/checkout", { waitUntil: "networkidle" });
    await page.getByTestId("shipping-section").waitFor();
    await page.getByRole("button", { name: cart.checkout.continue }).click();
    await page.getByRole("radio", { name: new RegExp(cart.checkout.sandbox) }).check();
    await page.getByRole("button", { name: cart.checkout.goToPayment }).click();

    // The test gateway is the server's (PUBLIC_URL's) page; it sends the shopper back to their own host.
    await page.waitForURL(/\/pagamento\/sandbox\//);
    expect(new URL(page.url()).origin).toBe(publicOrigin);
    await page.locator("button.approve").click();
    await page.waitForURL(/\/checkout\/payment\?pedido=/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
    await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });
  });

  it("resets the password from a link that leads back to 127.0.0.1", async () => {
    const guest = await browser.newContext({ viewport: DESKTOP, baseURL });
    await guest.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const p = await guest.newPage();
    try {
      await p.goto("/recuperar-senha");
      await p.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await p.getByRole("button", { name: pt.recover.submit }).click();
      await p.getByText(pt.recover.sent).waitFor();

      const link = await mailedLink("reset-password");
      expect(link.origin).toBe(new URL(baseURL).origin);
      await p.goto(link.href);
      await p.getByRole("heading", { level: 1, name: pt.reset.title }).waitFor();
      await p.getByLabel(pt.fields.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await p.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill(NEW_PASSWORD);
      await p.getByRole("button", { name: pt.reset.submit }).click();
      await p.getByText(pt.reset.success).waitFor();
      expect(new URL(p.url()).origin).toBe(new URL(baseURL).origin);

      // Logging in with a redirect that normalises to "//evil.example" lands on the profile instead.
      await p.goto(`/login?redirect=${encodeURIComponent("/.//evil.example")}`);
      await p.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await p.getByLabel(pt.fields.password, { exact: true }).fill(NEW_PASSWORD);
      await p.getByRole("button", { name: pt.login.submit, exact: true }).click();
      await p.waitForURL((url) => url.pathname.startsWith("/perfil"));
      expect(new URL(p.url()).origin).toBe(new URL(baseURL).origin);
    } finally {
      await guest.close();
    }
  });

  it("on the Spanish brand's host, the reset link leads back to that host, in Spanish", async () => {
    const es = accountAr.account;
    const guest = await browser.newContext({ viewport: DESKTOP });
    await guest.addCookies([{ name: "lang", value: "es-AR", url: SPANISH }]);
    const p = await guest.newPage();
    try {
      await p.goto(`${SPANISH}/recuperar-senha`);
      await p.getByLabel(es.fields.email, { exact: true }).fill(email);
      await p.getByRole("button", { name: es.recover.submit }).click();
      // The API's answer, in the visitor's language.
      await p.getByText(apiMessage("es-AR", "recovery_sent")).waitFor();

      const link = await mailedLink("reset-password");
      expect(link.origin).toBe(SPANISH);
      await p.goto(link.href);
      await p.getByRole("heading", { level: 1, name: es.reset.title }).waitFor();
      await p.getByLabel(es.fields.newPassword, { exact: true }).fill(SPANISH_PASSWORD);
      await p.getByLabel(es.fields.passwordConfirmation, { exact: true }).fill(SPANISH_PASSWORD);
      await p.getByRole("button", { name: es.reset.submit }).click();
      await p.getByText(apiMessage("es-AR", "password_reset_ok")).waitFor();
      expect(new URL(p.url()).origin).toBe(SPANISH);
    } finally {
      await guest.close();
    }
  });
});
