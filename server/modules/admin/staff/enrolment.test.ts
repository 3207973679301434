import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TotpEnrolment } from "#contract/api/admin/totp.ts";
import { mailsTo, type OutboxMail } from "../../../../tests/support/customers.ts";
import { asStaff, staffAgent, STORE_ORIGIN } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { codeAt, totpSteps, type Recovery } from "../../../../tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
});
afterAll(() => t.close());

const { agent } = totpSteps(() => t);

async function inviteMail(email: string): Promise<OutboxMail> {
  for (let i = 0; i < 100; i++) {
    const [mail] = (await mailsTo(t.app, email)).filter((m) => m.texto.includes("/admin/conta?convite="));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no enrolment mail to ${email}`);
}
const inviteOf = (mail: OutboxMail) => decodeURIComponent(/\/admin\/conta\?convite=([^\s"&]+)/.exec(mail.texto)![1]!);

describe("two-factor enrolment needs more than the password", () => {
  it("refuses to start or confirm an enrolment without an enrolment code, or with a made-up one", async () => {
    const member = await agent("manager");
    const bare = await asStaff(t.app, member, "POST", "/api/admin/me/totp", { body: {} });
    expect(bare.status).toBe(422);
    const made = await asStaff(t.app, member, "POST", "/api/admin/me/totp", { body: { convite: "abcd-efgh-jkmn-pqrs" } });
    expect(made.status).toBe(422);
    expect(made.body.errors?.convite).toEqual(["Código de cadastro inválido ou expirado. Peça um novo."]);
  });

  it("enrols with the link e-mailed to the member, once", async () => {
    const member = await agent("counter", "es-AR");
    const asked = await asStaff(t.app, member, "POST", "/api/admin/me/totp/invite");
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const mail = await inviteMail(member.email);
    expect(mail.assunto).toMatch(/verificación en dos pasos/i);
    const convite = inviteOf(mail);
    const start = await asStaff<TotpEnrolment>(t.app, member, "POST", "/api/admin/me/totp", { body: { convite } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const totp = new TOTP({ secret: Secret.fromBase32(start.body.secret) });
    // The code of the app alone does not confirm: the enrolment code goes with it.
    expect((await asStaff(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp) } })).status).toBe(422);
    const ok = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp), convite } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.totp_ativo).toBe(true);
    // Owner resets the member's two-factor (a lost phone): the used code opens nothing any more.
    const owner = await agent("owner");
    expect((await asStaff(t.app, owner, "DELETE", `/api/admin/staff/${member.id}/totp`)).status).toBe(200);
    const reused = await asStaff(t.app, member, "POST", "/api/admin/me/totp", { body: { convite } });
    expect(reused.status).toBe(422);
  });

  it("enrols with a code the owner hands over, shown to the owner once", async () => {
    const owner = await agent("owner");
    const member = await staffAgent(t.app, t.database.db, "manager");
    const handed = await asStaff<{ codigo: string; expires_at: string }>(t.app, owner, "POST", `/api/admin/staff/${member.id}/totp/invite`);
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.codigo).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // A manager cannot hand out codes.
    expect((await asStaff(t.app, member, "POST", `/api/admin/staff/${owner.id}/totp/invite`)).status).toBe(403);
    const start = await asStaff<TotpEnrolment>(t.app, member, "POST", "/api/admin/me/totp", { body: { convite: handed.body.codigo.toUpperCase() } });
    expect(start.status).toBe(200);
    // Another member's code is not this one's.
    const other = await agent("counter");
    expect((await asStaff(t.app, other, "POST", "/api/admin/me/totp", { body: { convite: handed.body.codigo } })).status).toBe(422);
    const totp = new TOTP({ secret: Secret.fromBase32(start.body.secret) });
    const ok = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/confirm", {
      body: { codigo: codeAt(totp), convite: handed.body.codigo },
    });
    expect(ok.status).toBe(200);
  });

  it("lets a member whom mandatory two-factor holds back ask for the enrolment link", async () => {
    const owner = await agent("owner");
    const { enrol } = totpSteps(() => t);
    await enrol(owner);
    const member = await agent("counter");
    expect((await asStaff(t.app, owner, "PUT", "/api/admin/settings", { body: { totp_obrigatorio: true } })).status).toBe(200);
    try {
      expect((await asStaff(t.app, member, "POST", "/api/admin/me/totp/invite")).status).toBe(200);
      await inviteMail(member.email);
    } finally {
      expect((await asStaff(t.app, owner, "PUT", "/api/admin/settings", { body: { totp_obrigatorio: false } })).status).toBe(200);
    }
  });
});
