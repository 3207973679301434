import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditEntry, Staff, StaffRole, StaffSession, StaffTotpStep } from "#contract/api/admin/staff.ts";
import type { ShopSettings, TotpEnrolment } from "#contract/api/admin/totp.ts";
import { queryRows } from "#db/client.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { nextIp } from "../../../../tests/support/customers.ts";
import {
  asStaff,
  cookieOf,
  STAFF_PASSWORD,
  staffAgent,
  staffLogin,
  staffLoginCode,
  STORE_HOST,
  STORE_ORIGIN,
  type StaffAgent,
} from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const agent = (role: StaffRole, lang?: string) => staffAgent(t.app, t.database.db, role, lang);

/** The code the member's app shows `steps` periods from now. */
const codeAt = (totp: TOTP, steps = 0) => totp.generate({ timestamp: Date.now() + steps * 30_000 });

interface Recovery {
  recovery_codes: string[];
  data: Staff;
  message: string;
}

/** Enrols `member` as the account page does: start, read the secret, confirm with the app's current code. */
async function enrol(member: StaffAgent) {
  const start = await asStaff<TotpEnrolment>(t.app, member, "POST", "/api/admin/me/totp");
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const totp = new TOTP({ secret: Secret.fromBase32(start.body.secret) });
  const confirmed = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { totp, start: start.body, codes: confirmed.body.recovery_codes };
}

/** The password step of a member with two-factor: its ticket. */
async function ticketOf(member: StaffAgent, ip = nextIp()): Promise<string> {
  const res = await staffLogin(t.app, member.email, STAFF_PASSWORD, ip);
  expect(res.status).toBe(200);
  return (res.body as unknown as StaffTotpStep).totp_ticket;
}

const row = async (id: number) =>
  (
    await queryRows<{ totp_secret: string | null; totp_recuperacao: string[]; totp_ultimo_passo: string | null }>(
      t.database.db,
      sql`SELECT totp_secret, totp_recuperacao, totp_ultimo_passo FROM funcionarios WHERE id = ${id}`,
    )
  )[0]!;

describe("two-factor enrolment", () => {
  it("gives a QR, an otpauth address and the secret, keeps the secret sealed, and turns on with a right code only", async () => {
    const member = await agent("manager");
    const start = await asStaff<TotpEnrolment>(t.app, member, "POST", "/api/admin/me/totp");
    expect(start.status).toBe(200);
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauth_uri).toMatch(new RegExp(`^otpauth://totp/${STORE_HOST}:.+secret=${start.body.secret}`));
    expect(start.body.qr_svg).toMatch(/^<svg[^>]+viewBox/);
    const stored = await row(member.id);
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(stored.totp_secret).not.toContain(start.body.secret);
    // Not on yet: the password alone still opens a session.
    expect((await staffLogin(t.app, member.email, STAFF_PASSWORD)).body).toHaveProperty("csrf_token");

    const totp = new TOTP({ secret: Secret.fromBase32(start.body.secret) });
    const wrong = await asStaff(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp, 5) } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.codigo).toEqual(["Código inválido. Confira o código do aplicativo e tente novamente."]);
    const ok = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp) } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Verificação em duas etapas ativada.");
    expect(ok.body.data.totp_ativo).toBe(true);
    expect(ok.body.recovery_codes).toHaveLength(10);
    for (const code of ok.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = (await row(member.id)).totp_recuperacao;
    expect(hashes).toHaveLength(10);
    expect(hashes.join()).not.toContain(ok.body.recovery_codes[0]!.slice(0, 5));
    // A second start while on is refused; the secret stays.
    expect((await asStaff(t.app, member, "POST", "/api/admin/me/totp")).status).toBe(409);

    const owner = await agent("owner");
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?funcionario_id=${member.id}&acao=ativar_2fa`);
    expect(log.body.data[0]).toMatchObject({ autor: member.email, depois: { totp_ativo: true, codigos_restantes: 10 } });
    expect(JSON.stringify(log.body)).not.toContain(start.body.secret);
  });
});

describe("a login with two-factor", () => {
  it("asks for a code after the password, refuses a wrong or reused code, and opens the session with a fresh one", async () => {
    const member = await agent("counter");
    const { totp } = await enrol(member);
    const first = await staffLogin(t.app, member.email, STAFF_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Digite o código do seu aplicativo autenticador.");
    const step = first.body as unknown as StaffTotpStep;
    expect(step.totp_ticket).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(first.body).not.toHaveProperty("csrf_token");
    expect(String(first.headers["set-cookie"] ?? "")).not.toContain("staff_sid=");
    expect(new Date(step.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const wrong = await staffLoginCode(t.app, step.totp_ticket, codeAt(totp, 4));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Código inválido. Confira o código do aplicativo e tente novamente.");
    expect(String(wrong.headers["set-cookie"] ?? "")).not.toContain("staff_sid=");
    // The code of the enrolment's time step was used already.
    const replay = await staffLoginCode(t.app, step.totp_ticket, codeAt(totp));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("Este código já foi usado. Aguarde o próximo código do aplicativo.");

    const next = codeAt(totp, 1);
    const ok = await staffLoginCode(t.app, step.totp_ticket, next);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.staff).toMatchObject({ email: member.email, totp_ativo: true });
    expect(ok.body.totp_pendente).toBe(false);
    const session = await asStaff<StaffSession>(t.app, { cookie: cookieOf(ok), csrf: "" }, "GET", "/api/admin/session");
    expect(session.status).toBe(200);
    expect(session.body.csrf_token).toBe(ok.body.csrf_token);

    // The same code again, even with a new ticket, is refused.
    const again = await staffLoginCode(t.app, await ticketOf(member), next);
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/já foi usado/);
  });

  it("takes each recovery code once, whatever its case and spacing", async () => {
    const member = await agent("manager");
    const { codes } = await enrol(member);
    expect((await row(member.id)).totp_recuperacao).toHaveLength(10);
    const typed = ` ${codes[3]!.toUpperCase().replace("-", " ")} `;
    const ok = await staffLoginCode(t.app, await ticketOf(member), typed);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await row(member.id)).totp_recuperacao).toHaveLength(9);
    const twice = await staffLoginCode(t.app, await ticketOf(member), codes[3]);
    expect(twice.status).toBe(401);
    expect(twice.body.message).toMatch(/^Código inválido/);
    expect((await staffLoginCode(t.app, await ticketOf(member), codes[4])).status).toBe(200);
  });

  it("refuses a missing, tampered, expired or outdated ticket and any malformed code with a 4xx in the page's language", async () => {
    const member = await agent("counter");
    const { totp } = await enrol(member);
    const ticket = await ticketOf(member);
    const [body, mac] = ticket.split(".") as [string, string];
    const claim = JSON.parse(Buffer.from(body, "base64url").toString()) as { s: number; exp: number };
    const forged = `${Buffer.from(JSON.stringify({ ...claim, s: claim.s + 1 })).toString("base64url")}.${mac}`;
    const flipped = `${body}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    const answers = await Promise.all([
      staffLoginCode(t.app, undefined, codeAt(totp, 1)),
      staffLoginCode(t.app, "", codeAt(totp, 1)),
      staffLoginCode(t.app, 42, codeAt(totp, 1)),
      staffLoginCode(t.app, forged, codeAt(totp, 1)),
      staffLoginCode(t.app, flipped, codeAt(totp, 1)),
      staffLoginCode(t.app, "x".repeat(600), codeAt(totp, 1)),
      staffLoginCode(t.app, "nothing.here", codeAt(totp, 1)),
      staffLoginCode(t.app, ticket, undefined),
      staffLoginCode(t.app, ticket, "1".repeat(41)),
      staffLoginCode(t.app, ticket, "\u0000123456"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 401, 401, 422, 401, 422, 422, 422]);
    expect(answers[3]!.body.message).toBe("A verificação expirou ou não é válida. Entre novamente com e-mail e senha.");
    for (const code of ["abcdef", "12345", "1234567", "12 34 56 7"]) {
      const res = await staffLoginCode(t.app, ticket, code);
      expect(res.status, code).toBe(401);
      expect(res.body.message).toMatch(/^Código inválido/);
    }
    // A Spanish page reads the refusal in Spanish.
    const spanish = await staffLoginCode(t.app, forged, codeAt(totp, 1), nextIp());
    expect(spanish.status).toBe(401);
    const es = await t.app.inject({
      method: "POST",
      url: "/api/admin/login/totp?lang=es-PY",
      headers: { host: STORE_HOST, origin: STORE_ORIGIN },
      payload: { ticket: forged, codigo: codeAt(totp, 1) },
    });
    expect(es.json()).toEqual({ message: "La verificación expiró o no es válida. Ingrese de nuevo con correo y contraseña." });

    // Six minutes later the ticket has expired, even with the right code of that time.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 60_000 });
    try {
      const late = await staffLoginCode(t.app, ticket, codeAt(totp));
      expect(late.status).toBe(401);
      expect(late.body.message).toMatch(/^A verificação expirou/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a ticket issued before the member's two-factor was reset, even with a code of the new enrolment", async () => {
    const member = await agent("counter");
    await enrol(member);
    const outdated = await ticketOf(member);
    const owner = await agent("owner");
    await asStaff(t.app, owner, "DELETE", `/api/admin/staff/${member.id}/totp`);
    const renewed = await enrol(member);
    const stale = await staffLoginCode(t.app, outdated, codeAt(renewed.totp, 1));
    expect(stale.status).toBe(401);
    expect(stale.body.message).toMatch(/^A verificação expirou/);
    expect((await staffLoginCode(t.app, await ticketOf(member), codeAt(renewed.totp, 1))).status).toBe(200);
  });

  it("counts wrong codes with wrong passwords: the sixth attempt from one address is refused before it is checked", async () => {
    const member = await agent("manager");
    const { totp } = await enrol(member);
    const ip = nextIp();
    const ticket = await ticketOf(member, ip);
    for (let i = 0; i < 4; i++) expect((await staffLoginCode(t.app, ticket, String(100000 + i), ip)).status).toBe(401);
    const sixth = await staffLoginCode(t.app, ticket, codeAt(totp, 1), ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Aguarde/);
  });
});

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
    expect(wrongPassword.body.errors?.current_password).toEqual(["A senha atual está incorreta."]);
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
