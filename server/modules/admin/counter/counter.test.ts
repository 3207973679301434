import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CounterHandover, CounterOrder } from "#contract/api/admin/counter.ts";
import { queryRows } from "#db/client.ts";
import { call } from "../../../../tests/support/customers.ts";
import { files } from "../../../../tests/support/fixtures.ts";
import { pickProducts, placeOrder, shopper, type Product } from "../../../../tests/support/shop.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let product: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;
let counter: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  [product] = await pickProducts(t.database.db, 1, 200);
  buyer = await shopper(t.app, t.database.db, "py");
  counter = await staffAgent(t.app, t.database.db, "counter", "es-PY");
});
afterAll(() => t.close());

const db = () => t.database.db;
type Lookup = { data: CounterOrder[]; message: string; entregue_por?: string; entregue_em?: string };

/** A store-pickup order of the buyer, paid on the sandbox gateway's page when `paid`. */
async function order({ paid = true, token = buyer.token } = {}) {
  const placed = await placeOrder(t.app, token, [{ produto_id: product.id, qtde: 1 }]);
  if (paid) {
    const res = await call(t.app, "POST", placed.path, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    expect(res.status).toBe(303);
  }
  const [row] = await queryRows<{ id: number; status: string }>(db(), sql`SELECT id, status FROM pedidos WHERE pedido = ${placed.order.pedido}`);
  expect(row!.status).toBe(paid ? "PAGO" : "PAGAMENTO");
  return { id: row!.id, pedido: placed.order.pedido, code: placed.order.codigo_retirada };
}

const lookup = (code: string, agent = counter) => asStaff<Lookup>(t.app, agent, "GET", `/api/admin/counter/${encodeURIComponent(code)}`);
const handover = (id: number, agent = counter) =>
  asStaff<{ message: string; data: CounterHandover }>(t.app, agent, "POST", `/api/admin/counter/${id}/handover`);
const views = async (customerId: number) =>
  queryRows<{ funcionario_id: number; depois: { pedido: string; lado: string } }>(
    db(),
    sql`SELECT funcionario_id, depois FROM auditoria WHERE acao = 'documento_visto' AND entidade = 'cliente' AND entidade_id = ${String(customerId)} ORDER BY id`,
  );

describe("the counter finds an order by its pickup code", () => {
  it("answers the paid pickup order, its lines and total, the buyer's name, document and images, from a code typed loosely", async () => {
    const o = await order();
    const typed = ` ${o.code.slice(0, 3).toLowerCase()}-${o.code.slice(3)} `;
    const res = await lookup(typed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const found = res.body.data[0]!;
    expect(found).toMatchObject({ id: o.id, pedido: o.pedido, codigo_retirada: o.code, status: "PAGO", status_entrega: "em_separacao" });
    expect(found.itens).toEqual([expect.objectContaining({ qtde: 1, valor_unitario: expect.any(String) })]);
    expect(found.cliente).toMatchObject({ nome: `${buyer.user.nome} ${buyer.user.sobrenome}`, documento_tipo: buyer.user.documento_tipo });
    expect(found.cliente.documento).toBe(buyer.user.documento);
    expect(found.documentos.map((d) => [d.lado, d.mime])).toEqual([
      ["frente", "image/png"],
      ["verso", "application/pdf"],
    ]);
    expect(Date.parse(found.documentos[0]!.expira_em) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it("serves each image through its link, private and never stored, and writes every view to the audit log", async () => {
    const o = await order();
    const [found] = (await lookup(o.code)).body.data;
    const front = found!.documentos.find((d) => d.lado === "frente")!;
    const before = await views(buyer.id);
    const image = await asStaff(t.app, counter, "GET", front.link);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("private, no-store");
    expect(image.raw.equals(files.png().data)).toBe(true);
    await asStaff(t.app, counter, "GET", front.link);
    const after = await views(buyer.id);
    expect(after.slice(before.length)).toEqual([
      { funcionario_id: counter.id, depois: expect.objectContaining({ pedido: o.pedido, lado: "frente" }) },
      { funcionario_id: counter.id, depois: expect.objectContaining({ pedido: o.pedido, lado: "frente" }) },
    ]);
  });

  it("refuses a link changed, given to another member, for another order or side, and without a session", async () => {
    const o = await order();
    const other = await order();
    const [found] = (await lookup(o.code)).body.data;
    const front = found!.documentos.find((d) => d.lado === "frente")!;
    const colleague = await staffAgent(t.app, db(), "counter");
    const before = (await views(buyer.id)).length;
    const tampered = front.link.replace(/t=([^&]{5})/, "t=AAAAA");
    const answers = await Promise.all([
      asStaff(t.app, counter, "GET", tampered),
      asStaff(t.app, colleague, "GET", front.link),
      asStaff(t.app, counter, "GET", front.link.replace(`/counter/${o.id}/`, `/counter/${other.id}/`)),
      asStaff(t.app, counter, "GET", front.link.replace("/frente?", "/verso?")),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(answers[0]!.body.message).toBe("El enlace de la imagen venció. Busque el pedido de nuevo.");
    expect((await asStaff(t.app, undefined, "GET", front.link)).status).toBe(401);
    expect((await views(buyer.id)).length).toBe(before);
  });

  it("refuses plainly, in the member's language, an unknown code, an unpaid, refunded, cancelled or delivery order", async () => {
    const unknown = await lookup("ZZ-ZZ99");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Ningún pedido tiene el código de retiro ZZZZ99. Verifique el código con el cliente.");
    const unpaid = await order({ paid: false });
    expect(await lookup(unpaid.code)).toMatchObject({
      status: 409,
      body: { message: `El pedido ${unpaid.pedido} todavía no fue pagado: no entregue la mercadería.` },
    });
    const refunded = await order();
    await db().execute(sql`UPDATE pedidos SET status = 'ESTORNADO' WHERE id = ${refunded.id}`);
    expect((await lookup(refunded.code)).body.message).toBe(`El pedido ${refunded.pedido} fue reembolsado: no entregue la mercadería.`);
    const cancelled = await order();
    await db().execute(sql`UPDATE pedidos SET status_entrega = 'cancelado' WHERE id = ${cancelled.id}`);
    expect((await lookup(cancelled.code)).body.message).toBe(`El pedido ${cancelled.pedido} fue cancelado: no entregue la mercadería.`);
    const delivery = await order();
    await db().execute(sql`UPDATE pedidos SET entrega_servico_id = (SELECT min(id) FROM entrega_servicos) WHERE id = ${delivery.id}`);
    const sent = await lookup(delivery.code);
    expect([sent.status, sent.body.message]).toEqual([409, `El pedido ${delivery.pedido} es de envío, no de retiro en el mostrador.`]);
    // And the refused handovers change nothing.
    for (const o of [unpaid, refunded, cancelled, delivery]) expect((await handover(o.id)).status).toBe(409);
    const rows = await queryRows<{ s: string }>(
      db(),
      sql`SELECT status_entrega AS s FROM pedidos WHERE id IN (${unpaid.id}, ${refunded.id}, ${delivery.id})`,
    );
    expect(rows.map((r) => r.s)).toEqual(["em_separacao", "em_separacao", "em_separacao"]);
    // What no stored code could be is an unknown code too, said the same way.
    expect(await lookup("no/code")).toMatchObject({
      status: 404,
      body: { message: expect.stringMatching(/^Ningún pedido tiene el código de retiro NO\/CODE\./) },
    });
    expect((await lookup("ÇÇÇ")).status).toBe(404);
  });

  it("prefers the open order of a code that came round again, and shows every open one", async () => {
    const old = await order();
    const open = await order();
    await db().execute(sql`UPDATE pedidos SET codigo_retirada = ${open.code}, status_entrega = 'retirado' WHERE id = ${old.id}`);
    const one = await lookup(open.code);
    expect(one.body.data.map((o) => o.id)).toEqual([open.id]);
    const twin = await order();
    await db().execute(sql`UPDATE pedidos SET codigo_retirada = ${open.code} WHERE id = ${twin.id}`);
    expect((await lookup(open.code)).body.data.map((o) => o.id)).toEqual([twin.id, open.id]);
  });
});

describe("the handover", () => {
  it("marks the order retirado by this member, on its timeline and in the audit log; a second press says who and when", async () => {
    const o = await order();
    const done = await handover(o.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(`Pedido ${o.pedido} entregado.`);
    expect(done.body.data).toMatchObject({ id: o.id, pedido: o.pedido, status_entrega: "retirado", entregue_por: "Teste counter" });
    const [row] = await queryRows<{ status_entrega: string; status_entrega_por: number }>(
      db(),
      sql`SELECT status_entrega, status_entrega_por FROM pedidos WHERE id = ${o.id}`,
    );
    expect(row).toEqual({ status_entrega: "retirado", status_entrega_por: counter.id });
    const events = await queryRows<{ tipo: string; funcionario_id: number; dados: { para: string } }>(
      db(),
      sql`SELECT tipo, funcionario_id, dados FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'status_entrega'`,
    );
    expect(events).toEqual([{ tipo: "status_entrega", funcionario_id: counter.id, dados: expect.objectContaining({ para: "retirado" }) }]);
    const audit = await queryRows<{ funcionario_id: number }>(
      db(),
      sql`SELECT funcionario_id FROM auditoria WHERE acao = 'pedido_retirado' AND entidade = 'pedido' AND entidade_id = ${String(o.id)}`,
    );
    expect(audit).toEqual([{ funcionario_id: counter.id }]);
    // The customer is told, and the e-mail is on the order's timeline.
    const mails = await queryRows<{ para: string }>(
      db(),
      sql`SELECT dados->>'para' AS para FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'email' AND dados->>'status_entrega' = 'retirado'`,
    );
    expect(mails).toHaveLength(1);
    const [outbox] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM emails_saida WHERE para = ${mails[0]!.para} AND assunto LIKE ${`%${o.pedido}%`}`,
    );
    expect(outbox!.n).toBeGreaterThan(0);

    const when = new Intl.DateTimeFormat("es-PY", { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" }).format(
      new Date(done.body.data.entregue_em),
    );
    const again = await handover(o.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`El pedido ${o.pedido} ya fue entregado el ${when} por Teste counter.`);
    const found = await lookup(o.code);
    expect([found.status, found.body.message, found.body.entregue_por]).toEqual([409, again.body.message, "Teste counter"]);
    // A manager reading Portuguese reads it in Portuguese.
    const manager = await staffAgent(t.app, db(), "manager");
    expect((await handover(o.id, manager)).body.message).toMatch(new RegExp(`^O pedido ${o.pedido} já foi entregue em .+ por Teste counter\\.$`));
  });

  it("hands over once when pressed twice at the same moment", async () => {
    const o = await order();
    const answers = await Promise.all([handover(o.id), handover(o.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [n] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'status_entrega'`,
    );
    expect(n!.n).toBe(1);
  });

  it("closes the document links once the order has left the counter", async () => {
    const o = await order();
    const [found] = (await lookup(o.code)).body.data;
    await handover(o.id);
    expect((await asStaff(t.app, counter, "GET", found!.documentos[0]!.link)).status).toBe(404);
    expect((await handover(999_999)).status).toBe(404);
  });
});
