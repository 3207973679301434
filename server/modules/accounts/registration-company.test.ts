import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "#contract/api/cart.ts";
import { brazilFields, call, login, paraguayFields, register, type Fields } from "../../../tests/support/customers.ts";
import { multipart } from "../../../tests/support/fixtures.ts";
import { pickProducts, placeOrder } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

/** Spec §5 "CPF or CNPJ": a Brazilian registrant may be a person (CPF) or a company (CNPJ). */

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "store-registration-cnpj-"));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const company = (overrides: Fields = {}) => brazilFields(t.app, { documento_tipo: "CNPJ", documento: "11.222.333/0001-81", ...overrides });

describe("a Brazilian company's registration", () => {
  it("registers with a CNPJ, which the profile and the orders show", async () => {
    const fields = await company();
    const res = await register(t.app, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = await login(t.app, String(fields.email));
    expect(session.body.user).toMatchObject({ estrangeiro: true, nationality: "BR", documento_tipo: "CNPJ", documento: "11.222.333/0001-81" });

    const [product] = await pickProducts(t.database.db, 1, 10);
    const { order } = await placeOrder(t.app, session.body.token, [{ produto_id: product!.id, qtde: 1 }]);
    const detail = await call<{ data: Order }>(t.app, "GET", `/ecom/venda/pedidos/${order.external_id}`, { token: session.body.token });
    expect(detail.body.data.comprador).toEqual({ nome: "João da Silva", documento_tipo: "CNPJ", documento: "11.222.333/0001-81" });
  });

  it("accepts an alphanumeric CNPJ (issued since July 2026)", async () => {
    expect((await register(t.app, await company({ documento: "12.ABC.345/01DE-35" }))).status).toBe(200);
  });

  it.each<[string, Fields, string]>([
    ["a CNPJ with a wrong check digit", { documento: "11.222.333/0001-82" }, "CNPJ inválido"],
    ["a CNPJ of repeated digits", { documento: "11.111.111/1111-11" }, "CNPJ inválido"],
    ["a CPF given as a CNPJ", { documento: "529.982.247-25" }, "CNPJ inválido"],
    ["a CNPJ given as a CPF", { documento_tipo: "CPF", documento: "11.222.333/0001-81" }, "CPF inválido"],
  ])("refuses %s", async (_name, overrides, message) => {
    const res = await register(t.app, await company(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors?.documento).toEqual([message]);
  });

  it("says it in Spanish on the Spanish form", async () => {
    const res = await call(t.app, "POST", "/ecom/cliente/cadastrar?lang=es-PY", {
      form: await multipart(await company({ documento: "11.222.333/0001-82" }), {}),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.documento).toEqual(["CNPJ inválido"]);
  });

  it("keeps the CNPJ to Brazilians", async () => {
    const res = await register(t.app, await paraguayFields(t.database.db, { documento_tipo: "CNPJ", documento: "11.222.333/0001-81" }));
    expect(res.status).toBe(422);
    expect(res.body.errors?.documento_tipo).toEqual(["Valor inválido"]);
  });

  it("lets a customer switch the profile between CPF and CNPJ", async () => {
    const fields = await brazilFields(t.app);
    expect((await register(t.app, fields)).status).toBe(200);
    const { token } = (await login(t.app, String(fields.email))).body;
    const update = async (documento_tipo: string, documento: string) =>
      call(t.app, "POST", "/ecom/cliente/update-profile", {
        token,
        form: await multipart({ telefone: "+55 (11) 98765-4321", documento_tipo, documento }, {}),
      });
    const wrong = await update("CNPJ", "11.222.333/0001-80");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.documento).toEqual(["CNPJ inválido"]);
    expect((await update("CNPJ", "11.222.333/0001-81")).status).toBe(200);
    const me = await call<{ documento_tipo: string; documento: string }>(t.app, "POST", "/ecom/me", { token });
    expect(me.body).toMatchObject({ documento_tipo: "CNPJ", documento: "11.222.333/0001-81" });
  });
});
