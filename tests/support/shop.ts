import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Cart, DeliveryOption, Order, PickupPoint } from "#contract/api/cart.ts";
import { queryRows, type Db } from "#db/client.ts";
import { call, ciudadDelEste, login, newCustomer, PASSWORD, saoPaulo, uniqueEmail, type ApiError } from "./customers.ts";

/** Helpers for the cart, shipping, checkout, order and payment tests. */

export interface Product {
  id: number;
  valor_venda: string;
  moeda_id: number;
  qtde_disponivel: number;
}

/** Active, priced products in dollars with some stock; `n` distinct ones, each given `stock` units. */
export async function pickProducts(db: Db, n: number, stock = 20): Promise<Product[]> {
  const rows = await queryRows<Product>(
    db,
    sql`SELECT id, valor_venda, moeda_id, qtde_disponivel FROM produtos
        WHERE ativo AND mostrar_preco AND moeda_id = 2 AND qtde_disponivel > 0 AND valor_venda > 0
        ORDER BY random() LIMIT ${n}`,
  );
  expect(rows).toHaveLength(n);
  for (const p of rows) await setStock(db, p.id, stock);
  return rows.map((p) => ({ ...p, qtde_disponivel: stock }));
}

export async function setStock(db: Db, id: number, qtde: number) {
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = ${qtde} WHERE id = ${id}`);
}

export async function stockOf(db: Db, id: number): Promise<number> {
  const [row] = await queryRows<{ q: number }>(db, sql`SELECT qtde_disponivel AS q FROM produtos WHERE id = ${id}`);
  return Number(row!.q);
}

export type Line = { produto_id: number; qtde: number; ativo?: boolean; valor_unitario?: string };

export const cartBody = (itens: Line[], moeda_id = 2, external_id: string = randomUUID()) => ({
  external_id,
  filial_id: "1",
  moeda_id: String(moeda_id),
  itens: itens.map((l) => ({
    produto_id: String(l.produto_id),
    qtde: String(l.qtde),
    armazem_id: "1",
    valor_unitario: l.valor_unitario ?? "0.01",
    ativo: l.ativo ?? true,
    token: "",
  })),
});

/** POST /ecom/venda/carrinho; expects 200 and answers the cart. */
export async function createCart(app: FastifyInstance, itens: Line[], options: { token?: string; moeda_id?: number } = {}) {
  const res = await call<{ data: Cart } & ApiError>(app, "POST", "/ecom/venda/carrinho", {
    body: cartBody(itens, options.moeda_id ?? 2),
    token: options.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** PUT calcular-frete for a cart and a city or an address. */
export function quote(app: FastifyInstance, cart: Pick<Cart, "id" | "external_id">, body: Record<string, unknown>, token?: string) {
  return call<{ data: DeliveryOption[]; message?: string } & ApiError>(app, "PUT", `/ecom/venda/carrinho/${cart.external_id}/calcular-frete`, {
    body: { id: cart.id, external_id: cart.external_id, filial_id: 1, pais_id: 2, ...body },
    token,
  });
}

export type CheckoutReply = { link_pagamento: string[]; pedido: Order } & ApiError;

/** POST iniciar-checkout with an option from calcular-frete. */
export function checkout(
  app: FastifyInstance,
  externalId: string,
  token: string | undefined,
  option: Pick<DeliveryOption, "token" | "valor" | "entrega_servico_id">,
  extra: Record<string, unknown> = {},
) {
  return call<CheckoutReply>(app, "POST", `/ecom/venda/carrinho/${externalId}/iniciar-checkout`, {
    token,
    body: { token_entrega: option.token, valor_frete: option.valor, entrega_servico_id: option.entrega_servico_id, ...extra },
  });
}

export const storePickup = (options: DeliveryOption[]) => options.find((o) => o.entrega_servico_id === null)!;

/** A logged-in customer with a main address (Ciudad del Este for residents, São Paulo for foreigners). */
export async function shopper(app: FastifyInstance, db: Db, kind: "br" | "py" = "py") {
  const c = await newCustomer(app, db, kind);
  return { ...c, id: c.user.id, addressId: c.user.enderecos[0]!.id as number, cidadeId: c.user.enderecos[0]!.cidade_id as number };
}

/** Adds an address in São Paulo (a Brazilian destination) for a customer. */
export async function addSaoPauloAddress(app: FastifyInstance, token: string): Promise<number> {
  const city = await saoPaulo(app);
  const res = await call<{ data: { id: number } } & ApiError>(app, "POST", "/ecom/cliente/address", {
    token,
    body: {
      nome: "Casa SP",
      cep: "01310-100",
      logradouro: "Avenida Paulista",
      numero: "1000",
      bairro: "Bela Vista",
      cidade_id: city.id,
      estado_id: city.estado.id,
      pais: "Brasil",
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

let sharedHash: Promise<string> | undefined;

/**
 * Many resident customers at once, written straight to the database (one argon2 hash for all),
 * each logged in through POST /ecom/login.
 */
export async function manyResidents(app: FastifyInstance, db: Db, n: number) {
  const passwordHash = await (sharedHash ??= hash(PASSWORD));
  const city = await ciudadDelEste(db);
  const out: { id: number; token: string; addressId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const email = uniqueEmail(`massa${i}`);
    const [c] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO clientes (nome, sobrenome, email, password_hash, estrangeiro, telefone, documento_tipo, documento, identidade, lang)
          VALUES ('Cliente', ${`Teste ${i}`}, ${email}, ${passwordHash}, false, '+595 983 000 000', 'RUC', '80009735-1', '1234567', 'es-PY')
          RETURNING id`,
    );
    const [a] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO cliente_enderecos (customer_id, nome, logradouro, numero, bairro, cidade, cidade_id, estado_id, pais_id, principal)
          VALUES (${c!.id}, 'Casa', 'Avenida San Blas', '10', 'Centro', 'Ciudad del Este', ${city.id}, ${city.estado_id}, 2, true)
          RETURNING id`,
    );
    const res = await login(app, email);
    expect(res.status).toBe(200);
    out.push({ id: c!.id, token: res.body.token, addressId: a!.id });
  }
  return out;
}

/** Pickup points as the cart's pontos-entrega call lists them. */
export async function pickupPoints(app: FastifyInstance, key: string | number, token?: string) {
  return call<{ data: PickupPoint[] } & ApiError>(app, "GET", `/ecom/venda/carrinho/${key}/pontos-entrega`, { token });
}

/** A paid-for cart ready to check out: one line of a product, quoted for store pickup. */
export async function readyCart(app: FastifyInstance, token: string, itens: Line[]) {
  const cart = await createCart(app, itens, { token });
  const q = await quote(app, cart, { cidade_id: await cityIdOf(app, token) }, token);
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  return { cart, options: q.body.data, pickup: storePickup(q.body.data) };
}

async function cityIdOf(app: FastifyInstance, token: string): Promise<number> {
  const me = await call<{ enderecos: { cidade_id: number }[] }>(app, "POST", "/ecom/me", { token });
  return me.body.enderecos[0]!.cidade_id;
}

/** A customer's order for store pickup, as iniciar-checkout answers it, with its gateway reference. */
export async function placeOrder(app: FastifyInstance, token: string, itens: Line[]) {
  const { cart, pickup } = await readyCart(app, token, itens);
  const res = await checkout(app, cart.external_id, token, pickup);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const link = res.body.link_pagamento[0]!;
  return { cart, order: res.body.pedido, link, path: new URL(link).pathname, ref: link.split("/").pop()! };
}
