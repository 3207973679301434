import { randomUUID } from "node:crypto";
import Big from "big.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryOption } from "#contract/api/cart.ts";
import type { ApiErrorBody as ApiError } from "#contract/api/errors.ts";
import { convertPrice, type ExchangeRate } from "#contract/money.ts";
import { queryRows } from "#db/client.ts";
import { call, newCustomer, saoPaulo } from "../../../tests/support/customers.ts";
import {
  addSaoPauloAddress,
  checkout,
  createCart,
  pickProducts,
  pickupPoints,
  quote,
  shopper,
  storePickup,
  type Product,
} from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

const NO_DELIVERY = "Não realizamos entregas para sua região. Por favor, selecione um ponto de retirada abaixo.";
let t: TestApp;
let p: Product;
let rates: ExchangeRate[];
const city: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [p] = await pickProducts(t.database.db, 1, 50);
  const rows = await queryRows<{ id: number; nome: string }>(
    t.database.db,
    sql`SELECT c.id, c.nome FROM cidades c JOIN estados e ON e.id = c.estado_id
        WHERE e.pais_id = 2 AND c.nome IN ('Ciudad del Este', 'Encarnación', 'Hernandarias', 'Asunción')`,
  );
  for (const r of rows) city[r.nome] = r.id;
  city["São Paulo"] = (await saoPaulo(t.app)).id;
  const start = await t.app.inject({ method: "GET", url: "/api/public/start" });
  rates = start.json<{ exchange_rates: ExchangeRate[] }>().exchange_rates;
});
afterAll(() => t.close());

const byService = (options: DeliveryOption[]) => Object.fromEntries(options.map((o) => [o.descricao, o]));
const guestCart = (moeda = 3) => createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { moeda_id: moeda });

describe("PUT /ecom/venda/carrinho/{external_id}/calcular-frete", () => {
  it("quotes Ciudad del Este at the city's courier rate, the department's carrier rate, the pickup network and the shop", async () => {
    const cart = await guestCart(3);
    const res = await quote(t.app, cart, { cidade_id: city["Ciudad del Este"], moeda_id: 3 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeUndefined();
    const o = byService(res.body.data);
    expect(o["Motoboy Alto Paraná (mesmo dia)"]).toMatchObject({ valor: "15000", prazo: 1, moeda: { id: 3, simbolo: "G$" } });
    expect(o["Transportadora Nacional"]).toMatchObject({ valor: "20000", prazo: 1 });
    const network = o["Retirada em ponto parceiro"]!;
    expect(network.opcionais.pontos_entrega.length).toBeGreaterThan(0);
    expect(network.opcionais.pontos_entrega[0]).toMatchObject({ id: expect.any(Number), nome: expect.any(String), cidade_id: expect.any(Number) });
    const shop = storePickup(res.body.data);
    expect(shop).toMatchObject({ entrega_servico_id: null, valor: "0", descricao: "Retirada na loja", prazo: 0 });
    expect(res.body.data.at(-1)).toBe(shop);
    expect(res.body.data.every((d) => d.token.length > 20 && d.valor_formatado.startsWith("G$"))).toBe(true);
    expect(res.body.data.filter((d) => d.entrega_servico_id !== null).every((d) => d.entrega_servico_id! > 0)).toBe(true);
  });

  it("quotes another department at its department rate, with no same-day courier", async () => {
    const cart = await guestCart(3);
    const res = await quote(t.app, cart, { cidade_id: city["Encarnación"] });
    const o = byService(res.body.data);
    expect(o["Motoboy Alto Paraná (mesmo dia)"]).toBeUndefined();
    expect(o["Transportadora Nacional"]).toMatchObject({ valor: "35000", prazo: 2 });
    expect(storePickup(res.body.data).valor).toBe("0");
  });

  it("prices shipping in the cart's currency (dollars here), in Spanish when asked", async () => {
    const cart = await guestCart(2);
    const res = await call<{ data: DeliveryOption[] }>(t.app, "PUT", `/ecom/venda/carrinho/${cart.external_id}/calcular-frete?lang=es-PY`, {
      body: { cidade_id: city["Hernandarias"] },
    });
    expect(res.status).toBe(200);
    const courier = byService(res.body.data)["Delivery en el día - Alto Paraná"]!;
    expect(courier.moeda.id).toBe(2);
    expect(new Big(courier.valor).eq(convertPrice("25000", 3, 2, rates))).toBe(true);
    expect(storePickup(res.body.data)).toMatchObject({ valor: "0.00", descricao: "Retiro en la tienda" });
  });

  it("offers a Brazilian destination the shop only, with the no-delivery message", async () => {
    const cart = await guestCart(2);
    const res = await quote(t.app, cart, { cidade_id: city["São Paulo"], pais_id: 1, cep: "01310100" });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ entrega_servico_id: null, valor: "0.00" });
    expect(res.body.message).toBe(NO_DELIVERY);
  });

  it("uses a customer's saved address; a foreign customer gets the shop only wherever they ask", async () => {
    const resident = await shopper(t.app, t.database.db, "py");
    const mine = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: resident.token });
    const home = await quote(t.app, mine, { cliente_endereco_id: resident.addressId }, resident.token);
    expect(byService(home.body.data)["Motoboy Alto Paraná (mesmo dia)"]?.valor).toBe("15000");
    const sp = await addSaoPauloAddress(t.app, resident.token);
    const brazil = await quote(t.app, mine, { cliente_endereco_id: sp }, resident.token);
    expect([brazil.body.data.length, brazil.body.message]).toEqual([1, NO_DELIVERY]);

    const foreigner = await shopper(t.app, t.database.db, "br");
    const theirs = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: foreigner.token });
    for (const body of [{ cliente_endereco_id: foreigner.addressId }, { cidade_id: city["Ciudad del Este"] }]) {
      const res = await quote(t.app, theirs, body, foreigner.token);
      expect(res.status).toBe(200);
      expect(res.body.data.map((o) => o.entrega_servico_id)).toEqual([null]);
      expect(res.body.message).toBe(NO_DELIVERY);
    }
    // Someone else's address is not found; a guest cannot name an address at all.
    expect((await quote(t.app, mine, { cliente_endereco_id: foreigner.addressId }, resident.token)).status).toBe(404);
    expect((await quote(t.app, await guestCart(), { cliente_endereco_id: resident.addressId })).status).toBe(401);
  });

  it("prices the pickup network for a chosen point, and refuses an unknown point", async () => {
    const cart = await guestCart(3);
    const points = (await pickupPoints(t.app, cart.external_id)).body.data;
    const asuncion = points.find((pt) => pt.cidade_id === city["Asunción"])!;
    const res = await quote(t.app, cart, { cidade_id: city["Ciudad del Este"], id_ponto_entrega: asuncion.id });
    expect(res.status).toBe(200);
    expect(byService(res.body.data)["Retirada em ponto parceiro"]?.valor).toBe("21000");
    const bad = await quote(t.app, cart, { cidade_id: city["Ciudad del Este"], id_ponto_entrega: 999_999 });
    expect([bad.status, bad.body.message]).toEqual([422, "Selecione um ponto de retirada."]);
  });

  it("needs a city and items, and answers the §8 texts for unknown or foreign carts", async () => {
    const cart = await guestCart();
    const noCity = await quote(t.app, cart, {});
    expect([noCity.status, noCity.body.message]).toEqual([422, "Selecione uma cidade e tenha itens no carrinho!"]);
    for (const cidade_id of [9_999_999, 2_147_483_648]) expect((await quote(t.app, cart, { cidade_id })).status).toBe(422);
    const empty = await createCart(t.app, [{ produto_id: p.id, qtde: 1, ativo: false }]);
    expect((await quote(t.app, empty, { cidade_id: city["Ciudad del Este"] })).body.message).toBe("Selecione uma cidade e tenha itens no carrinho!");

    const unknown = await quote(t.app, { id: 1, external_id: randomUUID() }, { cidade_id: city["Ciudad del Este"] });
    expect([unknown.status, unknown.body.message]).toEqual([404, "Carrinho não disponível para cálculo de frete"]);
    // A client that lost its cart's external id sends what it holds in its place.
    for (const key of ["null", "undefined", "not-a-uuid"]) {
      const res = await quote(t.app, { id: 1, external_id: key }, { cidade_id: city["Ciudad del Este"] });
      expect([res.status, res.body.message]).toEqual([404, "External ID não disponível no carrinho."]);
    }
    const spanish = await call<ApiError>(t.app, "PUT", "/ecom/venda/carrinho/null/calcular-frete?lang=es-PY", {
      body: { cidade_id: city["Ciudad del Este"] },
    });
    expect(spanish.body.message).toBe("External ID no disponible en el carrito.");
    const owner = await shopper(t.app, t.database.db, "py");
    const other = await shopper(t.app, t.database.db, "py");
    const private_ = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: owner.token });
    expect((await quote(t.app, private_, { cidade_id: city["Ciudad del Este"] }, other.token)).status).toBe(404);
    expect((await quote(t.app, private_, { cidade_id: city["Ciudad del Este"] })).status).toBe(404);
    expect((await quote(t.app, cart, { cidade_id: "abc" })).status).toBe(422);
  });
});

describe("calcular-frete's other reading and the cart's address (spec §3, §7)", () => {
  it("answers shippingCost and deliveryOptions: the cost of the service asked for, else of the first option", async () => {
    const cart = await guestCart(3);
    const first = await quote(t.app, cart, {
      cidade_id: city["Ciudad del Este"],
      cep: null,
      itens: [{ produto_id: p.id, armazem_id: 1, qtde: 1, ativo: true }],
    });
    expect(first.status).toBe(200);
    const body = first.body as typeof first.body & { shippingCost: string; deliveryOptions: DeliveryOption[] };
    expect(body.deliveryOptions).toEqual(body.data);
    expect(body.shippingCost).toBe(body.data[0]!.valor);
    const carrier = byService(body.data)["Transportadora Nacional"]!;
    const asked = await quote(t.app, cart, { cidade_id: city["Ciudad del Este"], id_servico: carrier.entrega_servico_id });
    expect((asked.body as typeof body).shippingCost).toBe("20000");
    const brazil = await quote(t.app, cart, { cidade_id: city["São Paulo"], pais_id: 1 });
    expect((brazil.body as typeof body).shippingCost).toBe("0");
  });

  it("keeps on the cart the address it was quoted for, and forgets it when a city is quoted", async () => {
    const resident = await shopper(t.app, t.database.db, "py");
    const mine = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: resident.token });
    const read = async () =>
      (
        await call<{ data: { cliente_endereco_id: number | null } }>(t.app, "GET", `/ecom/venda/carrinho/${mine.external_id}`, {
          token: resident.token,
        })
      ).body.data.cliente_endereco_id;
    expect(await read()).toBeNull();
    expect((await quote(t.app, mine, { cliente_endereco_id: resident.addressId }, resident.token)).status).toBe(200);
    expect(await read()).toBe(resident.addressId);
    expect((await quote(t.app, mine, { cidade_id: city["Encarnación"] }, resident.token)).status).toBe(200);
    expect(await read()).toBeNull();
  });
});

describe("GET /ecom/venda/carrinho/{id}/pontos-entrega", () => {
  it("lists the pickup points by the cart's id or external id, with the §3 fields", async () => {
    const cart = await guestCart();
    const byExternal = await pickupPoints(t.app, cart.external_id);
    const byId = await pickupPoints(t.app, cart.id);
    expect(byExternal.status).toBe(200);
    expect(byId.body.data).toEqual(byExternal.body.data);
    expect(byExternal.body.data.length).toBeGreaterThanOrEqual(5);
    for (const point of byExternal.body.data) {
      expect(Object.keys(point).sort()).toEqual(
        ["cidade", "cidade_id", "endereco", "estado", "estado_id", "horario_atendimento", "id", "nome", "ponto_entrega", "token_servico"].sort(),
      );
    }
    expect(byExternal.body.data.some((pt) => pt.cidade === "Ciudad del Este")).toBe(true);
  });

  it("answers 404 for unknown carts and for another customer's", async () => {
    for (const key of [randomUUID(), "999999", "2147483648", "abc", "0"]) expect((await pickupPoints(t.app, key)).status).toBe(404);
    const owner = await shopper(t.app, t.database.db, "py");
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: owner.token });
    expect((await pickupPoints(t.app, cart.id)).status).toBe(404);
    expect((await pickupPoints(t.app, cart.external_id, owner.token)).status).toBe(200);
  });
});

describe("an Argentine address (the store keeps no Argentine cities)", () => {
  it("is quoted the shop with the no-delivery notice, and checks out for pickup in the shop", async () => {
    const c = await newCustomer(t.app, t.database.db, "ar");
    const address = c.user.enderecos[0]!;
    expect(address.cidade_id).toBeNull();
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: c.token, moeda_id: 3 });
    const res = await quote(t.app, cart, { pais_id: 3, cliente_endereco_id: address.id }, c.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(NO_DELIVERY);
    expect(res.body.data.map((o) => o.entrega_servico_id)).toEqual([null]);
    const order = await checkout(t.app, cart.external_id, c.token, storePickup(res.body.data), { cliente_endereco_id: address.id });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
  });
});
