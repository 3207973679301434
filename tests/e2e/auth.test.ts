import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { rucCheckDigit } from "#contract/documents.ts";
import { validation as esValidation } from "#contract/messages/es-PY.ts";
import { validation as ptValidation } from "#contract/messages/pt-BR.ts";
import { accountEs as esPYAccount } from "../support/account-texts.ts";
import { accountPt as ptBRAccount } from "../support/account-texts.ts";
import { expectNoSeriousAxeViolations, launchBrowser, visitorAddress } from "../support/browser.ts";
import { png } from "../support/fixtures.ts";

const baseURL = storeURL();
const pt = ptBRAccount.account;
const es = esPYAccount.account;
const PASSWORD = "Ferramenta#2024";
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

let browser: Browser;
// Registration is rate-limited per address (10 an hour): the login, e-mail and recovery tests
// share one customer registered through the API.
const shared = { email: `shared-${randomUUID().slice(0, 8)}@example.com`, password: "Ferramenta#2024" };
beforeAll(async () => {
  browser = await launchBrowser();
  await registerViaApi(shared.email);
});
afterAll(async () => {
  await browser?.close();
});

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function newPage(viewport: { width: number; height: number }, locale?: "pt-BR" | "es-PY") {
  const context = await browser.newContext({ viewport, baseURL });
  if (locale) await context.addCookies([{ name: "lang", value: locale, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  // A hydration mismatch in <head> (stylesheet order) comes from the shell, not from these screens.
  page.on("pageerror", (error) => {
    if (!error.message.startsWith("Hydration failed")) errors.push(error.message);
  });
  return { page, errors, close: () => context.close() };
}

const documentImage = (name: string) => ({ name, mimeType: "image/png", buffer: png(4, 4) });

async function newestMailLink(email: string, kind: "reset-password" | "confirmation-email") {
  const res = await fetch(`${baseURL}/dev/mail.json`);
  const { data } = (await res.json()) as { data: { para: string; texto: string }[] };
  const mail = data.find((m) => m.para.toLowerCase() === email.toLowerCase() && m.texto.includes(`/app/${kind}/`));
  expect(mail, `a ${kind} e-mail to ${email}`).toBeDefined();
  const link = new RegExp(`/app/${kind}/[0-9a-f-]{36}/[\\w-]+\\S*`).exec(mail!.texto)!;
  return link[0];
}

/** Registers through the API (multipart, like the form) so the login and recovery tests start fast. */
async function registerViaApi(email: string) {
  const form = new FormData();
  const base = String(1_000_000 + Math.floor(Math.random() * 8_000_000));
  const fields: Record<string, string> = {
    nome: "Carlos",
    sobrenome: "Benítez",
    email,
    email_confirmation: email,
    estrangeiro: "0",
    telefone: "+595 981 123 456",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    logradouro: "Avda. San Blas",
    numero: "100",
    bairro: "Centro",
    documento_tipo: "RUC",
    documento: `${base}-${rucCheckDigit(base)}`,
    identidade: "4583215",
    estado_id: "",
    cidade_id: "",
  };
  const states = (await (await fetch(`${baseURL}/ecom/endereco/estados?pais_id=2`)).json()) as { data: { id: number; nome: string }[] };
  const alto = states.data.find((s) => s.nome.includes("Alto Paran"))!;
  const cities = (await (await fetch(`${baseURL}/ecom/endereco/estados/${alto.id}/cidades`)).json()) as { data: { id: number; nome: string }[] };
  fields.estado_id = String(alto.id);
  fields.cidade_id = String(cities.data.find((c) => c.nome.includes("Ciudad del Este"))!.id);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("frente", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "frente.png");
  form.set("verso", new Blob([new Uint8Array(png(4, 4))], { type: "image/png" }), "verso.png");
  const res = await fetch(`${baseURL}/ecom/cliente/cadastrar`, { method: "POST", body: form, headers: { "x-forwarded-for": visitorAddress() } });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function loginThroughForm(page: Page, email: string, password: string, labels = pt) {
  await page.getByLabel(labels.fields.email, { exact: true }).fill(email);
  await page.getByLabel(labels.fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.login.submit, exact: true }).click();
}

describe("registration", () => {
  it("a Brazilian registers on desktop (CPF, CEP lookup) and lands logged in on the profile", async () => {
    const { page, errors, close } = await newPage(DESKTOP, "pt-BR");
    try {
      const email = uniqueEmail("br");
      await page.goto("/cadastro");
      await page.getByRole("heading", { level: 1, name: pt.register.title }).waitFor();
      // pt-BR starts in the Brazil flow, with the foreign-customer notice.
      expect(await page.getByRole("radio", { name: pt.register.nationality.brazil }).isChecked()).toBe(true);
      await page.getByText(pt.register.foreignNotice).first().waitFor();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: pt.register.next }).click();

      // An empty step lists its problems and moves focus to the list.
      await page.getByRole("button", { name: pt.register.next }).click();
      const alert = page.getByRole("alert").filter({ hasText: ptValidation.validation_failed });
      await alert.waitFor();
      expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByLabel(pt.fields.nome, { exact: true }).getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel(pt.fields.nome, { exact: true }).fill("Joana");
      await page.getByLabel(pt.fields.sobrenome, { exact: true }).fill("Silva");
      await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await page.getByLabel(pt.fields.emailConfirmation, { exact: true }).fill(email.toUpperCase());
      await page.getByLabel(pt.fields.telefone, { exact: true }).fill("11987654321");
      expect(await page.getByLabel(pt.fields.telefone, { exact: true }).inputValue()).toBe("+55 (11) 98765-4321");
      await page.getByLabel(pt.fields.password, { exact: true }).fill("password");
      await page.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill("password");
      await page.getByRole("button", { name: pt.register.next }).click();
      await page.getByText(ptValidation.password_forbidden).first().waitFor();
      await page.getByLabel(pt.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: pt.register.next }).click();

      await page.getByLabel(pt.fields.cpfOrCnpj, { exact: true }).fill("52998224725");
      expect(await page.getByLabel(pt.fields.cpfOrCnpj, { exact: true }).inputValue()).toBe("529.982.247-25");
      await page.getByLabel(pt.fields.identidade, { exact: true }).fill("123456789");
      await page.getByLabel(pt.fields.identidadeComplemento, { exact: true }).fill("SSP/SP");
      await page.getByLabel(pt.fields.frente, { exact: true }).setInputFiles(documentImage("frente.png"));
      await page.getByLabel(pt.fields.verso, { exact: true }).setInputFiles(documentImage("verso.png"));
      await page.getByRole("button", { name: pt.register.next }).click();

      // An unknown CEP falls back to manual state and city selects with the spec's message.
      const cep = page.getByLabel(pt.fields.cep, { exact: true });
      await cep.fill("99999999");
      await cep.blur();
      await page.getByText(pt.address.cepManual).waitFor();
      await page.getByLabel(pt.fields.estado, { exact: true }).waitFor();
      // A known one fills the address and shows city and state read-only.
      await cep.fill("01001000");
      await cep.blur();
      await expect.poll(() => page.getByLabel(pt.fields.cidade, { exact: true }).inputValue()).toBe("São Paulo");
      expect(await page.getByLabel(pt.fields.logradouro, { exact: true }).inputValue()).toBe("Praça da Sé");
      expect(await page.getByLabel(pt.fields.bairro, { exact: true }).inputValue()).toBe("Sé");
      await page.getByLabel(pt.fields.numero, { exact: true }).fill("10");
      await page.getByRole("button", { name: pt.register.submit }).click();

      await page.waitForURL(/\/perfil\/dados-pessoais$/);
      await page.getByRole("heading", { level: 1, name: "Dados pessoais" }).waitFor();
      await page.getByText(email).first().waitFor();
      await page.getByText(pt.personal.unconfirmed).waitFor();
      await page.getByText("Olá, Joana").first().waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
      // The session lives in an HttpOnly cookie; nothing secret in localStorage.
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "sid")?.httpOnly).toBe(true);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toMatch(/token|sid/i);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a Paraguayan registers on a phone (RUC, department and city) and the language becomes es-PY", async () => {
    const { page, errors, close } = await newPage(MOBILE, "es-PY");
    try {
      const email = uniqueEmail("py");
      await page.goto("/cadastro");
      await page.getByRole("heading", { level: 1, name: es.register.title }).waitFor();
      expect(await page.getByRole("radio", { name: es.register.nationality.paraguay }).isChecked()).toBe(true);
      await page.getByRole("button", { name: es.register.next }).click();

      await page.getByLabel(es.fields.nome, { exact: true }).fill("Carlos");
      await page.getByLabel(es.fields.sobrenome, { exact: true }).fill("Benítez");
      await page.getByLabel(es.fields.email, { exact: true }).fill(email);
      await page.getByLabel(es.fields.emailConfirmation, { exact: true }).fill("otro@example.com");
      await page.getByLabel(es.fields.telefone, { exact: true }).fill("981123456");
      await page.getByLabel(es.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(es.fields.passwordConfirmation, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: es.register.next }).click();
      await page.getByText(esValidation.emails_must_match).first().waitFor();
      await page.getByLabel(es.fields.emailConfirmation, { exact: true }).fill(email);
      await page.getByRole("button", { name: es.register.next }).click();

      const base = String(1_000_000 + Math.floor(Math.random() * 8_000_000));
      await page.getByLabel(es.fields.ruc, { exact: true }).fill(`${base}${rucCheckDigit(base)}`);
      expect(await page.getByLabel(es.fields.ruc, { exact: true }).inputValue()).toBe(`${base}-${rucCheckDigit(base)}`);
      await page.getByLabel(es.fields.identidade, { exact: true }).fill(base);
      await page.getByLabel(es.fields.frente, { exact: true }).setInputFiles(documentImage("frente.png"));
      await page
        .getByLabel(es.fields.verso, { exact: true })
        .setInputFiles({ name: "verso.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
      await page.getByRole("button", { name: es.register.next }).click();
      await page.getByText(esValidation.file_type).first().waitFor();
      await page.getByLabel(es.fields.verso, { exact: true }).setInputFiles(documentImage("verso.png"));
      await page.getByRole("button", { name: es.register.next }).click();

      const department = page.getByLabel(es.fields.departamento, { exact: true });
      await expect.poll(() => department.locator("option").count()).toBeGreaterThan(5);
      await department.selectOption({ label: "Alto Paraná" });
      const city = page.getByLabel(es.fields.cidade, { exact: true });
      await expect.poll(() => city.locator("option").count()).toBeGreaterThan(2);
      await city.selectOption({ label: "Ciudad del Este" });
      await page.getByLabel(es.fields.logradouro, { exact: true }).fill("Avda. San Blas");
      await page.getByLabel(es.fields.numero, { exact: true }).fill("1234");
      await page.getByLabel(es.fields.bairro, { exact: true }).fill("Centro");
      await page.getByLabel(es.fields.comoChegar, { exact: true }).fill("Frente a la plaza");
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: es.register.submit }).click();

      await page.waitForURL(/\/perfil\/dados-pessoais$/);
      await page.getByRole("heading", { level: 1, name: "Datos personales" }).waitFor();
      await page.getByText(email).first().waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("es-PY");
      await expectNoSeriousAxeViolations(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("tells on blur that an e-mail is already in use", async () => {
    const email = shared.email.toUpperCase();
    const { page, close } = await newPage(DESKTOP, "pt-BR");
    try {
      await page.goto("/cadastro");
      await page.getByRole("button", { name: pt.register.next }).click();
      await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await page.getByLabel(pt.fields.email, { exact: true }).blur();
      await page.getByText("O e-mail informado já está em uso.").waitFor();
    } finally {
      await close();
    }
  });
});

describe("login and logout", () => {
  it("refuses wrong credentials, goes back only to internal paths and logs out after confirmation", async () => {
    const { email } = shared;
    const { page, errors, close } = await newPage(DESKTOP, "pt-BR");
    try {
      // A protected page sends the guest to login with the full wanted path.
      await page.goto("/perfil/endereco?aba=1");
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirect") === "/perfil/endereco?aba=1");
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("button", { name: pt.login.submit, exact: true }).click();
      await page.getByText(pt.login.fillAll).waitFor();
      await loginThroughForm(page, email, "Errada#12345");
      await page.getByText("Credenciais inválidas").waitFor();

      await loginThroughForm(page, email, shared.password);
      await page.getByText(pt.login.success).waitFor();
      await page.waitForURL((url) => url.pathname === "/perfil/endereco" && url.search === "?aba=1");
      // A non-foreign customer reads es-PY from now on, and cannot change it.
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es-PY");
      const languageButton = page
        .getByRole("banner")
        .getByRole("button", { name: /idioma|Idioma|language/i })
        .first();
      if (await languageButton.count()) expect(await languageButton.isDisabled()).toBe(true);

      await page.getByRole("button", { name: es.logout.button }).first().click();
      const dialog = page.getByRole("dialog", { name: es.logout.title });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: es.common.cancel }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: es.logout.button }).first().click();
      await page.getByRole("dialog", { name: es.logout.title }).getByRole("button", { name: es.logout.confirm }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      expect((await page.context().cookies()).some((c) => c.name === "sid" && c.value)).toBe(false);
      await page.goto("/perfil");
      await page.waitForURL((url) => url.pathname === "/login");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("never follows an absolute redirect after login", async () => {
    const { email } = shared;
    const { page, close } = await newPage(MOBILE, "pt-BR");
    try {
      await page.goto(`/login?redirect=${encodeURIComponent("https://evil.example/phish")}`);
      await loginThroughForm(page, email, shared.password);
      await page.waitForURL((url) => url.pathname.startsWith("/perfil"));
      expect(new URL(page.url()).host).toBe(new URL(baseURL).host);
    } finally {
      await close();
    }
  });
});

describe("e-mail confirmation and password recovery", () => {
  it("confirms the e-mail from the outbox link, and explains a broken link", async () => {
    const { email } = shared;
    const { page, close } = await newPage(DESKTOP, "pt-BR");
    try {
      await page.goto(await newestMailLink(email, "confirmation-email"));
      await expect
        .poll(() => page.getByRole("main").innerText(), { timeout: 15_000 })
        .toMatch(/E-mail confirmado com sucesso!|Este e-mail já foi confirmado./);
      await page.getByRole("link", { name: pt.common.goToLogin }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await page.goto("/app/confirmation-email/42/abc");
      await page.getByText(pt.confirm.incomplete).waitFor();
      await page.getByRole("link", { name: pt.common.goHome }).waitFor();
    } finally {
      await close();
    }
  });

  it("sends a reset link to the outbox, sets a new password and logs in with it", async () => {
    const { email } = shared;
    const { page, errors, close } = await newPage(MOBILE, "pt-BR");
    try {
      await page.goto("/login");
      await page.getByRole("link", { name: pt.login.forgot }).click();
      await page.getByRole("heading", { level: 1, name: pt.recover.title }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await page.getByRole("button", { name: pt.recover.submit }).click();
      await page.getByText(pt.recover.sent).waitFor();
      expect(await page.getByLabel(pt.fields.email, { exact: true }).count()).toBe(0);
      await page.getByRole("link", { name: pt.common.backToLogin }).waitFor();

      const link = await newestMailLink(email, "reset-password");
      await page.goto(link);
      await page.getByRole("heading", { level: 1, name: pt.reset.title }).waitFor();
      await page.getByLabel(pt.fields.newPassword, { exact: true }).fill("NovaSenha#77");
      await page.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill("OutraSenha#77");
      await page.getByRole("button", { name: pt.reset.submit }).click();
      await page.getByText(ptValidation.passwords_must_match).first().waitFor();
      await page.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill("NovaSenha#77");
      await page.getByRole("button", { name: pt.reset.submit }).click();
      await page.getByText(pt.reset.success).waitFor();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("link", { name: pt.common.goToLogin }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await loginThroughForm(page, email, "NovaSenha#77");
      shared.password = "NovaSenha#77";
      await page.waitForURL((url) => url.pathname.startsWith("/perfil"));

      // The same link cannot be used twice.
      await page.goto(link);
      await page.getByLabel(es.fields.newPassword, { exact: true }).fill("Terceira#77");
      await page.getByLabel(es.fields.passwordConfirmation, { exact: true }).fill("Terceira#77");
      await page.getByRole("button", { name: es.reset.submit }).click();
      await page.getByRole("alert").filter({ hasText: es.reset.failedTitle }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
