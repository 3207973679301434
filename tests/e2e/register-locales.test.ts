import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import esARTexts from "../../app/i18n/catalogues/es-AR.ts";
import { accountEs as esPYAccount } from "../support/account-texts.ts";
import { accountAr, accountPt as ptBRAccount } from "../support/account-texts.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { png } from "../support/fixtures.ts";

const baseURL = storeURL();
const pt = ptBRAccount.account;
const py = esPYAccount.account;
const ar = accountAr.account;
const PASSWORD = "Ferramenta#2024";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport: { width: number; height: number }, locale: "pt-BR" | "es-AR") {
  const context = await browser.newContext({ viewport, baseURL });
  await context.addCookies([{ name: "lang", value: locale, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => {
    if (!error.message.startsWith("Hydration failed")) errors.push(error.message);
  });
  return { page, errors, close: () => context.close() };
}

const documentImage = (name: string) => ({ name, mimeType: "image/png", buffer: png(4, 4) });

describe("registration and languages", () => {
  it("switches the interface language with the nationality chosen, keeping the choice (spec §4)", async () => {
    const { page, errors, close } = await newPage({ width: 1280, height: 800 }, "pt-BR");
    try {
      await page.goto("/cadastro?redirect=%2Fcheckout");
      await page.getByRole("heading", { level: 1, name: pt.register.title }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");

      await page.getByRole("radio", { name: pt.register.nationality.paraguay }).check();
      await page.getByRole("heading", { level: 1, name: py.register.title }).waitFor();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es-PY");
      expect(await page.getByRole("radio", { name: py.register.nationality.paraguay }).isChecked()).toBe(true);
      expect(new URL(page.url()).search).toBe("?redirect=%2Fcheckout");

      await page.getByRole("radio", { name: py.register.nationality.argentina }).check();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es-AR");
      expect(await page.getByRole("radio", { name: ar.register.nationality.argentina }).isChecked()).toBe(true);

      await page.getByRole("radio", { name: ar.register.nationality.brazil }).check();
      await page.getByRole("heading", { level: 1, name: pt.register.title }).waitFor();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("pt-BR");
      expect(await page.getByRole("radio", { name: pt.register.nationality.brazil }).isChecked()).toBe(true);
      // The choice is kept for the next page too.
      await page.reload();
      expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("an Argentinian registers in es-AR on a phone with a CUIT and an Argentine address", async () => {
    const { page, errors, close } = await newPage({ width: 390, height: 844 }, "es-AR");
    try {
      const email = `ar-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto("/cadastro");
      await page.getByRole("heading", { level: 1, name: ar.register.title }).waitFor();
      expect(await page.getByRole("radio", { name: ar.register.nationality.argentina }).isChecked()).toBe(true);
      await page.getByRole("button", { name: ar.register.next }).click();

      await page.getByLabel(ar.fields.nome, { exact: true }).fill("Lucía");
      await page.getByLabel(ar.fields.sobrenome, { exact: true }).fill("Fernández");
      await page.getByLabel(ar.fields.email, { exact: true }).fill(email);
      await page.getByLabel(ar.fields.emailConfirmation, { exact: true }).fill(email);
      const phone = page.getByLabel(ar.fields.telefone, { exact: true });
      await phone.pressSequentially("93764123456");
      // Spec §3: the Argentine mask, +54 and the mobile 9.
      expect(await phone.inputValue()).toBe("+54 9 376 412 3456");
      await page.getByLabel(ar.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(ar.fields.passwordConfirmation, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: ar.register.next }).click();

      const cuit = page.getByLabel(ar.fields.cuit, { exact: true });
      await cuit.fill("20172543596");
      expect(await cuit.inputValue()).toBe("20-17254359-6");
      await page.getByLabel(ar.fields.identidade, { exact: true }).fill("17254359");
      await page.getByLabel(ar.fields.frente, { exact: true }).setInputFiles(documentImage("frente.png"));
      await page.getByLabel(ar.fields.verso, { exact: true }).setInputFiles(documentImage("verso.png"));
      await page.getByRole("button", { name: ar.register.next }).click();
      await page.getByText(esARTexts.validation.invalid_cuit).first().waitFor();
      await cuit.fill("20172543597");
      await page.getByRole("button", { name: ar.register.next }).click();

      expect(await page.getByRole("radio", { name: ar.register.addressCountries.argentina }).isChecked()).toBe(true);
      await page.getByText(ar.register.argentinaNotice).waitFor();
      const province = page.getByLabel(ar.fields.provincia, { exact: true });
      await expect.poll(() => province.locator("option").count()).toBe(25);
      await province.selectOption({ label: "Misiones" });
      await page.getByLabel(ar.fields.cidade, { exact: true }).fill("Posadas");
      await page.getByLabel(ar.fields.codigoPostal, { exact: true }).fill("N3300");
      await page.getByLabel(ar.fields.logradouro, { exact: true }).fill("Avenida Mitre");
      await page.getByLabel(ar.fields.numero, { exact: true }).fill("1850");
      await page.getByLabel(ar.fields.bairro, { exact: true }).fill("Centro");
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: ar.register.submit }).click();

      await page.waitForURL(/\/perfil\/dados-pessoais$/);
      await page.getByText(email).first().waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("es-AR");
      await page.getByText("20-17254359-7").waitFor();
      await page.getByText("+54 9 376 412 3456").first().waitFor();
      // The known-device cookie (docs/decisions/005) reaches the browser, out of scripts' reach.
      const device = (await page.context().cookies()).find((c) => c.name === "dispositivo");
      expect(device?.httpOnly).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
