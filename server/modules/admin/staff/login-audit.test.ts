import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import { queryRows } from "#db/client.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { nextIp } from "../../../../tests/support/customers.ts";
import { asStaff, STAFF_PASSWORD, staffEmail, staffLoginCode, STORE_HOST, STORE_ORIGIN } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { codeAt, totpSteps } from "../../../../tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const { agent, enrol, ticketOf } = totpSteps(() => t);

/** The shared login slowdown of an account forgotten, so that what refuses is the ticket's own count. */
const forgetSlowdown = (email: string) =>
  Promise.all(["account", "pause"].map((k) => t.app.shared.limiter.reset(`staff-login:${k}:${email.toLowerCase()}`)));

const auditOf = async (where: ReturnType<typeof sql>) =>
  queryRows<AuditEntry & { user_agent: string | null }>(
    t.database.db,
    sql`SELECT id, funcionario_id, autor, acao, entidade, entidade_id, antes, depois, ip, user_agent FROM auditoria WHERE ${where} ORDER BY id`,
  );

describe("the login's ticket (decision 026)", () => {
  it("opens one session only: the ticket of a login that succeeded is refused with any later code", async () => {
    const member = await agent("counter");
    const { totp } = await enrol(member);
    const ticket = await ticketOf(member);
    expect((await staffLoginCode(t.app, ticket, codeAt(totp, 1))).status).toBe(200);
    const replay = await staffLoginCode(t.app, ticket, codeAt(totp, 2));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/^A verificação expirou ou não é válida/);
  });

  it("dies after five wrong codes, even for the right one, until a new password step", async () => {
    const member = await agent("manager");
    const { totp } = await enrol(member);
    const ticket = await ticketOf(member);
    for (let i = 0; i < 4; i++) {
      await forgetSlowdown(member.email);
      expect((await staffLoginCode(t.app, ticket, String(300000 + i))).body.message).toMatch(/^Código inválido/);
    }
    await forgetSlowdown(member.email);
    const fifth = await staffLoginCode(t.app, ticket, "300009");
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toBe("Código inválido, e as tentativas acabaram. Entre novamente com e-mail e senha.");
    await forgetSlowdown(member.email);
    const right = await staffLoginCode(t.app, ticket, codeAt(totp, 1));
    expect(right.status).toBe(401);
    expect(right.body.message).toMatch(/^A verificação expirou ou não é válida/);
    // A new password step gives a new ticket, and the old one stays dead.
    await forgetSlowdown(member.email);
    const fresh = await ticketOf(member);
    expect((await staffLoginCode(t.app, fresh, codeAt(totp, 1))).status).toBe(200);
  });

  it("counts codes sent in parallel with one ticket: no more than five are checked", async () => {
    const member = await agent("counter");
    await enrol(member);
    const ticket = await ticketOf(member);
    await forgetSlowdown(member.email);
    // Each from its own address (the per-address guard is not what stops them), all at once.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => staffLoginCode(t.app, ticket, String(400000 + i), nextIp())));
    const checked = answers.filter((a) => /^Código inválido/.test(a.body.message)).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
  });

  it("replacing the ticket: only the latest password step's ticket is live", async () => {
    const member = await agent("manager");
    const { totp } = await enrol(member);
    const older = await ticketOf(member);
    const newer = await ticketOf(member);
    expect((await staffLoginCode(t.app, older, codeAt(totp, 1))).status).toBe(401);
    expect((await staffLoginCode(t.app, newer, codeAt(totp, 1))).status).toBe(200);
  });
});

describe("the audit log (decision 026)", () => {
  it("records logins that failed (unknown e-mails too) and succeeded, wrong codes and logouts, with address and browser, never a password", async () => {
    const ua = { "user-agent": "Mozilla/5.0 (Teste) Navegador/1.0" };
    const unknown = staffEmail("ninguem");
    const ip = nextIp();
    const login = (email: string, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        headers: { host: STORE_HOST, origin: STORE_ORIGIN, ...ua },
        remoteAddress: ip,
        payload: { email, password },
      });
    expect((await login(unknown, "Segredo#Desconhecido1")).statusCode).toBe(401);
    const member = await agent("counter");
    expect((await login(member.email, "Segredo#Errado12345")).statusCode).toBe(401);
    expect((await login(member.email, STAFF_PASSWORD)).statusCode).toBe(200);

    const [failedUnknown] = await auditOf(sql`autor = ${unknown}`);
    expect(failedUnknown).toMatchObject({
      funcionario_id: null,
      acao: "login_falhou",
      entidade: "funcionario",
      depois: { motivo: "desconhecido" },
      ip,
      user_agent: ua["user-agent"],
    });
    const mine = await auditOf(sql`funcionario_id = ${member.id} AND acao IN ('login', 'login_falhou')`);
    // The agent's own login, the wrong password, the right one.
    expect(mine.map((r) => [r.acao, (r.depois as { motivo?: string }).motivo])).toEqual([
      ["login", undefined],
      ["login_falhou", "senha"],
      ["login", undefined],
    ]);
    expect(mine[2]).toMatchObject({ ip, user_agent: ua["user-agent"], autor: member.email });

    await enrol(member);
    expect((await staffLoginCode(t.app, await ticketOf(member), "123456")).status).toBe(401);
    const [wrongCode] = await auditOf(sql`funcionario_id = ${member.id} AND acao = 'codigo_2fa_errado'`);
    expect(wrongCode).toMatchObject({ depois: { etapa: "login", motivo: "wrong", tentativa: 1 } });
    expect(JSON.stringify(wrongCode)).not.toContain("123456");

    expect((await asStaff(t.app, member, "POST", "/api/admin/logout")).status).toBe(200);
    expect(await auditOf(sql`funcionario_id = ${member.id} AND acao = 'logout'`)).toHaveLength(1);

    const everything = JSON.stringify(await auditOf(sql`true`));
    for (const secret of ["Segredo#Desconhecido1", "Segredo#Errado12345", STAFF_PASSWORD]) expect(everything).not.toContain(secret);
  });

  it("records the refusals of access and shows them to the owner", async () => {
    const manager = await agent("manager");
    expect((await asStaff(t.app, manager, "GET", "/api/admin/staff")).status).toBe(403);
    expect(
      (await asStaff(t.app, manager, "POST", "/api/admin/api-keys", { body: { nome: "x" }, headers: { "x-csrf-token": "forjado" } })).status,
    ).toBe(403);
    const owner = await agent("owner");
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?funcionario_id=${manager.id}&acao=acesso_negado`);
    expect(log.body.data.map((e) => [e.entidade_id, (e.depois as { motivo: string }).motivo])).toEqual([
      ["POST /api/admin/api-keys", "csrf_invalid"],
      ["GET /api/admin/staff", "forbidden"],
    ]);
  });

  it("records what staff:create does, by whom", async () => {
    const email = staffEmail("shell");
    const { id } = await upsertStaffMember(
      t.database.db,
      { email, nome: "Shell", papel: "owner", password: "Senha#DaShell2026" },
      { autor: "staff:create (ops@loja)" },
    );
    await upsertStaffMember(
      t.database.db,
      { email, nome: "Shell", papel: "manager", password: "Outra#DaShell2026", mustChange: true },
      { autor: "staff:create (ops@loja)" },
    );
    const rows = await auditOf(sql`funcionario_id = ${id} AND autor = 'staff:create (ops@loja)'`);
    expect(rows.map((r) => r.acao)).toEqual(["criar", "redefinir_acesso"]);
    expect(rows[1]).toMatchObject({ antes: { papel: "owner" }, depois: { papel: "manager", trocar_senha: true } });
    expect(JSON.stringify(rows)).not.toContain("DaShell2026");
  });

  it("is append-only: the database refuses to change, delete or empty it", async () => {
    await agent("counter");
    const [row] = await auditOf(sql`true`);
    for (const statement of [
      sql`UPDATE auditoria SET autor = 'outro' WHERE id = ${row!.id}`,
      sql`DELETE FROM auditoria WHERE id = ${row!.id}`,
      sql`TRUNCATE auditoria`,
    ]) {
      const refusal = await t.database.db.execute(statement).then(
        () => undefined,
        (error: Error) => error,
      );
      // drizzle wraps the database's error: the trigger's words are in its cause.
      expect(String((refusal?.cause as Error | undefined)?.message ?? refusal?.message)).toMatch(/append-only/);
    }
    expect((await auditOf(sql`id = ${row!.id}`))[0]!.autor).toBe(row!.autor);
  });
});
