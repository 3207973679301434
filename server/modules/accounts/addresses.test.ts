import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "#contract/api/accounts.ts";
import { queryRows } from "#db/client.ts";
import { call, ciudadDelEste, newCustomer, saoPaulo } from "../../../tests/support/customers.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let cde: { id: number; estado_id: number };
let sp: { id: number; estado: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  cde = await ciudadDelEste(t.database.db);
  sp = await saoPaulo(t.app);
});
afterAll(() => t.close());

type Saved = { message: string; data: Address; errors?: Record<string, string[]> };
const customer = (kind: "br" | "py" = "py") => newCustomer(t.app, t.database.db, kind);
const list = async (token: string) => (await call<{ data: Address[] }>(t.app, "GET", "/ecom/cliente/address", { token })).body.data;
const create = (token: string | undefined, body: Record<string, unknown>) => call<Saved>(t.app, "POST", "/ecom/cliente/address", { token, body });
const paraguayan = (extra: Record<string, unknown> = {}) => ({
  nome: "Depósito",
  logradouro: "Calle Pampliega",
  numero: "55",
  bairro: "Microcentro",
  cidade_id: cde.id,
  estado_id: cde.estado_id,
  pais: "Paraguai",
  como_chegar: "Al lado de la farmacia",
  ...extra,
});
const brazilian = (extra: Record<string, unknown> = {}) => ({
  nome: "Casa",
  cep: "01310100",
  logradouro: "Avenida Paulista",
  numero: "900",
  bairro: "Bela Vista",
  cidade_id: sp.id,
  pais: "Brasil",
  ...extra,
});

describe("foreign customers (spec §6: they cannot change address)", () => {
  it("refuses to add, remove or change the main address with 403 and a message in their language", async () => {
    const { token } = await customer("br");
    const before = await list(token);
    const message = "Clientes estrangeiros não podem alterar o endereço: as compras são retiradas na loja física.";
    const added = await create(token, brazilian());
    expect(added.status).toBe(403);
    expect(added.body.message).toBe(message);
    const removed = await call(t.app, "PUT", `/ecom/cliente/address/${before[0]!.id}`, { token, body: { ativo: false } });
    expect([removed.status, removed.body.message]).toEqual([403, message]);
    const main = await call(t.app, "PATCH", `/ecom/cliente/address/${before[0]!.id}/set-main`, { token });
    expect([main.status, main.body.message]).toEqual([403, message]);
    const spanish = await call(t.app, "POST", "/ecom/cliente/address?lang=es-PY", { token, body: brazilian() });
    expect(spanish.body.message).toBe("Los clientes extranjeros no pueden cambiar la dirección: las compras se retiran en la tienda física.");
    expect(await list(token)).toEqual(before);
  });
});

describe("POST and GET /ecom/cliente/address", () => {
  it("adds a Paraguayan address without a CEP and lists it after the main one", async () => {
    const { token } = await customer();
    const res = await create(token, paraguayan());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Endereço salvo com sucesso!");
    expect(res.body.data).toMatchObject({ nome: "Depósito", cep: null, cidade_id: cde.id, pais_id: 2, principal: false, ativo: true });
    const all = await list(token);
    expect(all).toHaveLength(2);
    expect(all[0]!.principal).toBe(true);
    expect(all[1]!.id).toBe(res.body.data.id);
  });

  it("needs an 8-digit CEP for a Brazilian address and stores it masked", async () => {
    const { token } = await customer();
    const missing = await create(token, brazilian({ cep: undefined }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.cep).toEqual(["Este campo é Obrigatório"]);
    const short = await create(token, brazilian({ cep: "0131-010" }));
    expect(short.status).toBe(422);
    expect(short.body.errors?.cep).toEqual(["O CEP deve ter 8 dígitos"]);
    const ok = await create(token, brazilian({ principal: true }));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ cep: "01310-100", cidade: "São Paulo", estado_id: 26, pais_id: 1, principal: true, como_chegar: null });
    expect((await list(token)).filter((a) => a.principal).map((a) => a.id)).toEqual([ok.body.data.id]);
  });

  it("refuses bad bodies with field errors", async () => {
    const { token } = await customer();
    const empty = await create(token, {});
    expect(empty.status).toBe(422);
    for (const field of ["nome", "logradouro", "numero", "bairro", "cidade_id"]) {
      expect(empty.body.errors?.[field], field).toEqual(["Este campo é Obrigatório"]);
    }
    const long = await create(
      token,
      paraguayan({
        nome: "n".repeat(101),
        logradouro: "l".repeat(201),
        numero: "1".repeat(21),
        bairro: "b".repeat(101),
        complemento: "c".repeat(11),
      }),
    );
    expect(long.body.errors).toEqual({
      nome: ["Deve ter no máximo 100 caracteres"],
      logradouro: ["Deve ter no máximo 200 caracteres"],
      numero: ["Deve ter no máximo 20 caracteres"],
      bairro: ["Deve ter no máximo 100 caracteres"],
      complemento: ["Deve ter no máximo 10 caracteres"],
    });
    const typed = await create(token, paraguayan({ cidade_id: "abc", principal: "sim" }));
    expect(typed.body.errors?.cidade_id).toEqual(["Informe um número inteiro"]);
    expect(typed.body.errors?.principal).toEqual(["Valor inválido"]);
    const unknownCity = await create(token, paraguayan({ cidade_id: 99_999_999, estado_id: undefined }));
    expect(unknownCity.status).toBe(422);
    expect(unknownCity.body.errors?.cidade_id).toEqual(["Cidade não encontrada"]);
    const wrongState = await create(token, paraguayan({ estado_id: 26 }));
    expect(wrongState.body.errors?.cidade_id).toEqual(["Cidade não encontrada"]);
    const spanish = await call(t.app, "POST", "/ecom/cliente/address?lang=es-PY", { token, body: {} });
    expect(spanish.body.errors?.nome).toEqual(["Este campo es obligatorio"]);
    expect(await list(token)).toHaveLength(1);
  });

  it("is for logged-in customers only", async () => {
    expect((await create(undefined, paraguayan())).status).toBe(401);
    const res = await call(t.app, "GET", "/ecom/cliente/address");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Sessão expirada. Faça login novamente.");
  });
});

describe("PATCH set-main and PUT soft delete", () => {
  it("moves the main badge, and on deleting the main one hands it to another address", async () => {
    const { token } = await customer();
    const first = (await list(token))[0]!;
    const second = (await create(token, paraguayan())).body.data;
    const third = (await create(token, paraguayan({ nome: "Oficina" }))).body.data;

    const main = await call(t.app, "PATCH", `/ecom/cliente/address/${third.id}/set-main`, { token });
    expect(main.status).toBe(200);
    expect((await list(token)).filter((a) => a.principal).map((a) => a.id)).toEqual([third.id]);

    const removed = await call(t.app, "PUT", `/ecom/cliente/address/${third.id}`, { token, body: { ativo: false, nome: third.nome } });
    expect(removed.status).toBe(200);
    const left = await list(token);
    expect(left.map((a) => a.id).sort()).toEqual([first.id, second.id].sort());
    expect(left.filter((a) => a.principal).map((a) => a.id)).toEqual([first.id]);
    const [row] = await queryRows<{ ativo: boolean }>(t.database.db, sql`SELECT ativo FROM cliente_enderecos WHERE id = ${third.id}`);
    expect(row?.ativo).toBe(false);

    expect((await call(t.app, "PUT", `/ecom/cliente/address/${third.id}`, { token, body: { ativo: false } })).status).toBe(404);
    expect((await call(t.app, "PATCH", `/ecom/cliente/address/${third.id}/set-main`, { token })).status).toBe(404);
  });

  it("keeps one customer's addresses out of another's reach", async () => {
    const owner = await customer();
    const intruder = await customer();
    const target = (await list(owner.token))[0]!;
    const put = await call(t.app, "PUT", `/ecom/cliente/address/${target.id}`, { token: intruder.token, body: { ativo: false } });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe("O Recurso que está tentando acessar não existe");
    expect((await call(t.app, "PATCH", `/ecom/cliente/address/${target.id}/set-main`, { token: intruder.token })).status).toBe(404);
    expect((await list(owner.token))[0]).toEqual(target);
    expect((await list(intruder.token)).some((a) => a.id === target.id)).toBe(false);
  });

  it("refuses bad ids and bodies", async () => {
    const { token } = await customer();
    const id = (await list(token))[0]!.id;
    const reactivate = await call(t.app, "PUT", `/ecom/cliente/address/${id}`, { token, body: { ativo: true } });
    expect(reactivate.status).toBe(422);
    expect(reactivate.body.errors).toHaveProperty("ativo");
    const noBody = await call(t.app, "PUT", `/ecom/cliente/address/${id}`, { token, body: {} });
    expect(noBody.body.errors?.ativo).toEqual(["Este campo é Obrigatório"]);
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      expect((await call(t.app, "PUT", `/ecom/cliente/address/${bad}`, { token, body: { ativo: false } })).status, bad).toBe(422);
      expect((await call(t.app, "PATCH", `/ecom/cliente/address/${bad}/set-main`, { token })).status, bad).toBe(422);
    }
    expect((await call(t.app, "PATCH", `/ecom/cliente/address/99999999/set-main`, { token })).status).toBe(404);
    expect((await call(t.app, "PUT", `/ecom/cliente/address/${id}`, { body: { ativo: false } })).status).toBe(401);
  });
});

describe("POST /ecom/endereco/cidade-por-codigo", () => {
  it("finds São Paulo by its IBGE code, in Brazil", async () => {
    const res = await call<{ id: number; nome: string; estado: { id: number; sigla: string; pais_id: number } }>(
      t.app,
      "POST",
      "/ecom/endereco/cidade-por-codigo",
      { body: { pais_id: 1, codigo: "3550308" } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nome: "São Paulo", estado: { id: 26, sigla: "SP", pais_id: 1 } });
  });

  it("answers 404 for an unknown code and a code of the other country", async () => {
    for (const body of [
      { pais_id: 1, codigo: "9999999" },
      { pais_id: 2, codigo: "3550308" },
    ]) {
      const res = await call(t.app, "POST", "/ecom/endereco/cidade-por-codigo", { body });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Cidade não encontrada");
    }
  });

  it("refuses a bad body with field errors", async () => {
    const res = await call(t.app, "POST", "/ecom/endereco/cidade-por-codigo", { body: { pais_id: 3, codigo: "35503O8" } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(["codigo", "pais_id"]);
    const empty = await call(t.app, "POST", "/ecom/endereco/cidade-por-codigo", { body: {} });
    expect(empty.body.errors?.codigo).toEqual(["Este campo é Obrigatório"]);
    const text = await call(t.app, "POST", "/ecom/endereco/cidade-por-codigo", {
      body: "pais_id=1",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
  });
});
