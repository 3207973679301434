import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { Staff, StaffRole, StaffTotpStep } from "#contract/api/admin/staff.ts";
import type { TotpEnrolment } from "#contract/api/admin/totp.ts";
import { queryRows } from "#db/client.ts";
import { issueEnrolmentCode } from "#db/staff-tokens.ts";
import { nextIp } from "./customers.ts";
import { asStaff, STAFF_PASSWORD, staffAgent, staffLogin, type StaffAgent } from "./staff.ts";
import type { TestApp } from "./test-app.ts";

/** The code the member's app shows `steps` periods from now. */
export const codeAt = (totp: TOTP, steps = 0) => totp.generate({ timestamp: Date.now() + steps * 30_000 });

export interface Recovery {
  recovery_codes: string[];
  data: Staff;
  message: string;
}

/** The two-factor tests' steps on the app `app()` answers (set in their beforeAll). */
export function totpSteps(app: () => TestApp) {
  const t = {
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
  };
  const agent = (role: StaffRole, lang?: string) => staffAgent(t.app, t.database.db, role, lang);

  /** An enrolment code for `member`, as the owner would hand over (docs/decisions/025). */
  const enrolmentCode = async (member: StaffAgent): Promise<string> => (await issueEnrolmentCode(t.database.db, member.id)).code;

  /** Enrols `member` as the account page does: an enrolment code, start, read the secret, confirm with the app's current code. */
  async function enrol(member: StaffAgent) {
    const convite = await enrolmentCode(member);
    const start = await asStaff<TotpEnrolment>(t.app, member, "POST", "/api/admin/me/totp", { body: { convite } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const totp = new TOTP({ secret: Secret.fromBase32(start.body.secret) });
    const confirmed = await asStaff<Recovery>(t.app, member, "POST", "/api/admin/me/totp/confirm", { body: { codigo: codeAt(totp), convite } });
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
  return { agent, enrol, enrolmentCode, ticketOf, row };
}
