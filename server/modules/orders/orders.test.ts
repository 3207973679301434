import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "#contract/api/cart.ts";
import { call, type ApiError } from "../../../tests/support/customers.ts";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { checkout, pickProducts, placeOrder, quote, readyCart, shopper, type Product } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

type Page = { data: { data: Order[]; total: number; current_page: number; per_page: number; last_page: number } } & ApiError;

let t: TestApp;
let p: Product;
let q: Product;
let owner: Awaited<ReturnType<typeof shopper>>;
let stranger: Awaited<ReturnType<typeof shopper>>;
let first: Awaited<ReturnType<typeof placeOrder>>;
let second: Awaited<ReturnType<typeof placeOrder>>;
beforeAll(async () => {
  t = await createTestApp();
  [p, q] = await pickProducts(t.database.db, 2, 30);
  owner = await shopper(t.app, t.database.db, "py");
  stranger = await shopper(t.app, t.database.db, "br");
  first = await placeOrder(t.app, owner.token, [
    { produto_id: p.id, qtde: 2 },
    { produto_id: q.id, qtde: 1 },
  ]);
  second = await placeOrder(t.app, owner.token, [{ produto_id: q.id, qtde: 1 }]);
});
afterAll(() => t.close());

const get = <T = ApiError>(url: string, token?: string) => call<T>(t.app, "GET", url, { token });

describe("GET /ecom/venda/pedidos", () => {
  it("lists the customer's own orders in data.data, newest first", async () => {
    const res = await get<Page>("/ecom/venda/pedidos", owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((o) => o.external_id)).toEqual([second.order.external_id, first.order.external_id]);
    expect(res.body.data).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    const row = res.body.data.data[1]!;
    expect(row).toMatchObject({ pedido: first.order.pedido, status: "PAGAMENTO", moeda: { id: 3, simbolo: "G$" } });
    expect(row.itens.map((l) => [l.produto_id, l.qtde])).toEqual([
      [p.id, 2],
      [q.id, 1],
    ]);
    expect(row.link_pagamento).toBe(first.link);
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
  });

  it("pages, and refuses bad paging with field errors", async () => {
    const page = await get<Page>("/ecom/venda/pedidos?page=2&per_page=1", owner.token);
    expect(page.body.data.data.map((o) => o.external_id)).toEqual([first.order.external_id]);
    expect(page.body.data.last_page).toBe(2);
    for (const query of ["page=0", "per_page=500", "page=abc"]) {
      const res = await get(`/ecom/venda/pedidos?${query}`, owner.token);
      expect(res.status).toBe(422);
    }
  });

  it("shows another customer none of them, and a guest a 401", async () => {
    const res = await get<Page>("/ecom/venda/pedidos", stranger.token);
    expect(res.body.data).toMatchObject({ data: [], total: 0 });
    const guest = await get("/ecom/venda/pedidos");
    expect([guest.status, guest.body.message]).toEqual([401, "Sessão expirada. Faça login novamente."]);
    expect((await get("/ecom/venda/pedidos", "expired-or-made-up")).status).toBe(401);
  });
});

describe("GET /ecom/venda/pedidos/{external_id}", () => {
  it("answers the order's detail: lines with products, totals, pickup code and payments", async () => {
    const res = await get<{ data: Order }>(`/ecom/venda/pedidos/${first.order.external_id}`, owner.token);
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o).toEqual(first.order);
    expect(o.itens[0]!.produto).toMatchObject({ id: p.id, nome: expect.any(String), codigo: expect.any(String) });
    expect(o.pagamentos).toHaveLength(1);
  });

  it("answers 404 for another customer's order and unknown ones, 422 for a malformed id, 401 for a guest", async () => {
    for (const url of [
      `/ecom/venda/pedidos/${first.order.external_id}`,
      `/ecom/venda/pedidos/${first.order.external_id}/buscar-pagamentos`,
      `/ecom/venda/pedidos/${first.order.external_id}/ticket.pdf`,
    ]) {
      const res = await get(url, stranger.token);
      expect([res.status, res.body.message]).toEqual([404, "Nenhum pedido encontrado."]);
      expect((await get(url)).status).toBe(401);
    }
    expect((await get(`/ecom/venda/pedidos/${randomUUID()}`, owner.token)).status).toBe(404);
    expect((await get(`/ecom/venda/pedidos/${first.order.pedido}`, owner.token)).status).toBe(422);
  });
});

describe("GET /ecom/venda/pedidos/{external_id}/buscar-pagamentos", () => {
  it("answers pagamentos[0].status for the payment page's polling", async () => {
    const res = await get<{ pedido: string; status: string; codigo_retirada: string; pagamentos: Order["pagamentos"] }>(
      `/ecom/venda/pedidos/${second.order.external_id}/buscar-pagamentos`,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pedido: second.order.pedido, status: "PAGAMENTO", codigo_retirada: second.order.codigo_retirada });
    expect(res.body.pagamentos[0]).toMatchObject({ status: "AGUARDANDO", valor_total: second.order.valor_total, provider: "sandbox" });
  });
});

describe("GET /ecom/venda/pedidos/{external_id}/ticket.pdf", () => {
  it("answers a real PDF named after the order, carrying its number", async () => {
    const res = await get(`/ecom/venda/pedidos/${first.order.external_id}/ticket.pdf`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="pedido-${first.order.pedido}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const pdf = res.raw;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    expect(pdf.length).toBeGreaterThan(1500);
    // The document's title (an uncompressed Info entry) names the order.
    expect(pdf.toString("latin1")).toContain(`(Comprovante do pedido ${first.order.pedido})`);
  });

  it("writes the ticket in Spanish when asked", async () => {
    const res = await get(`/ecom/venda/pedidos/${second.order.external_id}/ticket.pdf?lang=es-PY`, owner.token);
    expect(res.status).toBe(200);
    expect(res.raw.toString("latin1")).toContain(`(Comprobante del pedido ${second.order.pedido})`);
  });

  it("prints the order's status as the customer's pages word it, in the buyer's language, never its code", async () => {
    const [order] = (await get<Page>("/ecom/venda/pedidos", owner.token)).body.data.data.filter((o) => o.external_id === second.order.external_id);
    expect(order!.status).toBe("PAGAMENTO");
    const statusLine = async (lang: string) =>
      pdfText((await get(`/ecom/venda/pedidos/${second.order.external_id}/ticket.pdf?lang=${lang}`, owner.token)).raw).find((l) =>
        /^(Situação|Estado):/.test(l),
      );
    expect(await statusLine("pt-BR")).toBe("Situação: Aguardando pagamento");
    expect(await statusLine("es-PY")).toBe("Estado: Esperando pago");
    expect(await statusLine("es-AR")).toBe("Estado: Esperando pago");
    const brazilian = await shopper(t.app, t.database.db, "br");
    const cancelled = await placeOrder(t.app, brazilian.token, [{ produto_id: p.id, qtde: 1 }]);
    await t.database.db.execute(sql`UPDATE pedidos SET status = 'CANCELADO', status_entrega = 'cancelado' WHERE pedido = ${cancelled.order.pedido}`);
    const refunded = await placeOrder(t.app, brazilian.token, [{ produto_id: p.id, qtde: 1 }]);
    await t.database.db.execute(sql`UPDATE pedidos SET status = 'ESTORNADO' WHERE pedido = ${refunded.order.pedido}`);
    const lines = async (external_id: string, lang: string) =>
      pdfText((await get(`/ecom/venda/pedidos/${external_id}/ticket.pdf?lang=${lang}`, brazilian.token)).raw);
    for (const [external_id, words] of [
      [cancelled.order.external_id, { "pt-BR": "Situação: Cancelado", "es-PY": "Estado: Cancelado", "es-AR": "Estado: Cancelado" }],
      [refunded.order.external_id, { "pt-BR": "Situação: Estornado", "es-PY": "Estado: Reembolsado", "es-AR": "Estado: Reembolsado" }],
    ] as const) {
      for (const [lang, line] of Object.entries(words)) {
        const text = await lines(external_id, lang);
        expect(text, lang).toContain(line);
        expect(text.join("\n"), lang).not.toMatch(/CANCELADO|ESTORNADO/);
      }
    }
  });
});

describe("where the order goes (detail and ticket)", () => {
  it("names the shop's address for a store pickup, never the customer's Brazilian address", async () => {
    const brazilian = await shopper(t.app, t.database.db, "br");
    const { order } = await placeOrder(t.app, brazilian.token, [{ produto_id: p.id, qtde: 1 }]);
    const detail = await get<{ data: Order }>(`/ecom/venda/pedidos/${order.external_id}`, brazilian.token);
    expect(detail.body.data).toMatchObject({ entrega_tipo: "loja", entrega_local: t.config.storeAddress });
    const text = pdfText((await get(`/ecom/venda/pedidos/${order.external_id}/ticket.pdf`, brazilian.token)).raw);
    expect(text).toContain(`Local de retirada: ${t.config.storeAddress}`);
    expect(text).toContain(`Comprador: João da Silva · CPF 529.982.247-25`);
    expect(text.join("\n")).not.toMatch(/Endereço de entrega|Avenida Paulista/);
  });

  it("names the chosen pickup point for the pickup network", async () => {
    const { cart } = await readyCart(t.app, owner.token, [{ produto_id: q.id, qtde: 1 }]);
    const open = (await quote(t.app, cart, { cidade_id: owner.cidadeId }, owner.token)).body.data;
    const network = open.find((o) => o.opcionais.pontos_entrega.length > 0)!;
    const point = network.opcionais.pontos_entrega[0]!;
    const chosen = (await quote(t.app, cart, { cidade_id: owner.cidadeId, id_ponto_entrega: point.id }, owner.token)).body.data;
    const option = chosen.find((o) => o.entrega_servico_id === network.entrega_servico_id)!;
    const res = await checkout(t.app, cart.external_id, owner.token, option, { id_ponto_entrega: point.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pedido).toMatchObject({ entrega_tipo: "ponto", entrega_local: `${point.nome} - ${point.endereco}` });
    const text = pdfText((await get(`/ecom/venda/pedidos/${res.body.pedido.external_id}/ticket.pdf`, owner.token)).raw);
    expect(text).toContain(`Local de retirada: ${point.nome} - ${point.endereco}`);
  });

  it("names the delivery address when the order is delivered", async () => {
    const { cart } = await readyCart(t.app, owner.token, [{ produto_id: q.id, qtde: 1 }]);
    const options = (await quote(t.app, cart, { cliente_endereco_id: owner.addressId }, owner.token)).body.data;
    const courier = options.find((o) => o.entrega_servico_id !== null && o.opcionais.pontos_entrega.length === 0)!;
    const res = await checkout(t.app, cart.external_id, owner.token, courier, { cliente_endereco_id: owner.addressId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const address = owner.user.enderecos[0]!;
    const line = `${address.logradouro}, ${address.numero} - ${address.bairro} - ${address.cidade}`;
    expect(res.body.pedido).toMatchObject({ entrega_tipo: "endereco", entrega_local: line });
    const text = pdfText((await get(`/ecom/venda/pedidos/${res.body.pedido.external_id}/ticket.pdf?lang=es-PY`, owner.token)).raw);
    expect(text).toContain(`Dirección de entrega: ${line}`);
    // A delivery is not handed over at the counter: its ticket carries no pickup code and says so.
    const written = text.join(" ").replace(/\s+/g, " ");
    expect(written).not.toContain(res.body.pedido.codigo_retirada);
    expect(written).toContain("Sin código de retiro: este pedido lo entrega la transportadora, no se retira en el mostrador de la tienda.");
  });
});
