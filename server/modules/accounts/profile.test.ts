import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "#contract/api/accounts.ts";
import { queryRows } from "#db/client.ts";
import { call, filesUnder, login, newCustomer, PASSWORD } from "../../../tests/support/customers.ts";
import { files as fx, jpeg, multipart, pdf, png, pngSized, type FixtureFile } from "../../../tests/support/fixtures.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "store-profile-"));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const customer = (kind: "br" | "py" = "py") => newCustomer(t.app, t.database.db, kind);
const me = (token: string) => call<User>(t.app, "POST", "/ecom/me", { token });
const storedDocs = (customerId: number) =>
  queryRows<{ lado: string; storage_key: string; mime: string }>(
    t.database.db,
    sql`SELECT lado, storage_key, mime FROM cliente_documentos WHERE customer_id = ${customerId} ORDER BY id`,
  );
const onDisk = (key: string) => path.join(dataDir, "uploads", key);

describe("POST /ecom/cliente/trocar-senha-l", () => {
  const change = (token: string, body: Record<string, string>) => call(t.app, "POST", "/ecom/cliente/trocar-senha-l", { token, body });

  it("refuses a wrong current password and a mismatched confirmation with 422", async () => {
    const { token } = await customer();
    const wrong = await change(token, { password_currently: "Errada#12345", password: "NovaSenha#1", password_confirmation: "NovaSenha#1" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.password_currently).toEqual(["A senha atual está incorreta."]);
    const mismatch = await change(token, { password_currently: PASSWORD, password: "NovaSenha#1", password_confirmation: "NovaSenha#2" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.password_confirmation).toEqual(["As senhas não coincidem. Tente novamente."]);
    const empty = await change(token, { password_currently: "", password: "", password_confirmation: "" });
    expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(["password", "password_confirmation", "password_currently"]);
  });

  it("changes the password, keeps the current session and ends the others", async () => {
    const { token, email } = await customer();
    const other = (await login(t.app, email)).body.token;
    const ok = await change(token, { password_currently: PASSWORD, password: "NovaSenha#1", password_confirmation: "NovaSenha#1" });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Senha alterada com sucesso!");
    expect((await me(token)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await login(t.app, email)).status).toBe(401);
    expect((await login(t.app, email, "NovaSenha#1")).status).toBe(200);
  });

  it("is for logged-in customers only", async () => {
    const res = await call(t.app, "POST", "/ecom/cliente/trocar-senha-l", {
      body: { password_currently: PASSWORD, password: "NovaSenha#1", password_confirmation: "NovaSenha#1" },
    });
    expect(res.status).toBe(401);
  });
});

describe("POST /ecom/cliente/update-profile", () => {
  const update = async (token: string | undefined, fields: Record<string, string | undefined>, parts: Record<string, FixtureFile> = {}) =>
    call<{ message: string; errors?: Record<string, string[]>; user: User }>(t.app, "POST", "/ecom/cliente/update-profile", {
      token,
      form: await multipart(fields, parts),
    });

  it("requires phone, document type and document", async () => {
    const { token } = await customer();
    const res = await update(token, {});
    expect(res.status).toBe(422);
    expect(res.body.errors?.telefone).toEqual(["Este campo é Obrigatório"]);
    expect(res.body.errors?.documento).toEqual(["Este campo é Obrigatório"]);
    expect(res.body.errors).toHaveProperty("documento_tipo");
    expect((await update(undefined, { telefone: "1", documento_tipo: "RUC", documento: "80009735-1" })).status).toBe(401);
  });

  it("updates the phone and document without touching the images", async () => {
    const { token, user } = await customer();
    const before = await storedDocs(user.id);
    const res = await update(token, { telefone: "+595 981 000 111", documento_tipo: "Cédula", documento: "1234567" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ telefone: "+595 981 000 111", documento_tipo: "Cédula", documento: "1234567" });
    expect(await storedDocs(user.id)).toEqual(before);
  });

  it("stores Cédula with its accent even when a client sends it without", async () => {
    const { token } = await customer();
    const res = await update(token, { telefone: "+595 981 000 111", documento_tipo: "Cedula", documento: "1234567" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await me(token)).body.documento_tipo).toBe("Cédula");
  });

  it("refuses a passport from a Brazilian, whose documents are the CPF and the CNPJ", async () => {
    const br = await customer("br");
    const res = await update(br.token, { telefone: "11999998888", documento_tipo: "Passaporte", documento: "FX123456" });
    expect(res.status).toBe(422);
    expect(res.body.errors?.documento_tipo).toEqual(["Valor inválido"]);
  });

  it("accepts a JSON body without images, and refuses a third file part with a 4xx", async () => {
    const { token, user } = await customer();
    const json = await call(t.app, "POST", "/ecom/cliente/update-profile", {
      token,
      body: { telefone: "0981222333", documento_tipo: "RUC", documento: "80009735-1" },
    });
    expect(json.status).toBe(200);
    const before = await storedDocs(user.id);
    const three = await update(
      token,
      { telefone: "0981444555", documento_tipo: "RUC", documento: "80009735-1" },
      {
        frente: fx.png(),
        verso: fx.pdf(),
        extra: fx.jpeg(),
      },
    );
    expect(three.status).toBeGreaterThanOrEqual(400);
    expect(await storedDocs(user.id)).toEqual(before);
    expect((await me(token)).body.telefone).toBe("0981222333");
  });

  it("lets a Brazilian keep only a CPF or a CNPJ and a Paraguayan only RUC or Cédula", async () => {
    const br = await customer("br");
    const ruc = await update(br.token, { telefone: "11999998888", documento_tipo: "RUC", documento: "80009735-1" });
    expect(ruc.status).toBe(422);
    expect(ruc.body.errors?.documento_tipo).toEqual(["Valor inválido"]);
    const badCpf = await update(br.token, { telefone: "11999998888", documento_tipo: "CPF", documento: "111.111.111-11" });
    expect(badCpf.body.errors?.documento).toEqual(["CPF inválido"]);
    const py = await customer();
    const cpf = await update(py.token, { telefone: "0981000111", documento_tipo: "CPF", documento: "529.982.247-25" });
    expect(cpf.status).toBe(422);
    const cnpj = await update(py.token, { telefone: "0981000111", documento_tipo: "CNPJ", documento: "11.222.333/0001-81" });
    expect(cnpj.body.errors?.documento_tipo).toEqual(["Valor inválido"]);
    expect((await me(br.token)).body.documento_tipo).toBe("CPF");
  });

  it("replaces the front image and deletes the old file from disk", async () => {
    const { token, user } = await customer("br");
    const [oldFront] = (await storedDocs(user.id)).filter((d) => d.lado === "frente");
    expect(existsSync(onDisk(oldFront!.storage_key))).toBe(true);
    const fresh = { name: "nova.jpg", type: "image/jpeg", data: jpeg() };
    const res = await update(token, { telefone: "11999998888", documento_tipo: "CPF", documento: "529.982.247-25" }, { frente: fresh });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const docs = await storedDocs(user.id);
    expect(docs.map((d) => d.lado).sort()).toEqual(["frente", "verso"]);
    const newFront = docs.find((d) => d.lado === "frente")!;
    expect(newFront.mime).toBe("image/jpeg");
    expect(existsSync(onDisk(oldFront!.storage_key))).toBe(false);
    expect(readFileSync(onDisk(newFront.storage_key)).equals(fresh.data)).toBe(true);
    const served = await call(t.app, "GET", "/ecom/cliente/documento/frente", { token });
    expect(served.raw.equals(fresh.data)).toBe(true);
  });

  it.each<[string, FixtureFile, string]>([
    ["a GIF", fx.gif(), "Tipo de arquivo não permitido. Envie PNG, JPG ou PDF."],
    ["an executable named .png", fx.disguisedElf(), "Tipo de arquivo não permitido. Envie PNG, JPG ou PDF."],
    ["a file of 5 MB and 1 byte", fx.tooLarge(), "O arquivo deve ter no máximo 5 MB."],
    [
      "a file of 8 MB (cut short by the parser)",
      { name: "big.png", type: "image/png", data: pngSized(8 * 1024 * 1024) },
      "O arquivo deve ter no máximo 5 MB.",
    ],
  ])("refuses %s and keeps the old image", async (_name, file, message) => {
    const { token, user } = await customer();
    const before = await storedDocs(user.id);
    const res = await update(token, { telefone: "0981000111", documento_tipo: "RUC", documento: "80009735-1" }, { verso: file });
    expect(res.status).toBe(422);
    expect(res.body.errors?.verso).toEqual([message]);
    expect(await storedDocs(user.id)).toEqual(before);
    expect(before.every((d) => existsSync(onDisk(d.storage_key)))).toBe(true);
    expect((await me(token)).body.telefone).toBe("+595 983 123 456");
  });
});

describe("GET /ecom/cliente/documento/{lado}", () => {
  it("serves each customer only their own images with their type, never publicly", async () => {
    const a = await customer("br");
    const b = await customer();
    await call(t.app, "POST", "/ecom/cliente/update-profile", {
      token: b.token,
      form: await multipart(
        { telefone: "0981000111", documento_tipo: "RUC", documento: "80009735-1" },
        { frente: { name: "b.png", type: "image/png", data: png(2, 2, [1, 2, 3]) } },
      ),
    });
    const aFront = await call(t.app, "GET", "/ecom/cliente/documento/frente", { token: a.token });
    expect(aFront.status).toBe(200);
    expect(aFront.headers["content-type"]).toBe("image/png");
    expect(aFront.headers["cache-control"]).toBe("private, no-store");
    expect(aFront.raw.equals(png())).toBe(true);
    const aBack = await call(t.app, "GET", "/ecom/cliente/documento/verso", { token: a.token });
    expect(aBack.headers["content-type"]).toBe("application/pdf");
    expect(aBack.raw.equals(pdf())).toBe(true);

    const bFront = await call(t.app, "GET", "/ecom/cliente/documento/frente", { token: b.token });
    expect(bFront.raw.equals(png(2, 2, [1, 2, 3]))).toBe(true);
    expect(bFront.raw.equals(aFront.raw)).toBe(false);

    expect((await call(t.app, "GET", "/ecom/cliente/documento/frente")).status).toBe(401);
    expect((await call(t.app, "GET", "/ecom/cliente/documento/..%2F..%2Fetc", { token: a.token })).status).toBe(404);
    expect((await call(t.app, "GET", `/ecom/cliente/documento/frente?customer_id=${b.user.id}`, { token: a.token })).raw.equals(aFront.raw)).toBe(
      true,
    );

    const keys = (await storedDocs(a.user.id)).map((d) => d.storage_key);
    expect(keys.every((k) => k.startsWith(`documents/${a.user.uuid}/`))).toBe(true);
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
    for (const key of keys) expect((await call(t.app, "GET", `/media/${key}`)).status).toBe(404);
  });
});
