import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "#contract/api/admin/staff.ts";
import { nextIp } from "../../../../tests/support/customers.ts";
import { asStaff, STAFF_PASSWORD, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { codeAt, totpSteps } from "../../../../tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const { agent, enrol } = totpSteps(() => t);

/** The member's login was long ago: the step-up window of their session has closed. */
const age = (member: StaffAgent) =>
  t.database.db.execute(sql`UPDATE sessoes_funcionarios SET reautenticado_em = now() - interval '10 minutes' WHERE funcionario_id = ${member.id}`);

const REFUSED = { code: "reauth_required", message: expect.stringMatching(/^Confirme que é você/) as unknown };

describe("step-up before sensitive operations (decision 026)", () => {
  it("refuses own password, settings, owners, others' passwords and two-factor and API keys once the window closed; the rest goes on", async () => {
    const owner = await agent("owner");
    const other = await agent("manager");
    await age(owner);
    const sensitive: [method: "PATCH" | "PUT" | "POST" | "DELETE", url: string, body?: unknown][] = [
      ["PATCH", "/api/admin/me", { current_password: STAFF_PASSWORD, password: "Outra#Senha2026" }],
      ["PATCH", `/api/admin/staff/${owner.id}`, { password: "Outra#Senha2026" }],
      ["PATCH", `/api/admin/staff/${owner.id}`, { nome: "Eu mesmo" }],
      ["PATCH", `/api/admin/staff/${other.id}`, { papel: "owner" as StaffRole }],
      ["PATCH", `/api/admin/staff/${other.id}`, { password: "Outra#Senha2026" }],
      ["DELETE", `/api/admin/staff/${other.id}/totp`],
      ["POST", `/api/admin/staff/${other.id}/totp/invite`],
      ["PUT", "/api/admin/settings", { totp_obrigatorio: false }],
      ["POST", "/api/admin/staff", { email: "novo-dono@loja.example.test", nome: "Novo", papel: "owner", password: "Dono#Novo20266" }],
      ["POST", "/api/admin/api-keys", { nome: "ERP" }],
    ];
    for (const [method, url, body] of sensitive) {
      const res = await asStaff(t.app, owner, method, url, { body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
      expect(res.body).toEqual(REFUSED);
    }
    // Not sensitive: the own language, a new counter, another member's name.
    expect((await asStaff(t.app, owner, "PATCH", "/api/admin/me", { body: { lang: "pt-BR" } })).status).toBe(200);
    expect((await asStaff(t.app, owner, "PATCH", `/api/admin/staff/${other.id}`, { body: { nome: "Gerente novo" } })).status).toBe(200);

    // The password opens the window (no two-factor here); then every one of them goes through.
    const wrong = await asStaff(t.app, owner, "POST", "/api/admin/me/reauth", { body: { password: "Errada#123456" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: "Senha ou código incorretos." });
    const ok = await asStaff<{ message: string; reautenticado_ate: string }>(t.app, owner, "POST", "/api/admin/me/reauth", {
      body: { password: STAFF_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.reautenticado_ate) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await asStaff(t.app, owner, "PUT", "/api/admin/settings", { body: { totp_obrigatorio: false } })).status).toBe(200);
    expect((await asStaff(t.app, owner, "POST", "/api/admin/api-keys", { body: { nome: "ERP" } })).status).toBe(201);
  });

  it("with two-factor, takes the password and a current code, and says the same of a wrong password and a wrong code", async () => {
    const owner = await agent("owner");
    const { totp } = await enrol(owner);
    await age(owner);
    expect((await asStaff(t.app, owner, "POST", "/api/admin/api-keys", { body: { nome: "ERP" } })).body).toEqual(REFUSED);
    const badPassword = await asStaff(t.app, owner, "POST", "/api/admin/me/reauth", { body: { password: "Errada#123456", codigo: codeAt(totp, 1) } });
    const badCode = await asStaff(t.app, owner, "POST", "/api/admin/me/reauth", { body: { password: STAFF_PASSWORD, codigo: "000000" } });
    const noCode = await asStaff(t.app, owner, "POST", "/api/admin/me/reauth", { body: { password: STAFF_PASSWORD } });
    for (const res of [badPassword, badCode, noCode]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "Senha ou código incorretos." });
    }
    const ok = await asStaff(t.app, owner, "POST", "/api/admin/me/reauth", { body: { password: STAFF_PASSWORD, codigo: codeAt(totp, 1) } });
    expect(ok.status).toBe(200);
    expect((await asStaff(t.app, owner, "POST", "/api/admin/api-keys", { body: { nome: "ERP" } })).status).toBe(201);
  });

  it("turning own two-factor off says the same of a wrong password and a wrong code, and is throttled like the login", async () => {
    const member = await agent("counter");
    const { totp } = await enrol(member);
    const ip = nextIp();
    const badPassword = await asStaff(t.app, member, "POST", "/api/admin/me/totp/disable", {
      body: { current_password: "Errada#123456", codigo: codeAt(totp, 1) },
      ip,
    });
    const badCode = await asStaff(t.app, member, "POST", "/api/admin/me/totp/disable", {
      body: { current_password: STAFF_PASSWORD, codigo: "000000" },
      ip,
    });
    expect(badPassword.status).toBe(badCode.status);
    expect(badPassword.body).toEqual(badCode.body);
    for (let i = 0; i < 3; i++) {
      await asStaff(t.app, member, "POST", "/api/admin/me/totp/disable", { body: { current_password: `Errada#${i}23456`, codigo: "000000" }, ip });
    }
    // The sixth guess from that address is not even checked, right or wrong.
    const sixth = await asStaff(t.app, member, "POST", "/api/admin/me/totp/disable", {
      body: { current_password: STAFF_PASSWORD, codigo: codeAt(totp, 1) },
      ip,
    });
    expect(sixth.status).toBe(429);
  });

  it("throttles the step-up itself like the login", async () => {
    const member = await agent("manager");
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await asStaff(t.app, member, "POST", "/api/admin/me/reauth", { body: { password: `Errada#${i}23456` }, ip })).status).toBe(422);
    }
    expect((await asStaff(t.app, member, "POST", "/api/admin/me/reauth", { body: { password: STAFF_PASSWORD }, ip })).status).toBe(429);
  });
});
