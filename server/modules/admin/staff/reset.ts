import { hash } from "@node-rs/argon2";
import { and, eq, isNull, ne } from "drizzle-orm";
import { STAFF_RESET_MS, type Staff } from "#contract/api/admin/staff.ts";
import type { Db, DbOrTx } from "#db/client.ts";
import { staff as staffTable, staffSessions } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { Limiter } from "../../../lib/limiter.ts";
import type { LoginGuard } from "../../../lib/login-guard.ts";
import type { Mailer } from "../../../lib/mailer.ts";
import { randomToken } from "../../../lib/tokens.ts";
import { audited } from "../audit.ts";
import { staffResetEmail } from "./emails.ts";
import { consumeStaffToken, issueStaffToken } from "#db/staff-tokens.ts";

type StaffRow = typeof staffTable.$inferSelect;

/** Links to one member per window, like the customers' reset: rotating addresses must not flood an inbox. */
const MAILS_PER_WINDOW = 3;
const WINDOW_MS = 15 * 60 * 1000;

export interface MailSite {
  origin: string;
  brandName: string;
}

/** Ends every live session of a member, but `keep` (the session that made the change). */
export async function endSessions(db: DbOrTx, staffId: number, keep?: number) {
  await db
    .update(staffSessions)
    .set({ revoked_at: new Date() })
    .where(
      and(eq(staffSessions.funcionario_id, staffId), isNull(staffSessions.revoked_at), keep === undefined ? undefined : ne(staffSessions.id, keep)),
    );
}

/**
 * A forgotten staff password (docs/decisions/025): a single-use link by e-mail, valid for an hour; the
 * new password ends every session of the member. Two-factor stays: the reset opens the password step
 * only. The request answers before anything is looked up or sent, so its timing tells no one which
 * e-mails are members'.
 */
export function createStaffReset(deps: {
  db: Db;
  mailer: Mailer;
  limiter: Limiter;
  guard: LoginGuard;
  findByEmail: (email: string) => Promise<StaffRow | undefined>;
  asStaff: (row: StaffRow) => Staff;
  log: (err: unknown) => void;
}) {
  const { db, mailer, limiter, guard } = deps;

  async function send(email: string, site: MailSite) {
    const row = await deps.findByEmail(email);
    if (!row || !row.ativo) return;
    const { count } = await limiter.hit(`staff-reset:${row.id}`, WINDOW_MS);
    if (count > MAILS_PER_WINDOW) return;
    const token = randomToken();
    await issueStaffToken(db, row.id, "redefinir_senha", token, STAFF_RESET_MS);
    await mailer.send(staffResetEmail(deps.asStaff(row), site.brandName, `${site.origin}/admin/redefinir-senha/${token}`));
  }

  /** Starts the lookup and the mail, and returns at once: the answer is the same for any e-mail. */
  function request(email: string, site: MailSite): void {
    send(email, site).catch(deps.log);
  }

  async function reset(token: string, password: string, ip: string): Promise<void> {
    const id = await consumeStaffToken(db, "redefinir_senha", token);
    if (id === undefined) throw new HttpError(422, "invalid_token", { errors: { token: ["invalid_token"] } });
    const passwordHash = await hash(password);
    const row = await db.transaction(async (tx) => {
      const [after] = await tx
        .update(staffTable)
        .set({ password_hash: passwordHash, trocar_senha: false, updated_at: new Date() })
        .where(eq(staffTable.id, id))
        .returning();
      await endSessions(tx, id);
      await audited(tx, { staffId: id, email: after!.email, ip }, { acao: "redefinir_senha_email", entidade: "funcionario", entidade_id: id });
      return after!;
    });
    // The member's own slowdown ends with the new password (the customers' reset does the same).
    await guard.forget(row.email, ip);
  }

  return { request, reset };
}
