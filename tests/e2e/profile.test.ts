import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { rucCheckDigit } from "#contract/documents.ts";
import { validation as esValidation } from "#contract/messages/es-PY.ts";
import { validation as ptValidation } from "#contract/messages/pt-BR.ts";
import { accountEs as esPYAccount } from "../support/account-texts.ts";
import { accountPt as ptBRAccount } from "../support/account-texts.ts";
import ptBR from "../../app/i18n/pt-BR.json" with { type: "json" };
import esPY from "../../app/i18n/es-PY.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser, visitorAddress } from "../support/browser.ts";
import { png } from "../support/fixtures.ts";

const baseURL = storeURL();
const pt = ptBRAccount.account;
const es = esPYAccount.account;
const PASSWORD = "Ferramenta#2024";
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** A valid CPF from a random 9-digit base (the two check digits of spec §5). */
function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join("");
}

async function geography(paisId: number, stateName: string, cityName: string) {
  const states = (await (await fetch(`${baseURL}/ecom/endereco/estados?pais_id=${paisId}`)).json()) as { data: { id: number; nome: string }[] };
  const state = states.data.find((s) => s.nome === stateName)!;
  const cities = (await (await fetch(`${baseURL}/ecom/endereco/estados/${state.id}/cidades`)).json()) as { data: { id: number; nome: string }[] };
  return { estado_id: String(state.id), cidade_id: String(cities.data.find((c) => c.nome === cityName)!.id) };
}

/** Registers a customer through the API (multipart, like the form). */
async function registerViaApi(kind: "br" | "py") {
  const email = `${kind}-${randomUUID().slice(0, 8)}@example.com`;
  const base = String(1_000_000 + Math.floor(Math.random() * 8_000_000));
  const common = {
    nome: kind === "br" ? "Marcos" : "Lucía",
    sobrenome: "Teste",
    email,
    email_confirmation: email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    numero: "10",
    bairro: "Centro",
    identidade: base,
  };
  const fields: Record<string, string> =
    kind === "br"
      ? {
          ...common,
          estrangeiro: "1",
          telefone: "+55 (45) 99876-5432",
          cep: "85851-000",
          logradouro: "Avenida Brasil",
          documento_tipo: "CPF",
          documento: randomCpf(),
          identidade_complemento: "SSP/PR",
          ...(await geography(1, "Paraná", "Foz do Iguaçu")),
        }
      : {
          ...common,
          estrangeiro: "0",
          telefone: "+595 981 123 456",
          logradouro: "Avda. San Blas",
          documento_tipo: "RUC",
          documento: `${base}-${rucCheckDigit(base)}`,
          ...(await geography(2, "Alto Paraná", "Ciudad del Este")),
        };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("frente", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "frente.png");
  form.set("verso", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "verso.png");
  const res = await fetch(`${baseURL}/ecom/cliente/cadastrar`, { method: "POST", body: form, headers: { "x-forwarded-for": visitorAddress() } });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, nome: common.nome };
}

let browser: Browser;
let brazilian: { email: string; nome: string };
let paraguayan: { email: string; nome: string };
beforeAll(async () => {
  browser = await launchBrowser();
  brazilian = await registerViaApi("br");
  paraguayan = await registerViaApi("py");
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL });
  await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  // A hydration mismatch in <head> (stylesheet order) comes from the shell, not from these screens.
  page.on("pageerror", (error) => {
    if (!error.message.startsWith("Hydration failed")) errors.push(error.message);
  });
  return { page, errors, close: () => context.close() };
}

async function login(page: Page, email: string, redirect = "/perfil") {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
  await page.getByLabel(pt.fields.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: pt.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith(redirect));
}

describe("profile area", () => {
  it("a Brazilian sees the address without controls to change it, and edits a CPF or a company's CNPJ", async () => {
    const { page, errors, close } = await newPage(DESKTOP);
    try {
      await login(page, brazilian.email, "/perfil/endereco");
      await page.getByRole("heading", { level: 1, name: ptBR.profileNav.address }).waitFor();
      const cards = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2 }) });
      await expect.poll(() => cards.count()).toBe(1);
      await page.getByText(pt.address.foreignLocked).waitFor();
      // Spec §6: foreign customers cannot change their address.
      expect(await page.getByRole("button", { name: pt.address.add }).count()).toBe(0);
      expect(await cards.getByRole("button").count()).toBe(0);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("link", { name: ptBR.profileNav.personalData }).click();
      await page.getByRole("button", { name: pt.personal.edit }).click();
      const dialog = page.getByRole("dialog", { name: pt.personal.editTitle });
      const type = dialog.getByLabel(pt.fields.documentoTipo, { exact: true });
      // Spec §5: a CPF or a company's CNPJ for Brazilians, so no passport the server would refuse.
      expect(await type.locator("option").allTextContents()).toEqual([pt.documentTypes.CPF, pt.documentTypes.CNPJ]);
      await type.selectOption({ label: pt.documentTypes.CNPJ });
      const documento = dialog.getByLabel(pt.fields.documento, { exact: true });
      await documento.fill("");
      await documento.pressSequentially("11222333000180");
      expect(await documento.inputValue()).toBe("11.222.333/0001-80");
      await dialog.getByRole("button", { name: pt.common.save }).click();
      await dialog.getByText(ptValidation.invalid_cnpj).first().waitFor();
      await documento.fill("11.222.333/0001-81");
      await dialog.getByRole("button", { name: pt.common.save }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("11.222.333/0001-81").first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a Paraguayan on a phone sees personal data, edits the phone and changes the password", async () => {
    const { page, errors, close } = await newPage(MOBILE);
    try {
      await login(page, paraguayan.email, "/perfil/dados-pessoais");
      // Logged in as a Paraguayan: Spanish from now on.
      await page.getByRole("heading", { level: 1, name: esPY.profileNav.personalData }).waitFor();
      await page.getByText(paraguayan.email).first().waitFor();
      await page.getByText(es.personal.unconfirmed).waitFor();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("button", { name: es.personal.resend }).click();
      await page
        .getByText(/Le enviamos un nuevo correo|Este correo electrónico ya|No fue posible reenviar/)
        .first()
        .waitFor();

      await page.getByRole("button", { name: es.personal.edit }).click();
      const dialog = page.getByRole("dialog", { name: es.personal.editTitle });
      await dialog.waitFor();
      const phone = dialog.getByLabel(es.fields.telefone, { exact: true });
      await phone.fill("");
      await phone.pressSequentially("971555444");
      expect(await phone.inputValue()).toBe("+595 971 555 444");
      await dialog.getByLabel(es.fields.frente, { exact: true }).setInputFiles({ name: "frente.png", mimeType: "image/png", buffer: png(3, 3) });
      await dialog.getByRole("button", { name: es.common.save }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("+595 971 555 444").first().waitFor();

      await page.getByRole("link", { name: esPY.profileNav.password }).click();
      await page.getByRole("heading", { level: 1, name: esPY.profileNav.password }).waitFor();
      await page.getByRole("button", { name: es.password.submit }).click();
      await page.getByRole("alert").filter({ hasText: esValidation.required }).waitFor();
      await page.getByLabel(es.fields.currentPassword, { exact: true }).fill("Errada#9999");
      await page.getByLabel(es.fields.newPassword, { exact: true }).fill("NuevaClave#55");
      await page.getByLabel(es.fields.passwordConfirmation, { exact: true }).fill("NuevaClave#55");
      await page.getByRole("button", { name: es.password.submit }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /incorrecta/ })
        .waitFor();
      await page.getByLabel(es.fields.currentPassword, { exact: true }).fill(PASSWORD);
      await page.getByLabel(es.fields.newPassword, { exact: true }).fill(PASSWORD);
      await page.getByLabel(es.fields.passwordConfirmation, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: es.password.submit }).click();
      await page
        .getByText(/Contraseña cambiada|cambiada con éxito/)
        .first()
        .waitFor();
      await expectNoSeriousAxeViolations(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a Paraguayan adds an address with department, city and directions", async () => {
    const { page, close } = await newPage(MOBILE);
    try {
      await login(page, paraguayan.email, "/perfil/endereco");
      await page.getByRole("button", { name: es.address.add }).click();
      const dialog = page.getByRole("dialog", { name: es.address.newTitle });
      await dialog.getByLabel(es.fields.addressName, { exact: true }).fill("Depósito");
      const department = dialog.getByLabel(es.fields.departamento, { exact: true });
      await expect.poll(() => department.locator("option").count()).toBeGreaterThan(5);
      await department.selectOption({ label: "Alto Paraná" });
      const city = dialog.getByLabel(es.fields.cidade, { exact: true });
      await expect.poll(() => city.locator("option").count()).toBeGreaterThan(2);
      await city.selectOption({ label: "Hernandarias" });
      await dialog.getByLabel(es.fields.logradouro, { exact: true }).fill("Ruta 7");
      await dialog.getByLabel(es.fields.numero, { exact: true }).fill("km 10");
      await dialog.getByLabel(es.fields.bairro, { exact: true }).fill("Centro");
      await dialog.getByLabel(es.fields.comoChegar, { exact: true }).fill("Portón verde");
      expect(await dialog.getByLabel(es.fields.pais, { exact: true }).inputValue()).toBe("Paraguai");
      await dialog.getByRole("button", { name: es.common.save }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("heading", { level: 2, name: /Depósito/ }).waitFor();
      await page.getByText("Portón verde").waitFor();

      const cards = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2 }) });
      const deposit = cards.filter({ hasText: "Depósito" });
      await deposit.getByRole("button", { name: es.address.setMainLabel.replace("{{name}}", "Depósito") }).click();
      await deposit.getByText(es.address.main, { exact: true }).waitFor();
      const other = cards.filter({ hasNotText: "Depósito" }).first();
      const count = await cards.count();
      await other.getByRole("button", { name: /^Eliminar la dirección/ }).click();
      const confirm = page.getByRole("dialog", { name: es.address.removeTitle });
      await confirm.getByRole("button", { name: es.address.remove }).click();
      await expect.poll(() => cards.count()).toBe(count - 1);

      // Spec §5: RUC or Cédula for a Paraguayan, and nothing else.
      await page.getByRole("link", { name: esPY.profileNav.personalData }).click();
      await page.getByRole("button", { name: es.personal.edit }).click();
      const edit = page.getByRole("dialog", { name: es.personal.editTitle });
      const type = edit.getByLabel(es.fields.documentoTipo, { exact: true });
      expect(await type.locator("option").allTextContents()).toEqual([es.documentTypes.RUC, es.documentTypes.Cedula]);
      await type.selectOption({ label: es.documentTypes.Cedula });
      await edit.getByLabel(es.fields.documento, { exact: true }).fill("4567890");
      await edit.getByRole("button", { name: es.common.save }).click();
      await edit.waitFor({ state: "hidden" });
      await page.getByText("Cédula", { exact: true }).waitFor();
    } finally {
      await close();
    }
  });

  it("a guest's favourite follows them into the account at login", async () => {
    const { page, errors, close } = await newPage(DESKTOP);
    try {
      const products = (await (await fetch(`${baseURL}/api/public/products?per_page=1&moeda_id=2`)).json()) as {
        data: { id: number; slug: string; nome: string }[];
      };
      const product = products.data[0]!;
      await page.goto(`/produto/${product.slug}`);
      const heart = page.getByRole("main").getByRole("button", { name: pt.favourites.add }).first();
      await heart.click();
      await page.getByRole("main").getByRole("button", { name: pt.favourites.remove }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem("favourites"))).toBe(JSON.stringify([product.id]));
      // The header count follows the local list.
      await page
        .getByRole("link", { name: ptBR.header.favouritesLabel.replace("{{count}}", "1") })
        .first()
        .waitFor();

      await login(page, brazilian.email, "/perfil/favoritos");
      await page.getByRole("heading", { level: 1, name: ptBR.profileNav.favourites }).waitFor();
      // The local list went to the server one by one and was cleared.
      await expect.poll(() => page.evaluate(() => localStorage.getItem("favourites"))).toBeNull();
      await page.reload();
      await page.getByRole("heading", { level: 2, name: product.nome }).waitFor();
      await page.getByRole("link", { name: `Ver ${product.nome}` }).waitFor();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("main").getByRole("button", { name: pt.favourites.remove }).first().click();
      await page.getByText(pt.favourites.empty).waitFor();
      await page.getByRole("link", { name: pt.favourites.browse }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
