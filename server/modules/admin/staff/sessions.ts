import { createHmac } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { STAFF_IDLE_MS, STAFF_LIFETIME_MS, type Staff } from "#contract/api/admin/staff.ts";
import type { Db } from "#db/client.ts";
import { staff as staffTable, staffSessions } from "#db/schema/staff.ts";
import { safeEqual } from "../../../lib/safe-equal.ts";
import { sha256 } from "../../../lib/tokens.ts";
import { audited, type Actor } from "../audit.ts";
import { mandatorySql } from "./totp.ts";

type StaffRow = typeof staffTable.$inferSelect;

/** "Last seen" (and with it the idle expiry) is written at most this often. */
const SLIDE_EVERY_MS = 60_000;

export interface StaffSessionInfo {
  staff: Staff;
  sessionId: number;
  /** The session was used after a pause: its expiry moved, and the cookie should follow. */
  slid: boolean;
  expiresAt: Date;
  /** Two-factor is mandatory and this member has not enrolled: only their own account answers. */
  totpPending: boolean;
  /** When the member last proved it was them on this session (login or step-up): decision 026. */
  reauthAt: Date | null;
}

/**
 * The staff's sessions once open (docs/decisions/020): 8 idle hours within 12, and a CSRF token derived
 * from the session's own token. Opening one is the login's (login.ts).
 */
export function createStaffSessions({ db, secret, asStaff }: { db: Db; secret: string; asStaff: (row: StaffRow) => Staff }) {
  /** The CSRF token of a session: an HMAC of its token, so it is never stored and cannot be derived without the secret. */
  const csrfFor = (token: string) => createHmac("sha256", secret).update(`staff-csrf:${token}`).digest("base64url");

  function csrfMatches(token: string, sent: string | undefined): boolean {
    if (!sent || sent.length > 100) return false;
    return safeEqual(csrfFor(token), sent);
  }

  /**
   * The live session of a token: not revoked, used within 8 hours, opened within 12, its member active.
   * Slides the expiry, never past the 12 hours.
   */
  async function resolve(token: string): Promise<StaffSessionInfo | null> {
    const [row] = await db
      .select({ session: staffSessions, member: staffTable, mandatory: mandatorySql })
      .from(staffSessions)
      .innerJoin(staffTable, eq(staffTable.id, staffSessions.funcionario_id))
      .where(
        and(
          eq(staffSessions.token_hash, sha256(token)),
          isNull(staffSessions.revoked_at),
          sql`${staffSessions.expires_at} > now()`,
          sql`${staffSessions.created_at} > now() - ${`${STAFF_LIFETIME_MS} milliseconds`}::interval`,
          eq(staffTable.ativo, true),
        ),
      )
      .limit(1);
    if (!row) return null;
    let expiresAt = row.session.expires_at;
    const slid = Date.now() - row.session.last_seen_at.getTime() > SLIDE_EVERY_MS;
    if (slid) {
      expiresAt = new Date(Math.min(Date.now() + STAFF_IDLE_MS, row.session.created_at.getTime() + STAFF_LIFETIME_MS));
      await db.update(staffSessions).set({ last_seen_at: new Date(), expires_at: expiresAt }).where(eq(staffSessions.id, row.session.id));
    }
    const totpPending = row.mandatory === true && !row.member.totp_ativo_em;
    return { staff: asStaff(row.member), sessionId: row.session.id, slid, expiresAt, totpPending, reauthAt: row.session.reautenticado_em };
  }

  async function logout(actor: Actor, sessionId: number) {
    await db.transaction(async (tx) => {
      await tx.update(staffSessions).set({ revoked_at: new Date() }).where(eq(staffSessions.id, sessionId));
      await audited(tx, actor, { acao: "logout", entidade: "funcionario", entidade_id: actor.staffId });
    });
  }

  return { resolve, logout, csrfFor, csrfMatches };
}
