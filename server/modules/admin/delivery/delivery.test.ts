import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPickupPoint, AdminShippingRate, AdminShippingService, DeliveryPlaces, ShippingRateBody } from "#contract/api/admin/delivery.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { DeliveryOption } from "#contract/api/cart.ts";
import { queryRows } from "#db/client.ts";
import { createCart, pickProducts, pickupPoints, quote, type Product } from "../../../../tests/support/shop.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let owner: StaffAgent;
let counter: StaffAgent;
let product: Product;
let places: DeliveryPlaces;
const place = (department: string, city?: string) => {
  const state = places.find((p) => p.nome === department)!;
  return { estado_id: state.id, cidade_id: city ? state.cidades.find((c) => c.nome === city)!.id : null };
};
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
  owner = await staffAgent(t.app, t.database.db, "owner");
  counter = await staffAgent(t.app, t.database.db, "counter", "es-PY");
  [product] = await pickProducts(t.database.db, 1, 50);
  places = (await asStaff<{ data: DeliveryPlaces }>(t.app, manager, "GET", "/api/admin/delivery/places")).body.data;
});
afterAll(() => t.close());

type Answer<T> = { data: T; message: string; errors?: Record<string, string[]> };
const services = async () => (await asStaff<{ data: AdminShippingService[] }>(t.app, manager, "GET", "/api/admin/delivery/services")).body.data;
const serviceNamed = async (name: string) => (await services()).find((s) => s.descricao_pt === name)!;
const rates = async (query = "") =>
  (await asStaff<{ data: AdminShippingRate[] }>(t.app, manager, "GET", `/api/admin/delivery/rates${query}`)).body.data;
/** What a guest's cart of one product is quoted for a city, by the service's Portuguese name. */
async function quoted(cidadeId: number, moedaId = 3) {
  const cart = await createCart(t.app, [{ produto_id: product.id, qtde: 1 }], { moeda_id: moedaId });
  const res = await quote(t.app, cart, { cidade_id: cidadeId, moeda_id: moedaId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.data.map((o: DeliveryOption) => [o.descricao, o]));
}
const auditOf = async (entidade: string, id: number) =>
  (await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=${entidade}`)).body.data.filter(
    (e) => e.entidade_id === String(id),
  );

describe("shipping rates in the back office", () => {
  it("lists Paraguay's departments with their cities only", () => {
    expect(places.length).toBe(18);
    expect(place("Alto Paraná", "Ciudad del Este").cidade_id).toEqual(expect.any(Number));
  });

  it("changes a city's rate and the next quote for that city charges it; a new city rate wins over its department's", async () => {
    const cde = place("Alto Paraná", "Ciudad del Este");
    expect((await quoted(cde.cidade_id!))["Motoboy Alto Paraná (mesmo dia)"]).toMatchObject({ valor: "15000", prazo: 1 });
    const courier = await serviceNamed("Motoboy Alto Paraná (mesmo dia)");
    const rate = (await rates(`?servico_id=${courier.id}&estado_id=${cde.estado_id}`)).find((r) => r.cidade_id === cde.cidade_id)!;
    expect(rate).toMatchObject({ valor: "15000", moeda_id: 3, cidade: "Ciudad del Este", estado: "Alto Paraná" });
    const body: ShippingRateBody = { servico_id: courier.id, ...cde, moeda_id: 3, valor: "18000", prazo: 0 };
    const saved = await asStaff<Answer<AdminShippingRate>>(t.app, manager, "PUT", `/api/admin/delivery/rates/${rate.id}`, { body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe("Tarifa salva. A próxima cotação já a usa.");
    expect((await quoted(cde.cidade_id!))["Motoboy Alto Paraná (mesmo dia)"]).toMatchObject({ valor: "18000", prazo: 0 });
    const [record] = await auditOf("entrega_tarifa", rate.id);
    expect(record).toMatchObject({ acao: "editar", antes: { valor: "15000", prazo: 1 }, depois: { valor: "18000", prazo: 0 } });

    // The carrier has a rate for the whole department; a rate for one of its cities wins there.
    const carrier = await serviceNamed("Transportadora Nacional");
    const minga = place("Alto Paraná", "Minga Guazú");
    expect((await quoted(minga.cidade_id!))["Transportadora Nacional"]?.valor).toBe("20000");
    const created = await asStaff<Answer<AdminShippingRate>>(t.app, manager, "POST", "/api/admin/delivery/rates", {
      body: { servico_id: carrier.id, ...minga, moeda_id: "2", valor: "4,50", prazo: "2" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ valor: "4.50", moeda_id: 2, cidade: "Minga Guazú" });
    // Quoted in dollars, the dollar rate as it is.
    expect((await quoted(minga.cidade_id!, 2))["Transportadora Nacional"]).toMatchObject({ valor: "4.50", prazo: 2 });
    const removed = await asStaff(t.app, manager, "DELETE", `/api/admin/delivery/rates/${created.body.data.id}`);
    expect(removed.status).toBe(200);
    expect((await quoted(minga.cidade_id!))["Transportadora Nacional"]?.valor).toBe("20000");
    expect((await auditOf("entrega_tarifa", created.body.data.id)).map((e) => e.acao)).toEqual(["excluir", "criar"]);
  });

  it("refuses cents in guaraníes, a negative value or days, a city of another department, another country's state and a second rate for one place", async () => {
    const carrier = await serviceNamed("Transportadora Nacional");
    const cde = place("Alto Paraná", "Ciudad del Este");
    const post = (body: Record<string, unknown>) =>
      asStaff<Answer<never>>(t.app, manager, "POST", "/api/admin/delivery/rates", {
        body: { servico_id: carrier.id, ...cde, moeda_id: 3, valor: "1000", prazo: 1, ...body },
      });
    const cents = await post({ valor: "15000.50" });
    expect(cents.status).toBe(422);
    expect(cents.body.errors?.valor).toEqual(["Informe um número inteiro"]);
    const negative = await post({ valor: "-1", prazo: -1 });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors ?? {}).sort()).toEqual(["prazo", "valor"]);
    const fraction = await post({ prazo: "1.5" });
    expect(fraction.body.errors?.prazo).toBeDefined();
    const elsewhere = await post({ cidade_id: place("Itapúa", "Encarnación").cidade_id });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors?.cidade_id).toEqual(["Esta cidade não é do departamento escolhido."]);
    const [saoPaulo] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM estados WHERE pais_id = 1 LIMIT 1`);
    const brazil = await post({ estado_id: saoPaulo!.id, cidade_id: "" });
    expect(brazil.status).toBe(422);
    expect(brazil.body.errors?.estado_id).toEqual(["Escolha um departamento do Paraguai."]);
    // The carrier already has Alto Paraná's own rate (no city).
    const twice = await post({ cidade_id: "" });
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.cidade_id).toEqual(["Este serviço já tem uma tarifa para este lugar: edite a existente."]);
    const unknown = await post({ servico_id: 999999 });
    expect(unknown.status).toBe(422);
    expect((await rates(`?servico_id=${carrier.id}&estado_id=${cde.estado_id}`)).map((r) => r.cidade_id)).toEqual([null]);
  });

  it("takes a service out of the quotes when it is switched off, and back when it is on", async () => {
    const courier = await serviceNamed("Motoboy Alto Paraná (mesmo dia)");
    const hernandarias = place("Alto Paraná", "Hernandarias").cidade_id!;
    const body = { descricao_pt: courier.descricao_pt, descricao_es: courier.descricao_es, usa_pontos: false, ativo: false };
    const off = await asStaff<Answer<AdminShippingService>>(t.app, manager, "PUT", `/api/admin/delivery/services/${courier.id}`, { body });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await quoted(hernandarias))["Motoboy Alto Paraná (mesmo dia)"]).toBeUndefined();
    await asStaff(t.app, manager, "PUT", `/api/admin/delivery/services/${courier.id}`, {
      body: { ...body, descricao_pt: "Motoboy no mesmo dia", ativo: true },
    });
    expect((await quoted(hernandarias))["Motoboy no mesmo dia"]?.valor).toBe("25000");
    const created = await asStaff<Answer<AdminShippingService>>(t.app, manager, "POST", "/api/admin/delivery/services", {
      body: { descricao_pt: "Correio Paraguayo", descricao_es: "Correo Paraguayo", usa_pontos: "on" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ usa_pontos: true, ativo: true, tarifas: 0 });
    expect((await auditOf("entrega_servico", courier.id)).map((e) => e.acao)).toEqual(["editar", "editar"]);
  });
});

describe("pickup points in the back office", () => {
  it("adds a point, edits it and deactivates it: the cart's pickup points follow at once", async () => {
    const network = await serviceNamed("Retirada em ponto parceiro");
    const cart = await createCart(t.app, [{ produto_id: product.id, qtde: 1 }], { moeda_id: 3 });
    const body = {
      nome: "Agencia Minga Guazú",
      endereco: "Ruta PY02 km 20",
      ...place("Alto Paraná", "Minga Guazú"),
      horario_atendimento: "Lun a Vie 8:00 a 17:00",
      servico_id: network.id,
    };
    const created = await asStaff<Answer<AdminPickupPoint>>(t.app, manager, "POST", "/api/admin/delivery/points", { body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect((await pickupPoints(t.app, cart.external_id)).body.data.find((p) => p.id === id)).toMatchObject({
      nome: "Agencia Minga Guazú",
      cidade: "Minga Guazú",
      horario_atendimento: "Lun a Vie 8:00 a 17:00",
    });
    const edited = await asStaff<Answer<AdminPickupPoint>>(t.app, manager, "PUT", `/api/admin/delivery/points/${id}`, {
      body: { ...body, horario_atendimento: "Lun a Sáb 7:00 a 19:00", ativo: "on" },
    });
    expect(edited.status).toBe(200);
    expect((await pickupPoints(t.app, cart.external_id)).body.data.find((p) => p.id === id)?.horario_atendimento).toBe("Lun a Sáb 7:00 a 19:00");
    const off = await asStaff(t.app, manager, "PUT", `/api/admin/delivery/points/${id}`, { body: { ...body, ativo: false } });
    expect(off.status).toBe(200);
    expect((await pickupPoints(t.app, cart.external_id)).body.data.some((p) => p.id === id)).toBe(false);
    expect((await auditOf("ponto_entrega", id)).map((e) => e.acao)).toEqual(["editar", "editar", "criar"]);
  });

  it("refuses a city outside the department, a door-to-door service and empty fields", async () => {
    const carrier = await serviceNamed("Transportadora Nacional");
    const res = await asStaff<Answer<never>>(t.app, manager, "POST", "/api/admin/delivery/points", {
      body: {
        nome: "X",
        endereco: "Y",
        estado_id: place("Itapúa").estado_id,
        cidade_id: place("Alto Paraná", "Hernandarias").cidade_id,
        horario_atendimento: "Z",
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.cidade_id).toBeDefined();
    const door = await asStaff<Answer<never>>(t.app, manager, "POST", "/api/admin/delivery/points", {
      body: { nome: "X", endereco: "Y", ...place("Itapúa", "Encarnación"), horario_atendimento: "Z", servico_id: carrier.id },
    });
    expect(door.body.errors?.servico_id).toEqual(["Escolha um serviço de entrega em pontos de retirada."]);
    const empty = await asStaff<Answer<never>>(t.app, manager, "POST", "/api/admin/delivery/points", { body: { nome: "", endereco: "" } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(["cidade_id", "endereco", "estado_id", "horario_atendimento", "nome"]);
  });

  it("is refused to the counter with a 403 in every operation, nothing changed", async () => {
    const network = await serviceNamed("Retirada em ponto parceiro");
    for (const [method, url] of [
      ["GET", "/api/admin/delivery/rates"],
      ["GET", "/api/admin/delivery/points"],
      ["POST", "/api/admin/delivery/services"],
      ["PUT", `/api/admin/delivery/services/${network.id}`],
      ["DELETE", "/api/admin/delivery/rates/1"],
    ] as const) {
      expect(
        (await asStaff(t.app, counter, method, url, { body: method === "GET" || method === "DELETE" ? undefined : { descricao_pt: "X" } })).status,
      ).toBe(403);
    }
    expect((await serviceNamed("Retirada em ponto parceiro")).descricao_es).toBe(network.descricao_es);
  });
});
