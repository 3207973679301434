import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../tests/support/customers.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

// A stand-in for ViaCEP on 127.0.0.1: one known code, one unknown, one that hangs up.
let fake: Server;
let t: TestApp;
const asked: string[] = [];
beforeAll(async () => {
  fake = createServer((req, res) => {
    asked.push(req.url ?? "");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/ws/01001000/json/") {
      return send(200, { cep: "01001-000", logradouro: "Praça da Sé", bairro: "Sé", localidade: "São Paulo", uf: "SP", ibge: "3550308" });
    }
    if (req.url === "/ws/99999999/json/") return send(200, { erro: "true" });
    if (req.url === "/ws/88888888/json/") return send(500, {});
    return send(400, {});
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const { port } = fake.address() as AddressInfo;
  t = await createTestApp({ CEP_LOOKUP_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe("GET /ecom/endereco/cep/:cep", () => {
  it("maps the lookup and resolves city and state through the IBGE code", async () => {
    const res = await call<Record<string, unknown>>(t.app, "GET", "/ecom/endereco/cep/01001-000");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cep: "01001-000",
      logradouro: "Praça da Sé",
      bairro: "Sé",
      localidade: "São Paulo",
      uf: "SP",
      ibge: "3550308",
      estado_id: 26,
      estado: "São Paulo",
      cidade: "São Paulo",
    });
    expect(res.body.cidade_id).toEqual(expect.any(Number));
    expect(asked).toContain("/ws/01001000/json/");
  });

  it("answers 200 with erro for an unknown code", async () => {
    const res = await call<Record<string, unknown>>(t.app, "GET", "/ecom/endereco/cep/99999999");
    expect(res.status).toBe(200);
    expect("erro" in res.body).toBe(true);
  });

  it("refuses a malformed code with 400 without asking the service", async () => {
    const before = asked.length;
    const res = await call(t.app, "GET", "/ecom/endereco/cep/123");
    expect(res.status).toBe(400);
    expect(asked.length).toBe(before);
  });

  it("answers 502 when the service fails", async () => {
    const res = await t.app.inject({ method: "GET", url: "/ecom/endereco/cep/88888888" });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toHaveProperty("message");
  });
});

describe("state and city lists", () => {
  it("lists Paraguay's departments and a department's cities", async () => {
    const states = await call<{ data: { id: number; nome: string }[] }>(t.app, "GET", "/ecom/endereco/estados?pais_id=2");
    expect(states.status).toBe(200);
    expect(states.body.data.length).toBeGreaterThan(10);
    const alto = states.body.data.find((s) => s.nome.includes("Alto Paran"));
    expect(alto).toBeDefined();
    const cities = await call<{ data: { id: number; nome: string }[] }>(t.app, "GET", `/ecom/endereco/estados/${alto!.id}/cidades`);
    expect(cities.body.data.some((c) => c.nome.includes("Ciudad del Este"))).toBe(true);
  });

  it("lists Brazil's 27 states", async () => {
    const states = await call<{ data: unknown[] }>(t.app, "GET", "/ecom/endereco/estados?pais_id=1");
    expect(states.body.data).toHaveLength(27);
  });
});
