import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditEntry, StaffSession, StaffTotpStep } from "#contract/api/admin/staff.ts";
import type { TotpEnrolment } from "#contract/api/admin/totp.ts";
import { sha256 } from "../../../lib/tokens.ts";
import { nextIp } from "../../../../tests/support/customers.ts";
import { asStaff, cookieOf, STAFF_PASSWORD, staffLogin, staffLoginCode, STORE_HOST, STORE_ORIGIN } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { codeAt, totpSteps, type Recovery } from "../../../../tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const { agent, enrol, enrolmentCode, ticketOf, row } = totpSteps(() => t);

describe("two-factor enrolment", () => {
  it("gives a QR, an otpauth address and the secret, keeps the secret sealed, and turns on with a right code only", async () => {
    const member = await agent("manager");
    const convite = await enrolmentCode(member);
    const start = await asStaff<TotpEnrolment>(t.app, member, "POST", "/api/admin/me/totp", { body: { convite } });
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
    const wrong = await asStaff(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp, 5), convite } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.codigo).toEqual(["Código inválido. Confira o código do aplicativo e tente novamente."]);
    const ok = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp), convite } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Verificação em duas etapas ativada.");
    expect(ok.body.data.totp_ativo).toBe(true);
    expect(ok.body.recovery_codes).toHaveLength(10);
    // 16 characters of a readable alphabet (about 79 bits), kept as an HMAC under a key of APP_SECRET's, never a bare hash.
    for (const code of ok.body.recovery_codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/);
    const hashes = (await row(member.id)).totp_recuperacao;
    expect(hashes).toHaveLength(10);
    expect(hashes.join()).not.toContain(ok.body.recovery_codes[0]!.slice(0, 4));
    for (const code of ok.body.recovery_codes) expect(hashes).not.toContain(sha256(code.replaceAll("-", "")));
    // A second start while on is refused; the secret stays.
    expect((await asStaff(t.app, member, "POST", "/api/admin/me/totp", { body: { convite: "abcd-efgh-jkmn-pqrs" } })).status).toBe(409);

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

  it("no longer takes a recovery code of the old kind (10 characters kept as a bare sha256)", async () => {
    const member = await agent("counter");
    await enrol(member);
    await t.database.db.execute(
      sql`UPDATE funcionarios SET totp_recuperacao = array_append(totp_recuperacao, ${sha256("abcde23456")}) WHERE id = ${member.id}`,
    );
    const old = await staffLoginCode(t.app, await ticketOf(member), "abcde-23456");
    expect(old.status).toBe(401);
    expect(old.body.message).toMatch(/^Código inválido/);
  });

  it("refuses a missing, tampered, expired or outdated ticket and any malformed code with a 4xx in the page's language", async () => {
    const member = await agent("counter");
    const { totp } = await enrol(member);
    const ticket = await ticketOf(member);
    const [body, mac] = ticket.split(".") as [string, string];
    const claim = JSON.parse(Buffer.from(body, "base64url").toString()) as { s: number; exp: number };
    const forged = `${Buffer.from(JSON.stringify({ ...claim, s: claim.s + 1 })).toString("base64url")}.${mac}`;
    // The first character of the signature: the last one's low bits are padding, so some changes there decode alike.
    const flipped = `${body}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
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
