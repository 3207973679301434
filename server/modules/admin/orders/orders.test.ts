import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder, AdminOrdersPage } from "#contract/api/admin/orders.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { Order } from "#contract/api/cart.ts";
import { queryRows } from "#db/client.ts";
import { call, mailsTo, type ApiError } from "../../../../tests/support/customers.ts";
import { checkout, pickProducts, placeOrder, readyCart, shopper, stockOf, type Product } from "../../../../tests/support/shop.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let counter: StaffAgent;
let owner: StaffAgent;
let p: Product;
let q: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  [manager, counter, owner] = [
    await staffAgent(t.app, t.database.db, "manager"),
    await staffAgent(t.app, t.database.db, "counter", "es-PY"),
    await staffAgent(t.app, t.database.db, "owner"),
  ];
  [p, q] = await pickProducts(t.database.db, 2, 50);
  buyer = await shopper(t.app, t.database.db, "py");
  // The buyer reads Spanish: every e-mail about their orders is in Spanish.
  await db().execute(sql`UPDATE clientes SET lang = 'es-PY', nome = 'Ramona', sobrenome = 'Benítez Zárate' WHERE id = ${buyer.id}`);
});
afterAll(() => t.close());

const db = () => t.database.db;
type Answer = { message: string; data: AdminOrder; errors?: Record<string, string[]> };
const detail = async (id: number) => (await asStaff<{ data: AdminOrder }>(t.app, manager, "GET", `/api/admin/orders/${id}`)).body.data;
const move = (agent: StaffAgent, id: number, body: Record<string, unknown>) =>
  asStaff<Answer>(t.app, agent, "POST", `/api/admin/orders/${id}/fulfilment`, { body });
const cancel = (agent: StaffAgent, id: number) => asStaff<Answer>(t.app, agent, "POST", `/api/admin/orders/${id}/cancel`, { body: {} });
const list = (query: string, agent = manager) => asStaff<AdminOrdersPage & ApiError>(t.app, agent, "GET", `/api/admin/orders?${query}`);
const decide = (path: string) =>
  call(t.app, "POST", path, { form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } } });

/** A pickup order of the buyer's, paid through the sandbox's page. */
async function paidPickup(qtde = 1) {
  const placed = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde }]);
  expect((await decide(placed.path)).status).toBe(303);
  return placed.order;
}

/** A delivery order of the buyer's (a shipping service to their address), paid. */
async function paidDelivery() {
  const { cart, options } = await readyCart(t.app, buyer.token, [{ produto_id: q.id, qtde: 1 }]);
  const delivery = options.find((o) => o.entrega_servico_id !== null && o.opcionais.pontos_entrega.length === 0);
  expect(delivery, JSON.stringify(options)).toBeDefined();
  const res = await checkout(t.app, cart.external_id, buyer.token, delivery!, { cliente_endereco_id: buyer.addressId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await decide(new URL(res.body.link_pagamento[0]!).pathname)).status).toBe(303);
  return res.body.pedido;
}

describe("the order list", () => {
  it("finds an order by number, pickup code, e-mail, document and a part of the name, newest first, for every role", async () => {
    const older = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
    const newer = await paidPickup();
    const [doc] = await queryRows<{ documento: string | null }>(db(), sql`SELECT documento FROM clientes WHERE id = ${buyer.id}`);
    for (const search of [newer.pedido, newer.codigo_retirada.toLowerCase(), buyer.email.toUpperCase(), doc!.documento!, "benítez zár"]) {
      const res = await list(`q=${encodeURIComponent(search)}`, counter);
      expect(res.status, search).toBe(200);
      expect(res.body.data.map((o) => o.pedido)).toContain(newer.pedido);
    }
    const mine = await list(`q=${encodeURIComponent(buyer.email)}&per_page=100`);
    const numbers = mine.body.data.map((o) => o.pedido);
    expect(numbers.indexOf(newer.pedido)).toBeLessThan(numbers.indexOf(older.order.pedido));
    expect(mine.body.data.find((o) => o.pedido === newer.pedido)).toMatchObject({
      status: "PAGO",
      status_entrega: "em_separacao",
      tipo: "retirada",
      cliente: "Ramona Benítez Zárate",
    });
    const byNumber = await list(`q=${older.order.pedido}`);
    expect(byNumber.body.data.map((o) => o.pedido)).toEqual([older.order.pedido]);
  });

  it("finds a pickup code typed with spaces or dashes, a document typed with its dots and dashes, and a name typed without its accents", async () => {
    const order = await paidPickup();
    const [doc] = await queryRows<{ documento: string }>(db(), sql`SELECT documento FROM clientes WHERE id = ${buyer.id}`);
    const digits = doc!.documento.replace(/[^0-9A-Za-z]/g, "");
    const code = order.codigo_retirada.toLowerCase();
    // The document whole, digits alone and as a CPF is written (one of the two is not how it was stored).
    const cpf = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
    for (const search of [
      `${code.slice(0, 3)}-${code.slice(3)}`,
      ` ${code.slice(0, 2)} ${code.slice(2)} `,
      digits,
      cpf,
      "benitez zarate",
      "RAMONA BENITEZ",
    ]) {
      const res = await list(`q=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      expect(
        res.body.data.map((o) => o.pedido),
        search,
      ).toContain(order.pedido);
    }
    expect((await list("q=nobody-by-this-name")).body.data).toEqual([]);
  });

  it("combines the filters: every one of them holds for each order listed, and a combination nobody placed lists none", async () => {
    const order = await paidPickup();
    const found = async (query: string) => (await list(`${query}&q=${buyer.email}&per_page=100`)).body.data;
    const all = `status=PAGO&status_entrega=em_separacao&tipo=retirada&moeda_id=${order.moeda_id}`;
    const rows = await found(all);
    expect(rows.map((o) => o.pedido)).toContain(order.pedido);
    for (const o of rows) expect(o).toMatchObject({ status: "PAGO", status_entrega: "em_separacao", tipo: "retirada", moeda_id: order.moeda_id });
    expect(await found("status=PAGO&status_entrega=retirado&tipo=retirada")).not.toContainEqual(expect.objectContaining({ pedido: order.pedido }));
    expect(await found(`status=PAGO&tipo=entrega&moeda_id=${order.moeda_id}&status_entrega=em_separacao`)).not.toContainEqual(
      expect.objectContaining({ pedido: order.pedido }),
    );
  });

  it("filters by payment status, fulfilment status, currency, kind, pickup point and days, and refuses bad filters in the member's language", async () => {
    const order = await paidPickup();
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Asuncion" });
    const found = async (query: string) => (await list(`${query}&q=${buyer.email}&per_page=100`)).body.data.map((o) => o.pedido);
    expect(await found("status=PAGO")).toContain(order.pedido);
    expect(await found("status=PAGAMENTO")).not.toContain(order.pedido);
    expect(await found("status_entrega=em_separacao&tipo=retirada")).toContain(order.pedido);
    expect(await found("tipo=entrega")).not.toContain(order.pedido);
    expect(await found(`moeda_id=${order.moeda_id}`)).toContain(order.pedido);
    expect(await found(`moeda_id=${order.moeda_id === 3 ? 2 : 3}`)).not.toContain(order.pedido);
    expect(await found(`de=${today}&ate=${today}`)).toContain(order.pedido);
    expect(await found("ate=2020-01-01")).not.toContain(order.pedido);
    expect(await found("ponto_entrega_id=1")).not.toContain(order.pedido);
    expect(await found("status=&status_entrega=&de=&tipo=")).toContain(order.pedido);
    for (const bad of ["status=NADA", "status_entrega=perdido", "de=2024-13-45", "moeda_id=9", "page=0", "per_page=7", "ponto_entrega_id=abc"]) {
      const res = await list(bad, counter);
      expect(res.status, bad).toBe(422);
      expect(res.body.message).toMatch(/[a-zá-ú]/i);
    }
  });

  it("exports the filtered list as CSV for managers, with formulas defused; counter staff are refused", async () => {
    const order = await paidPickup();
    await db().execute(sql`UPDATE clientes SET sobrenome = '=HYPERLINK("http://x")' WHERE id = ${buyer.id}`);
    try {
      const res = await asStaff(t.app, manager, "GET", `/api/admin/orders.csv?q=${encodeURIComponent(buyer.email)}&status=PAGO`);
      expect(res.status).toBe(200);
      expect(String(res.headers["content-type"])).toContain("text/csv");
      const text = res.raw.toString("utf8").replace(/^\uFEFF/, "");
      const lines = text.trim().split("\n");
      expect(lines[0]).toBe(
        '"pedido";"data";"cliente";"email";"status_pagamento";"status_entrega";"tipo";"entrega";"moeda";"valor_total";"codigo_retirada"',
      );
      const row = lines.find((l) => l.startsWith(`"${order.pedido}"`));
      expect(row).toContain(`"Ramona =HYPERLINK(""http://x"")"`);
      expect(lines.slice(1).every((l) => l.includes('"PAGO"'))).toBe(true);
      await db().execute(sql`UPDATE clientes SET nome = '@SUM(1)' WHERE id = ${buyer.id}`);
      const again = (await asStaff(t.app, manager, "GET", `/api/admin/orders.csv?q=${order.pedido}`)).raw.toString("utf8");
      expect(again).toContain(`"'@SUM(1) =HYPERLINK(""http://x"")"`);
      expect((await asStaff(t.app, counter, "GET", "/api/admin/orders.csv")).status).toBe(403);
    } finally {
      await db().execute(sql`UPDATE clientes SET nome = 'Ramona', sobrenome = 'Benítez Zárate' WHERE id = ${buyer.id}`);
    }
  });
});

describe("the order's detail and fulfilment", () => {
  it("shows a pickup order without a delivery address, with its lines, payments and timeline", async () => {
    const order = await paidPickup(2);
    const d = await detail(order.id);
    expect(d).toMatchObject({ pedido: order.pedido, tipo: "retirada", endereco: null, status: "PAGO", proximos: ["pronto_retirada", "retirado"] });
    expect(d.itens).toEqual([expect.objectContaining({ produto_id: p.id, qtde: 2, valor_unitario: order.itens[0]!.valor_unitario })]);
    expect(d.pagamentos[0]).toMatchObject({ provider: "sandbox", status: "PAGO", valor_estornado: "0.00" });
    expect(d.pagamentos[0]!.provider_ref).not.toMatch(/^pending-/);
    expect(d.cliente).toMatchObject({ nome: "Ramona Benítez Zárate", email: buyer.email, lang: "es-PY" });
    expect(d.timeline.map((e) => [e.tipo, e.dados.para])).toEqual([
      ["status_pagamento", "PAGAMENTO"],
      ["pagamento", "PAGO"],
      ["status_pagamento", "PAGO"],
    ]);
    expect((await asStaff(t.app, counter, "GET", "/api/admin/orders/999999999")).status).toBe(404);
  });

  it("refuses to get ready, hand over or ship an unpaid order, and counter staff anything but pickup moves", async () => {
    const unpaid = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
    const refused = await move(counter, unpaid.order.id, { status: "pronto_retirada" });
    expect([refused.status, refused.body.message]).toEqual([409, "El pedido todavía no fue pagado."]);
    expect((await move(manager, unpaid.order.id, { status: "retirado" })).status).toBe(409);
    const paid = await paidPickup();
    const forbidden = await move(counter, paid.id, { status: "cancelado" });
    expect([forbidden.status, forbidden.body.message]).toEqual([
      403,
      "En el mostrador solo se puede marcar un pedido como listo para retirar o retirado.",
    ]);
    const wrongKind = await move(manager, paid.id, { status: "enviado", transportadora: "AEX", codigo_rastreio: "X1" });
    expect(wrongKind.status).toBe(409);
    expect((await detail(paid.id)).status_entrega).toBe("em_separacao");
  });

  it("lets counter staff get a paid pickup order ready and hand it over, e-mailing the customer in Spanish each time", async () => {
    const order = await paidPickup();
    const ready = await move(counter, order.id, { status: "pronto_retirada" });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body.message).toBe("Estado de entrega actualizado.");
    expect(ready.body.data.proximos).toEqual(["retirado"]);
    const handed = await move(counter, order.id, { status: "retirado" });
    expect(handed.body.data).toMatchObject({ status_entrega: "retirado", status_entrega_por: "Teste counter", proximos: [] });
    const mails = await mailsTo(t.app, buyer.email);
    expect(mails.find((m) => m.assunto.startsWith(`Pedido ${order.pedido} listo para retirar`))?.texto).toContain(order.codigo_retirada);
    expect(mails.find((m) => m.assunto.startsWith(`Pedido ${order.pedido} retirado`))).toBeDefined();
    const lines = handed.body.data.timeline.filter((e) => e.tipo === "status_entrega" || e.tipo === "email");
    expect(lines.map((e) => [e.tipo, e.autor, e.tipo === "email" ? e.dados.status_entrega : e.dados.para])).toEqual([
      ["status_entrega", "Teste counter", "pronto_retirada"],
      ["email", null, "pronto_retirada"],
      ["status_entrega", "Teste counter", "retirado"],
      ["email", null, "retirado"],
    ]);
    expect((await move(counter, order.id, { status: "retirado" })).body.message).toBe("El pedido ya está en este estado.");
    // A handed-over order is not cancelled: it is refunded (a return).
    expect((await cancel(manager, order.id)).status).toBe(409);
    const audit = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=pedido`);
    expect(audit.body.data.filter((e) => e.entidade_id === String(order.id)).map((e) => e.acao)).toEqual(["status_entrega", "status_entrega"]);
  });

  it("ships a delivery order only with carrier and tracking code, and the customer's order page and e-mail show them", async () => {
    const order = await paidDelivery();
    const missing = await move(manager, order.id, { status: "enviado", transportadora: "" });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(["codigo_rastreio", "transportadora"]);
    expect((await move(manager, order.id, { status: "pronto_retirada" })).status).toBe(409);
    const shipped = await move(manager, order.id, { status: "enviado", transportadora: "AEX Paraguay", codigo_rastreio: "AEX-778899" });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data).toMatchObject({
      status_entrega: "enviado",
      transportadora: "AEX Paraguay",
      codigo_rastreio: "AEX-778899",
      proximos: ["entregue"],
    });
    expect(shipped.body.data.endereco).toBeTruthy();
    const mail = (await mailsTo(t.app, buyer.email)).find((m) => m.assunto.startsWith(`Pedido ${order.pedido} enviado`));
    expect(mail?.texto).toContain("AEX Paraguay");
    expect(mail?.texto).toContain("AEX-778899");
    expect(mail?.texto).toContain(`/pedido/${order.external_id}`);
    const page = await call<{ data: Order }>(t.app, "GET", `/ecom/venda/pedidos/${order.external_id}`, { token: buyer.token });
    expect(page.body.data).toMatchObject({ status_entrega: "enviado", transportadora: "AEX Paraguay", codigo_rastreio: "AEX-778899" });
    expect((await move(manager, order.id, { status: "entregue" })).body.data.status_entrega).toBe("entregue");
  });

  it("takes a staff note from any member onto the timeline and the audit log", async () => {
    const order = await paidPickup();
    const res = await asStaff<Answer>(t.app, counter, "POST", `/api/admin/orders/${order.id}/notes`, { body: { texto: "Cliente liga amanhã." } });
    expect(res.status).toBe(201);
    expect(res.body.data.timeline.at(-1)).toMatchObject({ tipo: "nota", autor: "Teste counter", dados: { texto: "Cliente liga amanhã." } });
    const empty = await asStaff<Answer>(t.app, counter, "POST", `/api/admin/orders/${order.id}/notes`, { body: { texto: "  " } });
    expect(empty.status).toBe(422);
    expect((await asStaff(t.app, counter, "POST", `/api/admin/orders/999999999/notes`, { body: { texto: "x" } })).status).toBe(404);
  });
});

describe("cancelling an order", () => {
  it("cancels an unpaid order: stock back once, payment expired, e-mail sent; nothing moves afterwards", async () => {
    const before = await stockOf(db(), p.id);
    const placed = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde: 3 }]);
    expect(await stockOf(db(), p.id)).toBe(before - 3);
    expect((await cancel(counter, placed.order.id)).status).toBe(403);
    const res = await cancel(manager, placed.order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "CANCELADO", status_entrega: "cancelado", cancelavel: false, proximos: [] });
    expect(res.body.data.pagamentos[0]!.status).toBe("EXPIRADO");
    expect(await stockOf(db(), p.id)).toBe(before);
    expect((await cancel(manager, placed.order.id)).status).toBe(409);
    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id = ${placed.order.id}`);
    await t.app.payments.releaseExpired();
    expect(await stockOf(db(), p.id)).toBe(before);
    expect((await mailsTo(t.app, buyer.email)).some((m) => m.assunto.startsWith(`Pedido ${placed.order.pedido} cancelado`))).toBe(true);
    expect((await move(manager, placed.order.id, { status: "retirado" })).body.message).toBe(
      "Este pedido foi cancelado ou estornado: nada mais muda nele.",
    );
  });

  it("returns the stock exactly once when the cancellation and the expiry sweep run at once", async () => {
    const before = await stockOf(db(), p.id);
    const placed = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde: 2 }]);
    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id = ${placed.order.id}`);
    const [cancelled] = await Promise.all([cancel(manager, placed.order.id), t.app.payments.releaseExpired()]);
    expect([200, 409]).toContain(cancelled.status);
    expect(await stockOf(db(), p.id)).toBe(before);
    expect((await detail(placed.order.id)).status).toBe("CANCELADO");
  });

  it("refuses a paid order: it is refunded instead", async () => {
    const order = await paidPickup();
    const res = await cancel(manager, order.id);
    expect([res.status, res.body.message]).toEqual([409, expect.stringContaining("estorne o pedido inteiro")]);
    expect((await detail(order.id)).status).toBe("PAGO");
  });
});
