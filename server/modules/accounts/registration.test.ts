import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "#contract/api/accounts.ts";
import { queryRows } from "#db/client.ts";
import {
  brazilFields,
  call,
  ciudadDelEste,
  documentFiles,
  filesUnder,
  lastLink,
  login,
  mailsTo,
  nextIp,
  paraguayFields,
  register,
  uniqueEmail,
  type Fields,
} from "../../../tests/support/customers.ts";
import { files as fx, multipart, type FixtureFile } from "../../../tests/support/fixtures.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "store-registration-"));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const uploads = () => filesUnder(path.join(dataDir, "uploads"));
const customersWith = async (email: unknown) =>
  (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM clientes WHERE lower(email) = lower(${String(email)})`))[0]!.n;

/** Registers, expects a 422 naming `field` with `message`, and checks nothing was left behind. */
async function refused(fields: Fields, field: string, message: string | RegExp, parts: Record<string, FixtureFile | undefined> = documentFiles()) {
  const before = uploads().length;
  const res = await register(t.app, fields, parts);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toBe("Existem alguns campos com problema, verifique e tente novamente!");
  expect(res.body.errors?.[field]?.[0], JSON.stringify(res.body.errors)).toMatch(message);
  expect(await customersWith(fields.email)).toBe(0);
  expect(uploads()).toHaveLength(before);
  return res.body;
}

const me = async (token: string) => (await call<User>(t.app, "POST", "/ecom/me", { token })).body;

describe("POST /ecom/cliente/cadastrar/check-email", () => {
  it("answers 200 for a free e-mail and 409 with errors.email for a taken one, in any case", async () => {
    const fields = await paraguayFields(t.database.db);
    const free = await call(t.app, "POST", "/ecom/cliente/cadastrar/check-email", { body: { email: fields.email } });
    expect(free.status).toBe(200);
    expect((await register(t.app, fields)).status).toBe(200);
    const taken = await call(t.app, "POST", "/ecom/cliente/cadastrar/check-email", {
      body: { email: ` ${String(fields.email).toUpperCase()} ` },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.email?.[0]).toBe("O e-mail informado já está em uso.");
  });

  it("refuses a malformed e-mail with a field error", async () => {
    const res = await call(t.app, "POST", "/ecom/cliente/cadastrar/check-email", { body: { email: "não-é-email" } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.email).toEqual(["Email inválido"]);
  });
});

describe("registration, Brazil flow (estrangeiro 1)", () => {
  it("creates the customer with CPF, CEP and the city found by its IBGE code, then logs in", async () => {
    const fields = await brazilFields(t.app, { cep: "01310100" });
    const res = await register(t.app, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/Cadastro realizado com sucesso/);

    const session = await login(t.app, String(fields.email));
    expect(session.status).toBe(200);
    expect(session.body.message).toBe("Login realizado com sucesso!");
    const user = await me(session.body.token);
    expect(user).toMatchObject({
      id: res.body.id,
      email: fields.email,
      estrangeiro: true,
      nationality: "BR",
      documento_tipo: "CPF",
      documento: "529.982.247-25",
      identidade_complemento: "SSP/SP",
      lang: "pt-BR",
      email_verified_at: null,
      documentos: { frente: true, verso: true },
    });
    expect(user.enderecos).toHaveLength(1);
    expect(user.enderecos[0]).toMatchObject({ principal: true, ativo: true, cep: "01310-100", cidade: "São Paulo", estado_id: 26, pais_id: 1 });

    const link = await lastLink(t.app, String(fields.email), "confirmation-email");
    expect(link.uuid).toBe(user.uuid);
    expect(link.mail.assunto).toMatch(/^Confirme seu e-mail/);
    expect(link.mail.texto).toMatch(/Obrigado pelo seu cadastro/);
  });

  it("keeps the document images under DATA_DIR/uploads, never under media/", async () => {
    const fields = await brazilFields(t.app);
    const res = await register(t.app, fields, { frente: fx.jpeg(), verso: fx.gif() });
    expect(res.status).toBe(200);
    const [{ uuid }] = await queryRows<{ uuid: string }>(t.database.db, sql`SELECT uuid FROM clientes WHERE id = ${res.body.id!}`);
    const mine = uploads().filter((f) => f.startsWith(path.join("documents", uuid!)));
    expect(mine.map((f) => path.extname(f)).sort()).toEqual([".gif", ".jpg"]);
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
    const exposed = await call(t.app, "GET", `/media/${mine[0]}`);
    expect(exposed.status).toBe(404);
  });

  it.each<[string, Fields, string, string | RegExp]>([
    ["a missing CEP", { cep: "" }, "cep", "Este campo é Obrigatório"],
    ["a CEP that is not 8 digits", { cep: "0131-10" }, "cep", "O CEP deve ter 8 dígitos"],
    ["a CEP over 10 characters", { cep: "01310-100000" }, "cep", "Deve ter no máximo 10 caracteres"],
    ["a missing identity complement", { identidade_complemento: undefined }, "identidade_complemento", "Este campo é Obrigatório"],
    ["an identity complement over 10", { identidade_complemento: "SSP/SP-1234" }, "identidade_complemento", "Deve ter no máximo 10 caracteres"],
    ["a CPF with a wrong check digit", { documento: "529.982.247-24" }, "documento", "CPF inválido"],
    ["a RUC for a Brazilian", { documento_tipo: "RUC", documento: "80009735-1" }, "documento_tipo", "Valor inválido"],
  ])("refuses %s", async (_name, overrides, field, message) => {
    await refused(await brazilFields(t.app, overrides), field, message);
  });

  it("refuses a Paraguayan city", async () => {
    const py = await ciudadDelEste(t.database.db);
    await refused(await brazilFields(t.app, { cidade_id: py.id, estado_id: py.estado_id }), "cidade_id", "Cidade não encontrada");
  });
});

describe("registration, Paraguay flow (estrangeiro 0)", () => {
  it("creates the customer with RUC, razón social and how to get there, in Spanish", async () => {
    const fields = await paraguayFields(t.database.db, { nome: "María <img src=x onerror=alert(1)>" });
    const res = await register(t.app, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = await login(t.app, String(fields.email));
    const user = await me(session.body.token);
    expect(user).toMatchObject({
      estrangeiro: false,
      nationality: "PY",
      documento_tipo: "RUC",
      documento: "80009735-1",
      razao_social: "Ferretería Benítez S.A.",
      identidade_complemento: null,
      lang: "es-PY",
      documentos: { frente: true, verso: true },
    });
    expect(user.enderecos[0]).toMatchObject({
      principal: true,
      cep: null,
      cidade: expect.stringMatching(/^Ciudad del Este$/i),
      cidade_id: fields.cidade_id,
      estado_id: fields.estado_id,
      pais_id: 2,
      como_chegar: "Frente al shopping, portón verde",
    });
    const link = await lastLink(t.app, String(fields.email), "confirmation-email");
    expect(link.uuid).toBe(user.uuid);
    expect(link.mail.assunto).toMatch(/^Confirme su correo/);
    expect(link.mail.texto).toMatch(/Gracias por registrarse/);
    expect(link.mail.html).not.toContain("<img");
    expect(link.mail.html).toContain("María &lt;img src=x onerror=alert(1)&gt;");
  });

  it("accepts a Cédula instead of a RUC, and stores it with its accent", async () => {
    const fields = await paraguayFields(t.database.db, { documento_tipo: "Cédula", documento: "4567890", razao_social: "" });
    const res = await register(t.app, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await login(t.app, String(fields.email))).body.user.documento_tipo).toBe("Cédula");
  });

  it.each<[string, Fields, string, string | RegExp]>([
    ["a RUC with a wrong check digit", { documento: "80009735-2" }, "documento", "RUC inválido"],
    ["a missing document", { documento: "" }, "documento", "Este campo é Obrigatório"],
    ["a CPF for a Paraguayan", { documento_tipo: "CPF", documento: "529.982.247-25" }, "documento_tipo", "Valor inválido"],
    ["a missing department", { estado_id: undefined }, "estado_id", "Selecione o estado"],
    ["an unselected department", { estado_id: "" }, "estado_id", "Selecione o estado"],
    ["a missing city", { cidade_id: undefined }, "cidade_id", "Selecione a cidade"],
    ["a city of another department", { estado_id: 26 }, "cidade_id", "Cidade não encontrada"],
    ["an unknown city", { cidade_id: 99_999_999 }, "cidade_id", "Cidade não encontrada"],
    ["a razão social over 200", { razao_social: "x".repeat(201) }, "razao_social", "Deve ter no máximo 200 caracteres"],
  ])("refuses %s", async (_name, overrides, field, message) => {
    await refused(await paraguayFields(t.database.db, overrides), field, message);
  });

  it("refuses a Brazilian city for a Paraguay resident", async () => {
    const sp = await call<{ id: number; estado: { id: number } }>(t.app, "POST", "/ecom/endereco/cidade-por-codigo", {
      body: { pais_id: 1, codigo: "3550308" },
    });
    await refused(await paraguayFields(t.database.db, { cidade_id: sp.body.id, estado_id: sp.body.estado.id }), "cidade_id", "Cidade não encontrada");
  });
});

describe("registration rules (spec §5)", () => {
  it("names every missing field of an empty form", async () => {
    const res = await register(t.app, {}, {});
    expect(res.status).toBe(422);
    for (const field of ["nome", "sobrenome", "email", "telefone", "password", "logradouro", "numero", "bairro", "identidade"]) {
      expect(res.body.errors?.[field], field).toEqual(["Este campo é Obrigatório"]);
    }
    expect(Object.keys(res.body.errors ?? {})).toEqual(expect.arrayContaining(["estrangeiro", "documento_tipo"]));
  });

  it.each<[string, Fields, string, string | RegExp]>([
    ["a name over 200", { nome: "a".repeat(201) }, "nome", "Deve ter no máximo 200 caracteres"],
    ["a surname over 200", { sobrenome: "a".repeat(201) }, "sobrenome", "Deve ter no máximo 200 caracteres"],
    ["a blank name", { nome: "   " }, "nome", "Este campo é Obrigatório"],
    [
      "an e-mail over 200",
      { email: `${"a".repeat(195)}@x.com`, email_confirmation: `${"a".repeat(195)}@x.com` },
      "email",
      "Deve ter no máximo 200 caracteres",
    ],
    ["a malformed e-mail", { email: "joao@", email_confirmation: "joao@" }, "email", "Email inválido"],
    ["a different confirmation e-mail", { email_confirmation: "outro@example.com" }, "email_confirmation", "Os e-mails devem ser iguais"],
    ["a phone over 20", { telefone: "+595 983 123 456 7890" }, "telefone", "Deve ter no máximo 20 caracteres"],
    ["a password under 8", { password: "Abc#123", password_confirmation: "Abc#123" }, "password", "Deve ter pelo menos 8 caracteres"],
    ["a password over 20", { password: "A".repeat(21), password_confirmation: "A".repeat(21) }, "password", "Deve ter no máximo 20 caracteres"],
    ["the word password", { password: "PassWord", password_confirmation: "PassWord" }, "password", /password/],
    ["a different confirmation", { password_confirmation: "Ferramenta#2025" }, "password_confirmation", "As senhas não coincidem. Tente novamente."],
    ["a street over 200", { logradouro: "r".repeat(201) }, "logradouro", "Deve ter no máximo 200 caracteres"],
    ["a number over 20", { numero: "1".repeat(21) }, "numero", "Deve ter no máximo 20 caracteres"],
    ["a neighbourhood over 100", { bairro: "b".repeat(101) }, "bairro", "Deve ter no máximo 100 caracteres"],
    ["a document over 20", { documento_tipo: "Cedula", documento: "1".repeat(21) }, "documento", "Deve ter no máximo 20 caracteres"],
    ["an identity over 20", { identidade: "1".repeat(21) }, "identidade", "Deve ter no máximo 20 caracteres"],
    ["an unknown nationality flag", { estrangeiro: "2" }, "estrangeiro", "Valor inválido"],
  ])("refuses %s", async (_name, overrides, field, message) => {
    await refused(await paraguayFields(t.database.db, overrides), field, message);
  });

  it.each<[string, Record<string, FixtureFile | undefined>, string, string]>([
    ["no front image", { verso: fx.pdf() }, "frente", "Envie a imagem do documento"],
    ["no back image", { frente: fx.png() }, "verso", "Envie a imagem do documento"],
    ["a file over 5 MB", { frente: fx.tooLarge(), verso: fx.pdf() }, "frente", "O arquivo deve ter no máximo 5 MB."],
    [
      "an executable named .png",
      { frente: fx.disguisedElf(), verso: fx.pdf() },
      "frente",
      "Tipo de arquivo não permitido. Envie PNG, JPG, GIF ou PDF.",
    ],
    ["text named .png", { frente: fx.png(), verso: fx.disguisedText() }, "verso", "Tipo de arquivo não permitido. Envie PNG, JPG, GIF ou PDF."],
  ])("refuses %s", async (_name, parts, field, message) => {
    await refused(await paraguayFields(t.database.db), field, message, parts);
  });

  it("accepts a file of exactly 5 MB", async () => {
    const res = await register(t.app, await paraguayFields(t.database.db), { frente: fx.largest(), verso: fx.pdf() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("answers 409 for an e-mail already used, in another case, and leaves nothing behind", async () => {
    const fields = await paraguayFields(t.database.db);
    expect((await register(t.app, fields)).status).toBe(200);
    const before = uploads().length;
    const again = await register(t.app, { ...fields, email: String(fields.email).toUpperCase(), email_confirmation: fields.email });
    expect(again.status).toBe(409);
    expect(again.body.errors?.email).toEqual(["O e-mail informado já está em uso."]);
    expect(await customersWith(fields.email)).toBe(1);
    expect(uploads()).toHaveLength(before);
    expect(await mailsTo(t.app, String(fields.email))).toHaveLength(1);
  });

  it("answers in Spanish for a Spanish-speaking visitor", async () => {
    const fields = await paraguayFields(t.database.db, { email_confirmation: uniqueEmail() });
    const res = await call(t.app, "POST", "/ecom/cliente/cadastrar?lang=es-PY", {
      form: await multipart(fields, documentFiles()),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.email_confirmation).toEqual(["Los correos electrónicos deben ser iguales"]);
  });

  it("refuses a body that is not a well-formed multipart form with a 4xx", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/ecom/cliente/cadastrar",
      remoteAddress: nextIp(),
      headers: { "content-type": "multipart/form-data; boundary=----x" },
      payload: '------x\r\nContent-Disposition: form-data; name="nome"\r\n\r\nJo',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const noBoundary = await t.app.inject({
      method: "POST",
      url: "/ecom/cliente/cadastrar",
      remoteAddress: nextIp(),
      headers: { "content-type": "multipart/form-data" },
      payload: "nome=x",
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });

  it("limits registrations per address", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(t.app, {}, {}, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
