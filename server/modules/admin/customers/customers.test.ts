import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "#contract/api/accounts.ts";
import type { CustomerDetail, CustomerRow } from "#contract/api/admin/customers.ts";
import { queryRows } from "#db/client.ts";
import { call, lastLink, mailsTo, newCustomer } from "../../../../tests/support/customers.ts";
import { files as fx, multipart, png } from "../../../../tests/support/fixtures.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let owner: StaffAgent;
let counter: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  [manager, owner, counter] = await Promise.all([
    staffAgent(t.app, t.database.db, "manager"),
    staffAgent(t.app, t.database.db, "owner", "es-PY"),
    staffAgent(t.app, t.database.db, "counter"),
  ]);
});
afterAll(() => t.close());

type Page = { data: CustomerRow[]; has_more: boolean; page: number };
const list = (query: Record<string, string>, who: StaffAgent = manager) =>
  asStaff<Page>(t.app, who, "GET", `/api/admin/customers?${new URLSearchParams(query)}`);
const detail = (id: number, who: StaffAgent = manager) =>
  asStaff<{ data: CustomerDetail; message?: string }>(t.app, who, "GET", `/api/admin/customers/${id}`);
const review = (id: number, body: unknown, who: StaffAgent = manager) =>
  asStaff<{ message: string; errors?: Record<string, string[]>; data: { status: string } }>(
    t.app,
    who,
    "POST",
    `/api/admin/customers/${id}/documents/review`,
    {
      body,
    },
  );
const me = (token: string) => call<User>(t.app, "POST", "/ecom/me", { token });
const audit = (acao: string, customerId: number) =>
  queryRows<{ autor: string; funcionario_id: number; depois: Record<string, unknown>; antes: Record<string, unknown> | null }>(
    t.database.db,
    sql`SELECT autor, funcionario_id, depois, antes FROM auditoria WHERE acao = ${acao} AND entidade = 'cliente' AND entidade_id = ${String(customerId)} ORDER BY id`,
  );

describe("the customer list", () => {
  it("finds customers by a part of the name without accents, the e-mail, the document number typed without its mask, and the nationality, newest first", async () => {
    const maria = await newCustomer(t.app, t.database.db, "py", { nome: "Mariángela", sobrenome: "Zárate Quiñónez" });
    const joao = await newCustomer(t.app, t.database.db, "br");
    const lucia = await newCustomer(t.app, t.database.db, "ar");
    await t.database.db.execute(sql`UPDATE clientes SET documento = '4.871.552-3' WHERE id = ${maria.user.id}`);

    const byName = await list({ q: "zarate quinonez" });
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((c) => c.id)).toEqual([maria.user.id]);
    expect(byName.body.data[0]).toMatchObject({
      nome: "Mariángela Zárate Quiñónez",
      email: maria.email,
      email_confirmado: false,
      documento_status: "pendente",
    });
    expect((await list({ q: joao.email.toUpperCase() })).body.data.map((c) => c.id)).toEqual([joao.user.id]);
    expect((await list({ q: "48715523" })).body.data.map((c) => c.id)).toEqual([maria.user.id]);
    expect((await list({ q: "871.55" })).body.data.map((c) => c.id)).toEqual([maria.user.id]);
    // % and _ are letters of the search, not patterns that match everything.
    expect((await list({ q: "%" })).body.data).toEqual([]);

    const argentines = await list({ nacionalidade: "AR" });
    expect(argentines.body.data.every((c) => c.nacionalidade === "AR")).toBe(true);
    expect(argentines.body.data.map((c) => c.id)).toContain(lucia.user.id);
    expect((await list({ estrangeiro: "sim" })).body.data.every((c) => c.estrangeiro)).toBe(true);

    const newest = (await list({})).body.data.map((c) => c.id);
    expect(newest.indexOf(lucia.user.id)).toBeLessThan(newest.indexOf(joao.user.id));
    expect(newest.indexOf(joao.user.id)).toBeLessThan(newest.indexOf(maria.user.id));
  });

  it("refuses a bad filter with a 4xx in the member's language", async () => {
    const bad = await list({ nacionalidade: "XX", page: "0" }, owner);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/inválido|invalido/i);
  });
});

describe("who may see customers", () => {
  it("answers counter staff 403 and nobody 401 on every customer operation", async () => {
    const { user } = await newCustomer(t.app, t.database.db, "py");
    const paths: ["GET" | "POST", string][] = [
      ["GET", "/api/admin/customers"],
      ["GET", `/api/admin/customers/${user.id}`],
      ["GET", `/api/admin/customers/${user.id}/documents/1?t=x`],
      ["POST", `/api/admin/customers/${user.id}/documents/review`],
      ["POST", `/api/admin/customers/${user.id}/resend-confirmation`],
      ["POST", `/api/admin/customers/${user.id}/password-reset`],
    ];
    for (const [method, path] of paths) {
      expect((await asStaff(t.app, counter, method, path, { body: method === "POST" ? { estado: "verificado" } : undefined })).status, path).toBe(
        403,
      );
      expect((await asStaff(t.app, undefined, method, path, { body: method === "POST" ? {} : undefined })).status, path).toBe(401);
    }
    expect((await detail(user.id, owner)).status).toBe(200);
  });
});

describe("a customer's record", () => {
  it("shows the addresses, orders, favourites, last login, e-mail confirmation and the document's state", async () => {
    const c = await newCustomer(t.app, t.database.db, "br");
    const [product] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM produtos WHERE ativo LIMIT 1`);
    expect((await call(t.app, "POST", "/ecom/favoritos", { token: c.token, body: { produto_id: product!.id } })).status).toBe(201);
    const res = await detail(c.user.id);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      email: c.email,
      nome: "João",
      email_confirmado_em: null,
      favoritos: 1,
      pedidos: [],
      pedidos_total: 0,
      nacionalidade: "BR",
    });
    expect(d.ultimo_login).not.toBeNull();
    expect(d.enderecos).toHaveLength(1);
    expect(d.enderecos[0]).toMatchObject({ principal: true, cidade: "São Paulo", pais: "Brasil", pais_sigla: "BR" });
    expect(d.revisao).toEqual({ status: "pendente", motivo: null, nota: null, revisado_por: null, revisado_em: null });
    expect(d.documentos.map((x) => [x.lado, x.mime])).toEqual([
      ["frente", "image/png"],
      ["verso", "application/pdf"],
    ]);
    expect(JSON.stringify(d)).not.toMatch(/hash|argon|storage_key/i);
    expect((await detail(99_999_999)).status).toBe(404);
  });
});

describe("the document's images", () => {
  it("open through a link of a few minutes, privately, and every opening is in the audit log with who opened it", async () => {
    const c = await newCustomer(t.app, t.database.db, "py");
    const { documentos } = (await detail(c.user.id)).body.data;
    const front = documentos.find((x) => x.lado === "frente")!;
    const back = documentos.find((x) => x.lado === "verso")!;
    expect(new Date(front.expira_em).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);

    const image = await asStaff(t.app, manager, "GET", front.url);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("private, no-store");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["content-disposition"]).toBe("inline");
    expect(image.raw.equals(png())).toBe(true);
    const pdf = await asStaff(t.app, manager, "GET", back.url);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe("inline");

    const views = await audit("documento_visto", c.user.id);
    expect(views.map((v) => [v.autor, v.funcionario_id, v.depois.lado])).toEqual([
      [manager.email, manager.id, "frente"],
      [manager.email, manager.id, "verso"],
    ]);

    // Another member's link, an altered one, one for another document, and an expired one open nothing, and log nothing.
    expect((await asStaff(t.app, owner, "GET", front.url)).status).toBe(403);
    const altered = front.url.replace(/t=([^&]{6})/, "t=AAAAAA");
    expect((await asStaff(t.app, manager, "GET", altered)).status).toBe(403);
    expect((await asStaff(t.app, manager, "GET", front.url.replace(`/documents/${front.id}?`, `/documents/${back.id}?`))).status).toBe(403);
    const now = Date.now();
    const later = vi.spyOn(Date, "now").mockReturnValue(now + 5 * 60 * 1000 + 1000);
    try {
      const expired = await asStaff(t.app, manager, "GET", front.url);
      expect(expired.status).toBe(403);
      expect(expired.body.message).toMatch(/expirou/);
    } finally {
      later.mockRestore();
    }
    expect(await audit("documento_visto", c.user.id)).toHaveLength(2);
  });
});

describe("the review of a document", () => {
  it("rejects with a reason, mails the customer in their language, shows it on their profile, and new images start a new review", async () => {
    const c = await newCustomer(t.app, t.database.db, "py");
    const noReason = await review(c.user.id, { estado: "rejeitado" });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.motivo).toBeDefined();
    const otherWithoutNote = await review(c.user.id, { estado: "rejeitado", motivo: "outro" });
    expect(otherWithoutNote.status).toBe(422);
    expect(otherWithoutNote.body.errors?.nota).toBeDefined();
    expect((await review(c.user.id, { estado: "pendente" })).status).toBe(422);

    const rejected = await review(c.user.id, { estado: "rejeitado", motivo: "vencido", nota: "A cédula venceu em 2024." });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.message).toMatch(/recusado/);
    expect(rejected.body.data).toMatchObject({
      status: "rejeitado",
      motivo: "vencido",
      nota: "A cédula venceu em 2024.",
      revisado_por: "Teste manager",
    });

    const [mail] = await mailsTo(t.app, c.email);
    expect(mail!.assunto).toMatch(/^Documento rechazado/);
    expect(mail!.texto).toContain("el documento está vencido");
    expect(mail!.texto).toContain("A cédula venceu em 2024.");
    expect(mail!.texto).toContain("/perfil/dados-pessoais");

    expect((await me(c.token)).body.documento_revisao).toEqual({ status: "rejeitado", motivo: "vencido", nota: "A cédula venceu em 2024." });
    const [record] = await audit("documento_revisado", c.user.id);
    expect(record).toMatchObject({
      autor: manager.email,
      antes: { documento_status: "pendente" },
      depois: { documento_status: "rejeitado", motivo: "vencido" },
    });

    // The customer sends a new front from the profile: a new review starts.
    const upload = await call(t.app, "POST", "/ecom/cliente/update-profile", {
      token: c.token,
      form: await multipart({ telefone: "+595 983 123 456", documento_tipo: "RUC", documento: "80009735-1" }, { frente: fx.jpeg() }),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect((await me(c.token)).body.documento_revisao).toEqual({ status: "pendente", motivo: null, nota: null });
    const again = (await detail(c.user.id)).body.data;
    expect(again.revisao.status).toBe("pendente");
    expect(again.documentos.find((x) => x.lado === "frente")!.mime).toBe("image/jpeg");
  });

  it("verifies a Brazilian's document with an e-mail in Portuguese, and refuses a customer without images", async () => {
    const c = await newCustomer(t.app, t.database.db, "br");
    const verified = await review(c.user.id, { estado: "verificado", motivo: "ilegivel" }, owner);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toMatch(/verificado/);
    expect(verified.body.data).toMatchObject({ status: "verificado", motivo: null });
    const [mail] = await mailsTo(t.app, c.email);
    expect(mail!.assunto).toMatch(/^Documento verificado/);
    expect(mail!.texto).toContain("foi verificado");

    await t.database.db.execute(sql`DELETE FROM cliente_documentos WHERE customer_id = ${c.user.id}`);
    const none = await review(c.user.id, { estado: "verificado" });
    expect(none.status).toBe(409);
    expect((await review(99_999_999, { estado: "verificado" })).status).toBe(404);
  });
});

describe("e-mails staff send a customer", () => {
  it("resends the confirmation while the e-mail is unconfirmed, audited, and refuses it once confirmed", async () => {
    const c = await newCustomer(t.app, t.database.db, "br");
    const before = (await mailsTo(t.app, c.email)).length;
    const sent = await asStaff(t.app, manager, "POST", `/api/admin/customers/${c.user.id}/resend-confirmation`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toContain(c.email);
    expect((await mailsTo(t.app, c.email)).length).toBe(before + 1);
    expect(await audit("confirmacao_reenviada", c.user.id)).toHaveLength(1);

    const link = await lastLink(t.app, c.email, "confirmation-email");
    expect((await call(t.app, "POST", `/ecom/cliente/confirmar-email/${link.uuid}/${link.token}`)).status).toBe(200);
    const confirmed = await asStaff(t.app, manager, "POST", `/api/admin/customers/${c.user.id}/resend-confirmation`);
    expect(confirmed.status).toBe(409);
    expect((await detail(c.user.id)).body.data.email_confirmado_em).not.toBeNull();
  });

  it("sends the customer's own reset e-mail (no password anywhere), audited, and stops after three", async () => {
    const c = await newCustomer(t.app, t.database.db, "py");
    const res = await asStaff(t.app, owner, "POST", `/api/admin/customers/${c.user.id}/password-reset`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Enviamos a .* el enlace/);
    expect(JSON.stringify(res.body)).not.toMatch(/token|senha"|password/i);
    const link = await lastLink(t.app, c.email, "reset-password");
    expect(link.mail.assunto).toMatch(/^Restablecimiento de contraseña/);
    expect(await audit("senha_redefinicao_enviada", c.user.id)).toHaveLength(1);
    for (let i = 0; i < 2; i++) expect((await asStaff(t.app, owner, "POST", `/api/admin/customers/${c.user.id}/password-reset`)).status).toBe(200);
    const limited = await asStaff(t.app, owner, "POST", `/api/admin/customers/${c.user.id}/password-reset`);
    expect(limited.status).toBe(429);
    expect(await audit("senha_redefinicao_enviada", c.user.id)).toHaveLength(3);
    // The customer's newest link works: they choose the password.
    const newest = await lastLink(t.app, c.email, "reset-password");
    const reset = await call(t.app, "POST", "/ecom/cliente/trocar-senha", {
      body: { uuid: newest.uuid, token: newest.token, email: c.email, password: "Nova#Senha2026", password_confirmation: "Nova#Senha2026" },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });
});
