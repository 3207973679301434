import { createServer, type Server } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#contract/api/admin/staff.ts";
import { queryRows } from "#db/client.ts";
import { sha256 } from "../../../lib/tokens.ts";
import { call, mailsTo, nextIp, type OutboxMail } from "../../../../tests/support/customers.ts";
import { freePort } from "../../../../tests/support/free-port.ts";
import { asStaff, STAFF_PASSWORD, staffAgent, staffLogin, STORE_HOST, STORE_ORIGIN } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const page = { host: STORE_HOST, origin: STORE_ORIGIN };
const forgot = (app: TestApp["app"], email: string, ip = nextIp()) =>
  call(app, "POST", "/api/admin/password-reset", { body: { email }, headers: page, ip });
const reset = (token: string, password: string) =>
  call(t.app, "POST", "/api/admin/password-reset/confirm", { body: { token, password }, headers: page, ip: nextIp() });

/** The reset mails an address got, newest first; the mail goes out after the answer, so it is waited for. */
async function resetMails(email: string, atLeast = 1): Promise<OutboxMail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = (await mailsTo(t.app, email)).filter((m) => m.texto.includes("/admin/redefinir-senha/"));
    if (mails.length >= atLeast) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no reset mail to ${email}`);
}
const tokenOf = (mail: OutboxMail) => /\/admin\/redefinir-senha\/([\w-]+)/.exec(mail.texto)![1]!;

describe("the staff login's known device", () => {
  it("lets a member in from a browser that signed in before, while strangers' guesses slow the account down", async () => {
    const owner = await staffAgent(t.app, t.database.db, "owner");
    const first = await staffLogin(t.app, owner.email, STAFF_PASSWORD);
    const setCookie = ([] as string[]).concat((first.headers["set-cookie"] as string | string[] | undefined) ?? []);
    const line = setCookie.find((c) => c.startsWith("staff_dispositivo="));
    expect(line, setCookie.join("\n")).toMatch(/HttpOnly/i);
    const device = line!.split(";")[0]!;
    for (let i = 0; i < 8; i++) await staffLogin(t.app, owner.email, `Errada#${i}xyzxyz`);
    expect((await staffLogin(t.app, owner.email, STAFF_PASSWORD)).status).toBe(429);
    // The customers' device cookie is not the back office's: a shopper's browser does not skip the staff slowdown.
    const customerDevice = device.replace("staff_dispositivo=", "dispositivo=");
    const stranger = await call(t.app, "POST", "/api/admin/login", {
      body: { email: owner.email, password: STAFF_PASSWORD },
      headers: { ...page, cookie: customerDevice },
      ip: nextIp(),
    });
    expect(stranger.status).toBe(429);
    const known = await call<StaffSession>(t.app, "POST", "/api/admin/login", {
      body: { email: owner.email, password: STAFF_PASSWORD },
      headers: { ...page, cookie: device },
      ip: nextIp(),
    });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    expect(known.body.staff.email).toBe(owner.email);
  });
});

describe("a staff password reset by e-mail", () => {
  it("answers a member's e-mail and an unknown one alike, and mails a link only to the member, in their language", async () => {
    const member = await staffAgent(t.app, t.database.db, "counter", "es-PY");
    const stranger = `ninguem-${Date.now()}@loja.example.test`;
    const a = await forgot(t.app, stranger);
    const b = await forgot(t.app, member.email.toUpperCase());
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    const [mail] = await resetMails(member.email);
    expect(mail!.assunto).toMatch(/^Restablecimiento de contraseña/);
    expect(mail!.texto).toContain(`${STORE_ORIGIN}/admin/redefinir-senha/`);
    expect(await mailsTo(t.app, stranger)).toHaveLength(0);
    // Only the token's hash is kept.
    const rows = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM tokens_funcionarios WHERE funcionario_id = ${member.id}`,
    );
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(tokenOf(mail!))]);
  });

  it("sets the new password once, ends every session of the member and keeps two-factor's step", async () => {
    const member = await staffAgent(t.app, t.database.db, "manager");
    await forgot(t.app, member.email);
    const token = tokenOf((await resetMails(member.email))[0]!);
    const short = await reset(token, "curta");
    expect(short.status).toBe(422);
    const done = await reset(token, "Nova#Senha2026x");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe("Senha redefinida com sucesso! Faça login com a nova senha.");
    // The session opened before the reset is over.
    expect((await asStaff(t.app, member, "GET", "/api/admin/session")).status).toBe(401);
    expect((await staffLogin(t.app, member.email, STAFF_PASSWORD)).status).toBe(401);
    expect((await staffLogin(t.app, member.email, "Nova#Senha2026x")).status).toBe(200);
    const again = await reset(token, "Outra#Senha2026x");
    expect(again.status).toBe(422);
    expect(again.body.errors?.token).toEqual(["Este link é inválido ou expirou. Solicite um novo."]);
  });

  it("refuses a link older than an hour", async () => {
    const member = await staffAgent(t.app, t.database.db, "counter");
    await forgot(t.app, member.email);
    const token = tokenOf((await resetMails(member.email))[0]!);
    await t.database.db.execute(
      sql`UPDATE tokens_funcionarios SET expires_at = now() - interval '1 second' WHERE funcionario_id = ${member.id} AND used_at IS NULL`,
    );
    expect((await reset(token, "Nova#Senha2026x")).status).toBe(422);
    expect((await staffLogin(t.app, member.email, STAFF_PASSWORD)).status).toBe(200);
  });

  it("mails one member at most 3 links in 15 minutes, answering alike after that", async () => {
    const member = await staffAgent(t.app, t.database.db, "counter");
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(JSON.stringify((await forgot(t.app, member.email)).body));
    expect(new Set(answers).size).toBe(1);
    await resetMails(member.email, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await resetMails(member.email)).toHaveLength(3);
  });

  it("answers before the mail is sent, so a slow mail server tells nothing about which e-mails are members'", async () => {
    // A mail server that accepts the connection and never greets: sending waits for it.
    const sockets: import("node:net").Socket[] = [];
    const server: Server = createServer((socket) => void sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    const slow = await createTestApp({ PUBLIC_URL: STORE_ORIGIN, SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const member = await staffAgent(slow.app, slow.database.db, "owner");
      const started = Date.now();
      const answer = await forgot(slow.app, member.email);
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await slow.close();
      server.close();
    }
  });
});
