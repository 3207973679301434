import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_LIFETIME_MS } from "#contract/api/admin/staff.ts";
import { queryRows } from "#db/client.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { call, nextIp } from "../../../../tests/support/customers.ts";
import { asStaff, cookieOf, STAFF_PASSWORD, staffEmail, staffLogin, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { totpSteps } from "../../../../tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const { agent, enrol } = totpSteps(() => t);

/** Moves the member's sessions back in time: opened `ageMs` ago, last used a few minutes ago. */
const age = (member: StaffAgent, ageMs: number) =>
  t.database.db.execute(sql`UPDATE sessoes_funcionarios SET created_at = now() - ${`${ageMs} milliseconds`}::interval,
    last_seen_at = now() - interval '5 minutes' WHERE funcionario_id = ${member.id}`);

/** A second session of the same member, as from another browser. */
async function secondSession(member: StaffAgent): Promise<StaffAgent> {
  const res = await staffLogin(t.app, member.email, STAFF_PASSWORD);
  expect(res.status).toBe(200);
  return { ...member, cookie: cookieOf(res), csrf: (res.body as { csrf_token: string }).csrf_token };
}

describe("a staff session's lifetime", () => {
  it("ends 12 hours after the login however busy it was", async () => {
    const member = await agent("counter");
    await age(member, STAFF_LIFETIME_MS - 10 * 60_000);
    const used = await asStaff(t.app, member, "GET", "/api/admin/session");
    expect(used.status).toBe(200);
    // Its slide stops at the 12 hours.
    const [row] = await queryRows<{ over: boolean }>(
      t.database.db,
      sql`SELECT expires_at > created_at + interval '12 hours' AS over FROM sessoes_funcionarios WHERE funcionario_id = ${member.id}`,
    );
    expect(row!.over).toBe(false);
    await age(member, STAFF_LIFETIME_MS + 60_000);
    expect((await asStaff(t.app, member, "GET", "/api/admin/session")).status).toBe(401);
  });

  it("ends the member's other sessions when they turn two-factor on, and keeps the one that did", async () => {
    const member = await agent("manager");
    const other = await secondSession(member);
    await enrol(member);
    expect((await asStaff(t.app, member, "GET", "/api/admin/session")).status).toBe(200);
    expect((await asStaff(t.app, other, "GET", "/api/admin/session")).status).toBe(401);
  });

  it("ends the member's other sessions on a password change", async () => {
    const member = await agent("counter");
    const other = await secondSession(member);
    const changed = await asStaff(t.app, member, "PATCH", "/api/admin/me", {
      body: { current_password: STAFF_PASSWORD, password: "Outra#Senha2026" },
    });
    expect(changed.status).toBe(200);
    expect((await asStaff(t.app, member, "GET", "/api/admin/session")).status).toBe(200);
    expect((await asStaff(t.app, other, "GET", "/api/admin/session")).status).toBe(401);
  });
});

describe("the staff cookie in production", () => {
  it("is __Host- prefixed, Secure, for Path=/ and without Domain, and only that name opens a session", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: STORE_ORIGIN, APP_SECRET: "s".repeat(48) });
    try {
      const email = staffEmail("owner");
      await upsertStaffMember(prod.database.db, { email, nome: "Dona", papel: "owner", password: STAFF_PASSWORD });
      const res = await staffLogin(prod.app, email, STAFF_PASSWORD);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const line = ([] as string[])
        .concat((res.headers["set-cookie"] as string | string[] | undefined) ?? [])
        .find((c) => c.startsWith("__Host-staff_sid="));
      expect(line).toBeDefined();
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*Path=\/(;|$)/i);
      expect(line).not.toMatch(/Domain=/i);
      const token = line!.split(";")[0]!.slice("__Host-staff_sid=".length);
      const read = (cookie: string) =>
        call(prod.app, "GET", "/api/admin/session", { headers: { host: new URL(STORE_ORIGIN).host, cookie }, ip: nextIp() });
      expect((await read(`__Host-staff_sid=${token}`)).status).toBe(200);
      expect((await read(`staff_sid=${token}`)).status).toBe(401);
    } finally {
      await prod.close();
    }
  });
});
