import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES, type AuditEntry, type Staff, type StaffRole, type StaffSession } from "#contract/api/admin/staff.ts";
import { operations, type Operation } from "#contract/api/operations.ts";
import { queryRows } from "#db/client.ts";
import { DEMO_STAFF, upsertStaffMember } from "#db/staff.ts";
import { call, newCustomer, nextIp } from "../../../tests/support/customers.ts";
import { asStaff, cookieOf, STAFF_PASSWORD, staffAgent, staffEmail, staffLogin, STORE_HOST, STORE_ORIGIN } from "../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const agent = (role: StaffRole, lang?: string) => staffAgent(t.app, t.database.db, role, lang);

describe("staff login", () => {
  it("sets an HttpOnly, SameSite=Strict session cookie and answers the member with a CSRF token", async () => {
    const email = staffEmail("owner");
    await upsertStaffMember(t.database.db, { email, nome: "Dona", papel: "owner", password: STAFF_PASSWORD });
    const res = await staffLogin(t.app, email.toUpperCase(), STAFF_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.staff).toMatchObject({ email, papel: "owner", nome: "Dona" });
    expect(res.body.csrf_token).toMatch(/^[\w-]{40,}$/);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/staff_sid=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(JSON.stringify(res.body)).not.toMatch(/hash|argon/i);
    const session = await asStaff<StaffSession>(t.app, { cookie: cookieOf(res), csrf: "" }, "GET", "/api/admin/session");
    expect(session.status).toBe(200);
    expect(session.body.staff.email).toBe(email);
    expect(session.body.csrf_token).toBe(res.body.csrf_token);
  });

  it("answers the same 401 for a wrong password, an unknown e-mail and a member switched off", async () => {
    const owner = await agent("owner");
    const off = await agent("counter");
    await asStaff(t.app, owner, "PATCH", `/api/admin/staff/${off.id}`, { body: { ativo: false } });
    const answers = await Promise.all([
      staffLogin(t.app, owner.email, "Errada#12345678"),
      staffLogin(t.app, staffEmail("ninguem"), STAFF_PASSWORD),
      staffLogin(t.app, off.email, STAFF_PASSWORD),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(new Set(answers.map((a) => a.body.message))).toEqual(new Set(["Credenciais inválidas"]));
  });

  it("opens the demo staff's published passwords to this machine only, and any changed password anywhere", async () => {
    const demo = DEMO_STAFF.find((m) => m.papel === "owner")!;
    await upsertStaffMember(t.database.db, demo);
    const fromAfar = await staffLogin(t.app, demo.email, demo.password, "203.0.113.40");
    expect(fromAfar.status).toBe(403);
    expect(fromAfar.body.message).toMatch(/^As contas de demonstração entram/);
    expect(fromAfar.headers["set-cookie"]).toBeUndefined();
    const refusals = await queryRows<{ ip: string; depois: { motivo: string } }>(
      t.database.db,
      sql`SELECT ip, depois FROM auditoria WHERE acao = 'login_falhou' AND autor = ${demo.email} ORDER BY id DESC LIMIT 1`,
    );
    expect(refusals).toEqual([{ ip: "203.0.113.40", depois: { motivo: "demo_remota" } }]);
    // A local visitor behind a proxy is not the machine itself.
    const forwarded = await staffLogin(t.app, demo.email, demo.password, "127.0.0.1", { "x-forwarded-for": "203.0.113.41" });
    expect(forwarded.status).toBe(403);
    const here = await staffLogin(t.app, demo.email.toUpperCase(), demo.password, "127.0.0.1");
    expect(here.status).toBe(200);
    // Once its password is no longer the README's, the member signs in from anywhere.
    await upsertStaffMember(t.database.db, { ...demo, password: "Trocada#Propria2026" });
    expect((await staffLogin(t.app, demo.email, "Trocada#Propria2026", "203.0.113.42")).status).toBe(200);
    expect((await staffLogin(t.app, demo.email, demo.password, "203.0.113.43")).status).toBe(403);
    await upsertStaffMember(t.database.db, demo);
  });

  it("refuses a login sent from another site's page, or with no page at all", async () => {
    const owner = await agent("owner");
    const foreign = await call(t.app, "POST", "/api/admin/login", {
      body: { email: owner.email, password: STAFF_PASSWORD },
      headers: { host: STORE_HOST, origin: "https://evil.example" },
    });
    const bare = await call(t.app, "POST", "/api/admin/login", {
      body: { email: owner.email, password: STAFF_PASSWORD },
      headers: { host: STORE_HOST },
    });
    expect([foreign.status, bare.status]).toEqual([403, 403]);
  });

  it("slows guessing down: the sixth wrong password from one address is refused before it is checked", async () => {
    const owner = await agent("owner");
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await staffLogin(t.app, owner.email, `Errada#${i}1234567`, ip)).status).toBe(401);
    const sixth = await staffLogin(t.app, owner.email, STAFF_PASSWORD, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Aguarde/);
  });

  it("keeps staff and customers apart: neither session opens the other's door", async () => {
    const customer = await newCustomer(t.app, t.database.db);
    const withBearer = await call(t.app, "GET", "/api/admin/session", { token: customer.token, headers: { host: STORE_HOST } });
    const withCookie = await call(t.app, "GET", "/api/admin/session", { headers: { host: STORE_HOST, cookie: `sid=${customer.token}` } });
    expect([withBearer.status, withCookie.status]).toEqual([401, 401]);
    const owner = await agent("owner");
    const asCustomer = await call(t.app, "POST", "/ecom/me", {
      headers: { host: STORE_HOST, origin: STORE_ORIGIN, cookie: `staff_sid=${owner.cookie}` },
    });
    expect(asCustomer.status).toBe(401);
    // The staff token as a customer's: no customer session has it.
    expect((await call(t.app, "POST", "/ecom/me", { token: owner.cookie })).status).toBe(401);
  });
});

describe("staff sessions", () => {
  it("end at logout: the same cookie opens nothing afterwards", async () => {
    const counter = await agent("counter");
    const out = await asStaff(t.app, counter, "POST", "/api/admin/logout");
    expect(out.status).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/staff_sid=;/);
    expect((await asStaff(t.app, counter, "GET", "/api/admin/session")).status).toBe(401);
  });

  it("end after 8 idle hours, and slide with use", async () => {
    const manager = await agent("manager");
    const hash = (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM sessoes_funcionarios WHERE funcionario_id = ${manager.id}`))[0]!
      .id;
    // Used 2 minutes ago, ending in 10 minutes: this use moves the end 8 hours ahead and renews the cookie.
    await t.database.db.execute(sql`UPDATE sessoes_funcionarios SET last_seen_at = now() - interval '2 minutes',
      expires_at = now() + interval '10 minutes' WHERE id = ${hash}`);
    const used = await asStaff(t.app, manager, "GET", "/api/admin/session");
    expect(used.status).toBe(200);
    expect(String(used.headers["set-cookie"])).toMatch(/staff_sid=.+SameSite=Strict/i);
    const [row] = await queryRows<{ hours: number }>(
      t.database.db,
      sql`SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sessoes_funcionarios WHERE id = ${hash}`,
    );
    expect(Number(row!.hours)).toBeGreaterThan(7.9);
    await t.database.db.execute(sql`UPDATE sessoes_funcionarios SET expires_at = now() - interval '1 second' WHERE id = ${hash}`);
    const expired = await asStaff(t.app, manager, "GET", "/api/admin/session");
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("Sessão expirada. Faça login novamente.");
  });
});

describe("writes of the back office", () => {
  it("need the session's CSRF token and a page of the store's own origin", async () => {
    const owner = await agent("owner");
    const body = { lang: "es-PY" };
    const missing = await asStaff(t.app, { ...owner, csrf: "" }, "PATCH", "/api/admin/me", { body, headers: { "x-csrf-token": "" } });
    const wrong = await asStaff(t.app, { ...owner, csrf: "x".repeat(43) }, "PATCH", "/api/admin/me", { body });
    const foreign = await asStaff(t.app, owner, "PATCH", "/api/admin/me", { body, headers: { origin: "https://evil.example" } });
    const otherSession = await agent("owner");
    const borrowed = await asStaff(t.app, { ...owner, csrf: otherSession.csrf }, "PATCH", "/api/admin/me", { body });
    expect([missing.status, wrong.status, foreign.status, borrowed.status]).toEqual([403, 403, 403, 403]);
    expect(wrong.body.message).toMatch(/Recarregue/);
    const ok = await asStaff<{ data: Staff; message: string }>(t.app, owner, "PATCH", "/api/admin/me", { body });
    expect(ok.status).toBe(200);
    // The member's language is the answer's language from now on.
    expect(ok.body.message).toBe("Sus preferencias fueron guardadas.");
    expect((await asStaff(t.app, owner, "GET", "/api/admin/staff/0")).status).toBe(404);
  });
});

/** A path of an operation, its parameters filled with `id`. */
const pathOf = (key: string, id: number) => key.slice(key.indexOf(" ") + 1).replace(/\{\w+\}/g, String(id));
const adminOperations = Object.entries(operations as Record<string, Operation>).filter(([key]) => key.includes(" /api/admin/"));

describe("every back-office operation", () => {
  it("is in the operations map with the roles that may call it", () => {
    expect(adminOperations.length).toBeGreaterThanOrEqual(8);
    for (const [key, op] of adminOperations) expect(op.admin, key).toBeDefined();
    // And the server has a route for each (an admin route missing from the map is refused to everyone).
    for (const [key] of adminOperations) {
      const [method, path] = key.split(" ") as [string, string];
      expect(t.app.hasRoute({ method: method as "GET", url: path.replace(/\{(\w+)\}/g, ":$1") }), key).toBe(true);
    }
  });

  it.each(adminOperations.map(([key, op]) => [key, op] as const))("%s answers each role as the map says", async (key, op) => {
    const [method] = key.split(" ") as ["GET" | "POST" | "PATCH" | "PUT" | "DELETE"];
    const target = await agent("counter");
    const url = pathOf(key, target.id);
    const body = method === "GET" ? undefined : {};
    // No session, and a customer's session.
    const customer = await newCustomer(t.app, t.database.db);
    const none = await asStaff(t.app, undefined, method, url, { body });
    const asCustomer = await asStaff(t.app, undefined, method, url, {
      body,
      headers: { cookie: `sid=${customer.token}`, authorization: `Bearer ${customer.token}` },
    });
    if (op.admin === "public") {
      expect(none.status).not.toBe(401);
      return;
    }
    expect([none.status, asCustomer.status], key).toEqual([401, 401]);
    for (const role of STAFF_ROLES) {
      const member = await agent(role);
      const res = await asStaff(t.app, member, method, url, { body });
      if (op.admin?.roles.includes(role)) expect([401, 403], `${key} as ${role}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
      else expect(res.status, `${key} as ${role}`).toBe(403);
    }
  });
});

describe("the owner's staff management", () => {
  it("creates a member, who must choose a new password before anything else", async () => {
    const owner = await agent("owner");
    const email = staffEmail("novo");
    const created = await asStaff<{ data: Staff }>(t.app, owner, "POST", "/api/admin/staff", {
      body: { email, nome: "Novo Balconista", papel: "counter", lang: "es-PY", password: "Primeira#Senha1" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, papel: "counter", trocar_senha: true });
    const duplicate = await asStaff(t.app, owner, "POST", "/api/admin/staff", {
      body: { email: email.toUpperCase(), nome: "Outro", papel: "manager", password: "Primeira#Senha1" },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors?.email).toEqual(["Já existe um funcionário com este e-mail."]);

    const login = await staffLogin(t.app, email, "Primeira#Senha1");
    const newcomer = { cookie: cookieOf(login), csrf: login.body.csrf_token };
    const blocked = await asStaff(t.app, newcomer, "GET", "/api/admin/audit");
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe("Elija una nueva contraseña antes de continuar.");
    const wrongCurrent = await asStaff(t.app, newcomer, "PATCH", "/api/admin/me", {
      body: { current_password: "nada", password: "Minha#SenhaNova1" },
    });
    expect(wrongCurrent.status).toBe(422);
    const changed = await asStaff<{ data: Staff }>(t.app, newcomer, "PATCH", "/api/admin/me", {
      body: { current_password: "Primeira#Senha1", password: "Minha#SenhaNova1" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.trocar_senha).toBe(false);
    // A counter now, and only a counter: the staff list is the owner's.
    expect((await asStaff(t.app, newcomer, "GET", "/api/admin/staff")).status).toBe(403);
  });

  it("never leaves the shop without an active owner", async () => {
    // Every other owner of this test database is switched off first.
    const owner = await agent("owner");
    await t.database.db.execute(sql`UPDATE funcionarios SET ativo = false WHERE papel = 'owner' AND id <> ${owner.id}`);
    const demote = await asStaff(t.app, owner, "PATCH", `/api/admin/staff/${owner.id}`, { body: { papel: "manager" } });
    const disable = await asStaff(t.app, owner, "PATCH", `/api/admin/staff/${owner.id}`, { body: { ativo: false } });
    expect([demote.status, disable.status]).toEqual([422, 422]);
    expect(demote.body.errors?.papel).toEqual(["A loja precisa de ao menos um dono ativo."]);
    const second = await agent("owner");
    expect((await asStaff(t.app, second, "PATCH", `/api/admin/staff/${owner.id}`, { body: { papel: "manager" } })).status).toBe(200);
    // The demoted owner's session ended with the role.
    expect((await asStaff(t.app, owner, "GET", "/api/admin/session")).status).toBe(401);
  });

  it("writes every change to the audit log, with before and after and never a password", async () => {
    const owner = await agent("owner");
    const member = await agent("manager");
    await asStaff(t.app, owner, "PATCH", `/api/admin/staff/${member.id}`, { body: { nome: "Gerente Renomeado", password: "Outra#Senha2026" } });
    const log = await asStaff<{ data: AuditEntry[]; has_more: boolean }>(
      t.app,
      owner,
      "GET",
      `/api/admin/audit?entidade=funcionario&funcionario_id=${owner.id}`,
    );
    expect(log.status).toBe(200);
    const entry = log.body.data.find((e) => e.entidade_id === String(member.id));
    expect(entry).toMatchObject({ autor: owner.email, acao: "redefinir_senha", entidade: "funcionario" });
    expect(entry?.antes).toMatchObject({ nome: "Teste manager" });
    expect(entry?.depois).toMatchObject({ nome: "Gerente Renomeado" });
    expect(JSON.stringify(log.body)).not.toMatch(/argon|password_hash|Outra#Senha/);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Asuncion" });
    const todays = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?de=${today}&ate=${today}&funcionario_id=${owner.id}`);
    expect(todays.body.data.map((e) => e.id)).toContain(entry!.id);
    const yesterday = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?ate=2020-01-01`);
    expect(yesterday.body.data).toEqual([]);
    expect((await asStaff(t.app, owner, "GET", "/api/admin/audit?de=ontem")).status).toBe(422);
  });
});
