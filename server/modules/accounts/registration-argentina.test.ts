import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "#contract/api/accounts.ts";
import { argentinaFields, call, ciudadDelEste, login, newCustomer, paraguayFields, register, type Fields } from "../../../tests/support/customers.ts";
import { multipart } from "../../../tests/support/fixtures.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "store-registration-ar-"));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function refused(fields: Fields, field: string, message: string) {
  const res = await register(t.app, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors?.[field]?.[0], JSON.stringify(res.body.errors)).toBe(message);
}

describe("registration of an Argentinian (spec §5: CUIT in the Argentine locale)", () => {
  it("registers with a CUIT and an Argentine address, reading es-AR", async () => {
    const fields = argentinaFields();
    const res = await register(t.app, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = await login(t.app, String(fields.email));
    expect(session.status).toBe(200);
    const user = session.body.user;
    expect(user).toMatchObject({ estrangeiro: false, nationality: "AR", documento_tipo: "CUIT", documento: "20-17254359-7", lang: "es-AR" });
    expect(user.enderecos).toEqual([
      expect.objectContaining({
        pais_id: 3,
        pais: "Argentina",
        estado: "Misiones",
        cidade: "Posadas",
        cidade_id: null,
        cep: "N3300",
        principal: true,
      }),
    ]);
  });

  it("registers with a Paraguayan address for deliveries instead", async () => {
    const cde = await ciudadDelEste(t.database.db);
    const fields = argentinaFields({ pais_id: 2, estado_id: cde.estado_id, cidade_id: cde.id, cidade: "", cep: "" });
    expect((await register(t.app, fields)).status).toBe(200);
    const user = (await login(t.app, String(fields.email))).body.user;
    expect(user.enderecos).toEqual([expect.objectContaining({ pais_id: 2, cidade_id: cde.id, cidade: "Ciudad del Este" })]);
  });

  it("answers in Spanish when the form is in es-AR", async () => {
    const res = await call(t.app, "POST", "/ecom/cliente/cadastrar?lang=es-AR", {
      form: await multipart(argentinaFields({ documento: "20-17254359-6" }), {}),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.documento).toEqual(["CUIT inválido"]);
    expect(res.body.message).toBe("¡Hay algunos campos con problemas, verifique e intente nuevamente!");
  });

  it.each<[string, Fields, string, string]>([
    ["a CUIT with a wrong check digit", { documento: "20-17254359-6" }, "documento", "CUIT inválido"],
    ["a CUIT of ten digits", { documento: "2017254359" }, "documento", "CUIT inválido"],
    ["a RUC instead of the CUIT", { documento_tipo: "RUC", documento: "80009735-1" }, "documento_tipo", "Valor inválido"],
    ["a Brazilian address", { pais_id: 1 }, "pais_id", "Valor inválido"],
    ["an Argentine address without its city", { cidade: "" }, "cidade", "Selecione a cidade"],
    ["an Argentine address without its province", { estado_id: "" }, "estado_id", "Selecione o estado"],
    ["a Paraguayan department as its province", { estado_id: 30 }, "estado_id", "Selecione o estado"],
    ["the Brazilian nationality in the Spanish flow", { nacionalidade: "BR" }, "nacionalidade", "Valor inválido"],
  ])("refuses %s", async (_name, overrides, field, message) => {
    await refused(argentinaFields(overrides), field, message);
  });

  it("keeps Paraguayans to Paraguayan addresses", async () => {
    await refused(await paraguayFields(t.database.db, { pais_id: 3, estado_id: 59, cidade: "Posadas", cidade_id: "" }), "pais_id", "Valor inválido");
  });

  it("lists the Argentine provinces for the address form", async () => {
    const res = await call<{ data: { id: number; nome: string }[] }>(t.app, "GET", "/ecom/endereco/estados?pais_id=3");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(24);
    expect(res.body.data.map((p) => p.nome)).toContain("Misiones");
  });

  it("lets an Argentinian change the CUIT in the profile, and nothing else as document", async () => {
    const { token } = await newCustomer(t.app, t.database.db, "ar");
    const update = async (fields: Fields) =>
      call<{ user: User; errors?: Record<string, string[]> }>(t.app, "POST", "/ecom/cliente/update-profile", {
        token,
        form: await multipart(fields, {}),
      });
    const ok = await update({ telefone: "+54 9 376 400 0000", documento_tipo: "CUIT", documento: "33-69345023-9" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user).toMatchObject({ documento_tipo: "CUIT", documento: "33-69345023-9" });
    for (const [tipo, documento] of [
      ["RUC", "80009735-1"],
      ["Cédula", "1234567"],
      ["CPF", "529.982.247-25"],
    ]) {
      const res = await update({ telefone: "+54 9 376 400 0000", documento_tipo: tipo, documento });
      expect(res.status).toBe(422);
      expect(res.body.errors?.documento_tipo).toEqual(["Valor inválido"]);
    }
  });
});
