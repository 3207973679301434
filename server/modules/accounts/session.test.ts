import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, User } from "#contract/api/accounts.ts";
import { sha256 } from "#server/lib/tokens.ts";
import { call, lastLink, login, mailsTo, newCustomer, nextIp, PASSWORD, uniqueEmail } from "../../../tests/support/customers.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

const PUBLIC_URL = "https://loja.example.test";
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "store-session-"));
  t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const customer = (kind: "br" | "py" = "py") => newCustomer(t.app, t.database.db, kind);
const me = (token?: string) => call<User & { message: string }>(t.app, "POST", "/ecom/me", { token });

describe("POST /ecom/login", () => {
  it("answers the same 401 'Credenciais inválidas' for a wrong password and an unknown e-mail", async () => {
    const { email } = await customer();
    const wrong = await login(t.app, email, "Errada#12345");
    const unknown = await login(t.app, uniqueEmail("ninguem"));
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual({ message: "Credenciais inválidas" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("logs in whatever the e-mail's case and answers a token that works for /ecom/me", async () => {
    const { email, user } = await customer("br");
    const res = await login(t.app, email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]{40,}$/);
    expect(new Date(res.body.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    const profile = await me(res.body.token);
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(user.id);
    expect(profile.body.data_ultimo_login).not.toBeNull();
    expect(JSON.stringify(profile.body)).not.toMatch(/hash|argon/i);
  });

  it("shows as last access the login before the current one, and none at the first", async () => {
    const { email, token, user } = await customer();
    expect((await me(token)).body.data_ultimo_login).toBeNull();
    const earlier = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await t.database.db.execute(sql`UPDATE clientes SET data_login_atual = ${earlier.toISOString()} WHERE id = ${user.id}`);
    const next = await login(t.app, email);
    expect(next.body.user.data_ultimo_login).toBe(earlier.toISOString());
    expect((await me(next.body.token)).body.data_ultimo_login).toBe(earlier.toISOString());
    const third = await login(t.app, email);
    const shown = new Date(third.body.user.data_ultimo_login!).getTime();
    expect(Math.abs(shown - Date.now())).toBeLessThan(60_000);
  });

  it("refuses empty fields with field errors", async () => {
    const res = await call(t.app, "POST", "/ecom/login", { body: { email: "", password: "" } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(["email", "password"]);
  });

  it("refuses a sixth guess from one address for 15 minutes, but not the owner typing from another", async () => {
    const { email } = await customer();
    const stranger = nextIp();
    for (let i = 0; i < 5; i++) expect((await login(t.app, email, `Errada#${i}xyz`, stranger)).status).toBe(401);
    const refused = await login(t.app, email, PASSWORD, stranger);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Muitas tentativas de login para esta conta. Aguarde 15 minutos e tente novamente.");
    expect((await login(t.app, email, PASSWORD, nextIp())).status).toBe(200);
  });

  it("counts guesses sent in parallel before checking them: only 5 of 10 from one address are tried", async () => {
    const { email } = await customer();
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(t.app, email, `Errada#${i}xyz`, ip)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it("slows an account down after guesses from many addresses, and lets the owner's known browser in", async () => {
    const { email } = await customer();
    const first = await call<LoginResponse>(t.app, "POST", "/ecom/login", { body: { email, password: PASSWORD } });
    const setCookie = String(first.headers["set-cookie"]);
    expect(setCookie).toMatch(/^dispositivo=[^;]+;.*HttpOnly/i);
    const device = setCookie.split(";")[0]!;
    for (let i = 0; i < 8; i++) await login(t.app, email, `Errada#${i}xyz`);
    const slowed = await login(t.app, email);
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(/^Muitas tentativas de login para esta conta\. Aguarde \d+ segundos/);
    const known = await call<LoginResponse>(t.app, "POST", "/ecom/login", { body: { email, password: PASSWORD }, headers: { cookie: device } });
    expect(known.status).toBe(200);
    expect(known.body.user.email).toBe(email);
  });

  it("forgets earlier failures after a successful login", async () => {
    const { email } = await customer();
    for (let i = 0; i < 4; i++) await login(t.app, email, "Errada#12345");
    expect((await login(t.app, email)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(t.app, email, "Errada#12345");
    expect((await login(t.app, email)).status).toBe(200);
  });

  it("limits login attempts per client address", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(t.app, uniqueEmail("ip"), "Errada#12345", ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await login(t.app, uniqueEmail("ip"), "x", ip)).body.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos/);
    const other = await login(t.app, uniqueEmail("ip"), "Errada#12345", nextIp());
    expect(other.status).toBe(401);
  });
});

describe("sessions", () => {
  it("answers 401 'Sessão expirada' without a token, with a forged one or a malformed header", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer forjado-123" },
      { authorization: "Basic dXNlcjpwYXNz" },
      { authorization: "Bearer" },
    ]) {
      const res = await call(t.app, "POST", "/ecom/me", { headers });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Sessão expirada. Faça login novamente.");
    }
  });

  it("ends a session after its hour", async () => {
    const { token } = await customer();
    await t.database.db.execute(sql`UPDATE sessoes SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(token)}`);
    expect((await me(token)).status).toBe(401);
  });

  it("ends only the current session on logout", async () => {
    const { token, email } = await customer();
    const other = (await login(t.app, email)).body.token;
    const out = await call(t.app, "POST", "/ecom/logout", { token });
    expect(out.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await call(t.app, "POST", "/ecom/logout", { token })).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });
});

describe("password recovery", () => {
  const recover = (email: string, headers?: Record<string, string>) =>
    call(t.app, "POST", "/ecom/cliente/recuperar-senha", { body: { email }, headers });
  const reset = (body: Record<string, string>) => call(t.app, "POST", "/ecom/cliente/trocar-senha", { body });

  it("answers an unknown and a known e-mail alike, and mails only the known one", async () => {
    const { email } = await customer();
    const stranger = uniqueEmail("estranho");
    const a = await recover(stranger);
    const b = await recover(email.toUpperCase());
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await mailsTo(t.app, stranger)).toHaveLength(0);
    const link = await lastLink(t.app, email, "reset-password");
    expect(link.mail.assunto).toMatch(/^Restablecimiento de contraseña/);
  });

  it("points the link at PUBLIC_URL when the Host header is not one of the store's", async () => {
    const { email } = await customer();
    // Three hosts: an account gets three reset links in 15 minutes.
    for (const host of ["evil.example.com", "loja.example.test.evil.com", "x.loja.example.test"]) {
      expect((await recover(email, { host })).status).toBe(200);
      const link = await lastLink(t.app, email, "reset-password");
      expect(link.origin, host).toBe(PUBLIC_URL);
      expect(link.mail.html).not.toMatch(/evil/);
    }
    // A Host that names no host at all is refused before anything is mailed.
    const before = (await mailsTo(t.app, email)).length;
    expect((await recover(email, { host: "loja.example.test:@evil.example.com" })).status).toBe(400);
    expect(await mailsTo(t.app, email)).toHaveLength(before);
    const other = await customer();
    await recover(other.email, { host: "ferramentasdoparaguai.com.br" });
    expect((await lastLink(t.app, other.email, "reset-password")).origin).toBe("http://ferramentasdoparaguai.com.br");
  });

  it("mails one account at most 3 links in 15 minutes, answering alike after that", async () => {
    const { email } = await customer();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await recover(email)).body);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await mailsTo(t.app, email)).filter((m) => m.texto.includes("/app/reset-password/"))).toHaveLength(3);
  });

  it("resets once with the mailed link, ends old sessions and lets the new password in", async () => {
    const { email, token: oldSession } = await customer("br");
    await recover(email);
    const { uuid, token, href } = await lastLink(t.app, email, "reset-password");
    expect(href).toContain(`?email=${encodeURIComponent(email)}`);
    const body = { email, uuid, token, password: "NovaSenha#2024", password_confirmation: "NovaSenha#2024" };
    const ok = await reset(body);
    expect(ok.status).toBe(200);
    expect((await me(oldSession)).status).toBe(401);
    expect((await login(t.app, email)).status).toBe(401);
    expect((await login(t.app, email, "NovaSenha#2024")).status).toBe(200);
    const again = await reset({ ...body, password: "Outra#20245", password_confirmation: "Outra#20245" });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("Este link é inválido ou expirou. Solicite um novo.");
    expect((await login(t.app, email, "Outra#20245")).status).toBe(401);
  });

  it("refuses an expired, a forged or a superseded token, and mismatched passwords", async () => {
    const { email, user } = await customer();
    await recover(email);
    const first = await lastLink(t.app, email, "reset-password");
    const pw = { password: "NovaSenha#2024", password_confirmation: "NovaSenha#2024" };

    const mismatch = await reset({ uuid: first.uuid, token: first.token, password: "NovaSenha#2024", password_confirmation: "NovaSenha#2025" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.password_confirmation).toEqual(["As senhas não coincidem. Tente novamente."]);

    const forged = await reset({ uuid: first.uuid, token: "x".repeat(43), ...pw });
    expect(forged.status).toBe(422);
    const otherUuid = await reset({ uuid: crypto.randomUUID(), token: first.token, ...pw });
    expect(otherUuid.status).toBe(422);

    await recover(email);
    const second = await lastLink(t.app, email, "reset-password");
    expect(second.token).not.toBe(first.token);
    expect((await reset({ uuid: first.uuid, token: first.token, ...pw })).status).toBe(422);

    await t.database.db.execute(
      sql`UPDATE tokens_acesso SET expires_at = now() - interval '1 second' WHERE customer_id = ${user.id} AND tipo = 'redefinir_senha'`,
    );
    expect((await reset({ uuid: second.uuid, token: second.token, ...pw })).status).toBe(422);
    expect((await login(t.app, email)).status).toBe(200);
  });

  it("ends the slowdown of an account whose password was reset", async () => {
    const { email } = await customer();
    for (let i = 0; i < 8; i++) await login(t.app, email, "Errada#12345");
    expect((await login(t.app, email)).status).toBe(429);
    await recover(email);
    const { uuid, token } = await lastLink(t.app, email, "reset-password");
    expect((await reset({ uuid, token, password: "NovaSenha#2024", password_confirmation: "NovaSenha#2024" })).status).toBe(200);
    expect((await login(t.app, email, "NovaSenha#2024")).status).toBe(200);
  });

  it("refuses a weak new password and a malformed link", async () => {
    const res = await reset({ uuid: "nao-e-uuid", token: "curto", password: "password", password_confirmation: "password" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(["password", "token", "uuid"]);
  });
});

describe("e-mail confirmation", () => {
  const confirm = (uid: string, token: string) => call(t.app, "POST", `/ecom/cliente/confirmar-email/${uid}/${token}`);
  const resend = (token?: string) => call(t.app, "POST", "/ecom/cliente/reenviar-email", { token });

  it("confirms once with the mailed link, then refuses the link", async () => {
    const { email, token: session } = await customer("br");
    const { uuid, token } = await lastLink(t.app, email, "confirmation-email");
    const ok = await confirm(uuid, token);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("E-mail confirmado com sucesso!");
    expect((await me(session)).body.email_verified_at).not.toBeNull();
    const again = await confirm(uuid, token);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(again.body.message).toBe("Este link é inválido ou expirou. Solicite um novo.");
  });

  it("refuses forged and expired links with a 4xx and a message", async () => {
    const { email, user } = await customer();
    const { uuid, token } = await lastLink(t.app, email, "confirmation-email");
    for (const [uid, tok] of [
      [uuid, "y".repeat(43)],
      [crypto.randomUUID(), token],
      ["not-a-uuid", token],
      [uuid, "short"],
    ] as const) {
      const res = await confirm(uid, tok);
      expect(res.status, `${uid}/${tok}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).toBeTruthy();
    }
    await t.database.db.execute(
      sql`UPDATE tokens_acesso SET expires_at = now() - interval '1 second' WHERE customer_id = ${user.id} AND tipo = 'confirmar_email'`,
    );
    expect((await confirm(user.uuid, token)).status).toBe(400);
  });

  it("resends a new link (the old one stops working), up to a limit, and says when already confirmed", async () => {
    const { email, token: session } = await customer();
    const first = await lastLink(t.app, email, "confirmation-email");
    expect((await resend()).status).toBe(401);

    const ok = await resend(session);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Enviamos um novo e-mail de confirmação. Verifique sua caixa de entrada.");
    const second = await lastLink(t.app, email, "confirmation-email");
    expect(second.token).not.toBe(first.token);
    expect(second.mail.assunto).toMatch(/^Confirme su correo/);

    expect((await resend(session)).status).toBe(200);
    expect((await resend(session)).status).toBe(200);
    const refused = await resend(session);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Não foi possível reenviar o e-mail agora. Tente novamente em alguns minutos.");
    expect(await mailsTo(t.app, email)).toHaveLength(4);

    const latest = await lastLink(t.app, email, "confirmation-email");
    expect((await confirm(first.uuid, first.token)).status).toBe(400);
    expect((await confirm(latest.uuid, latest.token)).status).toBe(200);
    const done = await resend(session);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Este e-mail já foi confirmado.");
  });
});
