import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ID } from "#contract/api/common.ts";
import { brazilFields, call, newCustomer, paraguayFields, register, type ApiError } from "../tests/support/customers.ts";
import { cartBody, pickProducts } from "../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";

/**
 * Ids past a 32-bit integer and text holding NUL reached PostgreSQL, which refused them, and the
 * customer saw a server error. They are the client's mistake: a 4xx with the field's message.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await newCustomer(t.app, t.database.db, "py")).token;
});
afterAll(() => t.close());

const HUGE = "99999999999";
const PAST_INT32 = String(MAX_ID + 1);

describe("ids past the 32-bit range", () => {
  it("answers 404 for a product id no product can have", async () => {
    for (const id of [HUGE, PAST_INT32, "9".repeat(30)]) {
      const res = await call(t.app, "GET", `/api/public/products/${id}/details`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Produto não encontrado");
    }
    // The largest id still is one (and is simply not found).
    expect((await call(t.app, "GET", `/api/public/products/${MAX_ID}/details`)).status).toBe(404);
  });

  it("refuses them in the product list's filters with the field's message", async () => {
    for (const field of ["category_id", "department_id", "brand_id", "brands_ids"]) {
      const res = await call(t.app, "GET", `/api/public/products?${field}=${HUGE}`, { headers: { "accept-language": "es" } });
      expect(res.status, field).toBe(422);
      expect(res.body.message).toBe("¡Hay algunos campos con problemas, verifique e intente nuevamente!");
      expect(res.body.errors?.[field]?.length, field).toBeGreaterThan(0);
    }
    const listed = await call(t.app, "GET", `/api/public/products?brands_ids=1,${PAST_INT32}`);
    expect(listed.status).toBe(422);
    expect((await call(t.app, "GET", `/api/public/products/export?category_id=${HUGE}`)).status).toBe(422);
    expect((await call(t.app, "GET", `/api/public/products?brand_id=${MAX_ID}`)).status).toBe(200);
  });

  it("refuses them for favourites and addresses of a signed-in customer", async () => {
    const favourite = await call(t.app, "POST", "/ecom/favoritos", { token, body: { produto_id: Number(HUGE) } });
    expect(favourite.status).toBe(422);
    expect(favourite.body.errors?.produto_id).toEqual([`Deve ser no máximo ${MAX_ID}`]);
    expect((await call(t.app, "DELETE", `/ecom/favoritos/${HUGE}`, { token })).status).toBe(422);
    expect((await call(t.app, "PATCH", `/ecom/cliente/address/${HUGE}/set-main`, { token })).status).toBe(422);
    expect((await call(t.app, "PUT", `/ecom/cliente/address/${HUGE}`, { token, body: { ativo: false } })).status).toBe(422);
    const address = await call(t.app, "POST", "/ecom/cliente/address", {
      token,
      body: { nome: "Casa", logradouro: "Rua A", numero: "1", bairro: "Centro", cidade_id: Number(HUGE) },
    });
    expect(address.status).toBe(422);
    expect(Object.keys(address.body.errors ?? {})).toEqual(["cidade_id"]);
  });

  it("refuses them in registration's selects", async () => {
    const res = await register(t.app, await brazilFields(t.app, { cidade_id: HUGE }));
    expect(res.status).toBe(422);
    expect(res.body.errors?.cidade_id).toEqual([`Deve ser no máximo ${MAX_ID}`]);
  });
});

describe("text holding NUL or another control character", () => {
  it("refuses a NUL in the search text in the customer's language", async () => {
    const res = await call<ApiError>(t.app, "GET", "/api/public/products?text=chave%00", { headers: { "accept-language": "es" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ text: ["Valor inválido"] });
  });

  it("refuses a NUL in registration's sobrenome and in an address's nome and bairro", async () => {
    const reg = await register(t.app, await brazilFields(t.app, { sobrenome: "da\u0000Silva" }));
    expect(reg.status).toBe(422);
    expect(reg.body.message).toBe("Existem alguns campos com problema, verifique e tente novamente!");
    expect(reg.body.errors).toEqual({ sobrenome: ["Valor inválido"] });

    const city = (await call<{ id: number }>(t.app, "POST", "/ecom/endereco/cidade-por-codigo", { body: { pais_id: 1, codigo: "3550308" } })).body;
    const address = await call(t.app, "POST", "/ecom/cliente/address", {
      token,
      body: { nome: "Ca\u0000sa", logradouro: "Rua A", numero: "1", bairro: "\u0000", cidade_id: city.id, cep: "01310-100" },
    });
    expect(address.status).toBe(422);
    expect(address.body.errors).toEqual({ nome: ["Valor inválido"], bairro: ["Valor inválido"] });
  });

  it("refuses a NUL in a cart line's token", async () => {
    const [product] = await pickProducts(t.database.db, 1);
    const body = cartBody([{ produto_id: product!.id, qtde: 1 }]);
    body.itens[0]!.token = "a\u0000b";
    const res = await call(t.app, "POST", "/ecom/venda/carrinho", { body });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "itens.0.token": ["Valor inválido"] });
  });

  it("refuses the other C0 controls in one-line fields and keeps line breaks where text is multi-line", async () => {
    for (const c of ["\u0001", "\u001b", "\u007f", "\n"]) {
      const res = await call(t.app, "GET", `/api/public/products?text=${encodeURIComponent(`a${c}b`)}`);
      expect(res.status, JSON.stringify(c)).toBe(422);
    }
    const ok = await register(t.app, await paraguayFields(t.database.db, { como_chegar: "Portón verde\r\nfrente al banco" }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("answers 404 for a payment page reference holding NUL", async () => {
    for (const method of ["GET", "POST"] as const) {
      const res = await call(t.app, method, "/pagamento/sandbox/sbx_a%00b", {
        ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "decision=approve" } : {}),
      });
      expect(res.status, method).toBe(404);
    }
  });
});
