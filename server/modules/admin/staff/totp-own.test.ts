import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, Staff, StaffSession } from "#contract/api/admin/staff.ts";
import type { ShopSettings } from "#contract/api/admin/totp.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { nextIp } from "../../../../tests/support/customers.ts";
import { asStaff, STAFF_PASSWORD, staffLogin, staffLoginCode, STORE_ORIGIN } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { codeAt, totpSteps, type Recovery } from "../../../../tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const { agent, enrol, ticketOf, row } = totpSteps(() => t);

describe("a member's own two-factor", () => {
  it("renews the recovery codes with a code, and turns off with the password and a code", async () => {
    const member = await agent("counter");
    const { totp, codes } = await enrol(member);
    const refused = await asStaff(t.app, member, "POST", "/api/admin/me/totp/recovery-codes", { body: { codigo: "000000" } });
    expect(refused.status).toBe(422);
    const renewed = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/recovery-codes", { body: { codigo: codeAt(totp, 1) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes).not.toContain(codes[0]);
    // The old codes stopped working; the new ones work.
    expect((await staffLoginCode(t.app, await ticketOf(member), codes[0])).status).toBe(401);
    expect((await staffLoginCode(t.app, await ticketOf(member), renewed.body.recovery_codes[0])).status).toBe(200);

    const wrongPassword = await asStaff(t.app, member, "POST", "/api/admin/me/totp/disable", {
      body: { current_password: "Errada#12345678", codigo: renewed.body.recovery_codes[1] },
    });
    expect(wrongPassword.status).toBe(422);
    // One refusal for a wrong password and a wrong code (decision 026): it does not say which.
    expect(wrongPassword.body).toEqual({ message: "Senha ou código incorretos." });
    const off = await asStaff<{ data: Staff }>(t.app, member, "POST", "/api/admin/me/totp/disable", {
      body: { current_password: STAFF_PASSWORD, codigo: renewed.body.recovery_codes[1] },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.totp_ativo).toBe(false);
    expect(await row(member.id)).toMatchObject({ totp_secret: null, totp_recuperacao: [] });
    expect((await staffLogin(t.app, member.email, STAFF_PASSWORD)).body).toHaveProperty("csrf_token");
    expect(
      (await asStaff(t.app, member, "POST", "/api/admin/me/totp/disable", { body: { current_password: STAFF_PASSWORD, codigo: "123456" } })).status,
    ).toBe(409);
  });

  it("counts a signed-in member's wrong codes with the login's: the sixth from one address is refused unchecked", async () => {
    const member = await agent("manager");
    const { totp } = await enrol(member);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await asStaff(t.app, member, "POST", "/api/admin/me/totp/recovery-codes", { body: { codigo: String(200000 + i) }, ip });
      expect(res.status).toBe(422);
    }
    const sixth = await asStaff(t.app, member, "POST", "/api/admin/me/totp/recovery-codes", { body: { codigo: codeAt(totp, 1) }, ip });
    expect(sixth.status).toBe(429);
    expect((await asStaff(t.app, member, "POST", "/api/admin/me/totp/recovery-codes", { body: { codigo: codeAt(totp, 1) } })).status).toBe(200);
  });
});

describe("the owner", () => {
  it("resets a member's two-factor (a lost phone), audited; no one else may", async () => {
    const owner = await agent("owner");
    const manager = await agent("manager");
    const member = await agent("counter");
    await enrol(member);
    expect((await asStaff(t.app, manager, "DELETE", `/api/admin/staff/${member.id}/totp`)).status).toBe(403);
    const reset = await asStaff<{ data: Staff; message: string }>(t.app, owner, "DELETE", `/api/admin/staff/${member.id}/totp`);
    expect(reset.status).toBe(200);
    expect(reset.body.data.totp_ativo).toBe(false);
    expect(reset.body.message).toMatch(/foi desligada/);
    const login = await staffLogin(t.app, member.email, STAFF_PASSWORD);
    expect(login.body).toHaveProperty("csrf_token");
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?funcionario_id=${owner.id}&acao=redefinir_2fa`);
    expect(log.body.data[0]).toMatchObject({
      entidade_id: String(member.id),
      antes: { totp_ativo: true },
      depois: { totp_ativo: false, codigos_restantes: 0 },
    });
    expect((await asStaff(t.app, owner, "DELETE", "/api/admin/staff/999999/totp")).status).toBe(404);
  });

  it("an only owner who lost their phone gets back in from the shell: staff:create switches two-factor off", async () => {
    const owner = await agent("owner");
    await enrol(owner);
    expect((await staffLogin(t.app, owner.email, STAFF_PASSWORD)).body).toHaveProperty("totp_ticket");
    await upsertStaffMember(t.database.db, {
      email: owner.email,
      nome: "Teste owner",
      papel: "owner",
      password: "Nova#Senha2026x",
      mustChange: true,
    });
    const login = await staffLogin(t.app, owner.email, "Nova#Senha2026x");
    expect(login.body).toHaveProperty("csrf_token");
    expect(login.body.staff).toMatchObject({ totp_ativo: false, trocar_senha: true });
    expect(await row(owner.id)).toMatchObject({ totp_secret: null, totp_recuperacao: [], totp_ultimo_passo: null });
  });

  it("makes two-factor mandatory: a member without it can only enrol, then works as before; only the owner flips the switch", async () => {
    const owner = await agent("owner");
    const manager = await agent("manager", "es-PY");
    expect((await asStaff(t.app, manager, "PUT", "/api/admin/settings", { body: { totp_obrigatorio: true } })).status).toBe(403);
    expect((await asStaff(t.app, manager, "GET", "/api/admin/settings")).status).toBe(403);
    // An owner without two-factor would lock themselves out: they enrol first.
    const early = await asStaff(t.app, owner, "PUT", "/api/admin/settings", { body: { totp_obrigatorio: true } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Ative a sua própria verificação em duas etapas antes de torná-la obrigatória.");
    await enrol(owner);
    const counter = await agent("counter");
    const on = await asStaff<{ data: ShopSettings; message: string }>(t.app, owner, "PUT", "/api/admin/settings", {
      body: { totp_obrigatorio: true },
    });
    try {
      expect(on.status).toBe(200);
      expect(on.body).toEqual({ message: "Configuração salva.", data: { totp_obrigatorio: true } });
      expect((await asStaff<{ data: ShopSettings }>(t.app, owner, "GET", "/api/admin/settings")).body.data.totp_obrigatorio).toBe(true);

      // An existing session of a member without two-factor: the session answers, the products do not.
      const session = await asStaff<StaffSession>(t.app, manager, "GET", "/api/admin/session");
      expect(session.body.totp_pendente).toBe(true);
      const blocked = await asStaff(t.app, manager, "GET", "/api/admin/products");
      expect(blocked.status).toBe(403);
      expect(blocked.body.message).toBe("Active la verificación en dos pasos antes de continuar.");
      const relogin = await staffLogin(t.app, manager.email, STAFF_PASSWORD);
      expect(relogin.body.totp_pendente).toBe(true);
      // Every role is held the same way, and keeps the account and the logout.
      expect((await asStaff(t.app, counter, "PATCH", "/api/admin/me", { body: { lang: "es-AR" } })).status).toBe(200);
      expect((await asStaff(t.app, counter, "POST", "/api/admin/me/totp/recovery-codes", { body: { codigo: "123456" } })).status).toBe(403);
      expect((await asStaff(t.app, counter, "POST", "/api/admin/logout")).status).toBe(200);

      const { totp } = await enrol(manager);
      expect((await asStaff<StaffSession>(t.app, manager, "GET", "/api/admin/session")).body.totp_pendente).toBe(false);
      expect((await asStaff(t.app, manager, "GET", "/api/admin/products")).status).toBe(200);
      // While mandatory, it cannot be turned off.
      const off = await asStaff(t.app, manager, "POST", "/api/admin/me/totp/disable", {
        body: { current_password: STAFF_PASSWORD, codigo: codeAt(totp, 1) },
      });
      expect(off.status).toBe(409);
    } finally {
      await t.database.db.execute(sql`UPDATE configuracoes SET valor = 'false'::jsonb WHERE chave = 'totp_obrigatorio'`);
    }
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=configuracao`);
    expect(log.body.data[0]).toMatchObject({ autor: owner.email, antes: { totp_obrigatorio: false }, depois: { totp_obrigatorio: true } });
    expect((await asStaff(t.app, owner, "GET", "/api/admin/staff")).status).toBe(200);
  });
});
