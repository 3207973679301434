import { and, eq, lt, sql } from "drizzle-orm";
import { TOTP_TICKET_MS, TOTP_TICKET_TRIES } from "#contract/api/admin/staff.ts";
import type { Db } from "#db/client.ts";
import { staff as staffTable } from "#db/schema/staff.ts";
import { derivedKey } from "../../../lib/sealed.ts";
import { readSigned, signValue } from "../../../lib/signed.ts";
import { randomToken, sha256 } from "../../../lib/tokens.ts";

type StaffRow = typeof staffTable.$inferSelect;

const TICKET_PURPOSE = "staff-login-ticket";

/**
 * The login's signed ticket between password and code (docs/decisions/020, 026), for members with
 * two-factor: it carries no session, only the right to try TOTP_TICKET_TRIES codes.
 */
export function createLoginTicket({ db, secret }: { db: Db; secret: string }) {
  const ticketKey = derivedKey(secret, TICKET_PURPOSE).toString("hex");

  /** Changes with the password and the secret: a ticket issued before either changed opens nothing. */
  const fingerprint = (row: StaffRow) => sha256(`${row.password_hash}\n${row.totp_secret ?? ""}`).slice(0, 24);

  /**
   * The ticket of a right password (decision 026): signed, and naming a nonce of which the member's row
   * keeps the hash. Only the latest ticket counts; it allows TOTP_TICKET_TRIES codes, then dies.
   */
  async function issueTicket(row: StaffRow): Promise<{ ticket: string; expiresAt: Date }> {
    const nonce = randomToken(18);
    await db
      .update(staffTable)
      .set({ totp_ticket: sha256(nonce), totp_ticket_tentativas: 0 })
      .where(eq(staffTable.id, row.id));
    return {
      ticket: signValue({ s: row.id, v: fingerprint(row), n: nonce }, ticketKey, TOTP_TICKET_MS),
      expiresAt: new Date(Date.now() + TOTP_TICKET_MS),
    };
  }

  /** The member and nonce of a ticket of this server's, unexpired; undefined for anything else. */
  function readTicket(ticket: string): { memberId: number; fingerprint: unknown; nonce: string } | undefined {
    const claim = readSigned<{ s: unknown; v: unknown; n: unknown }>(ticket, ticketKey);
    return typeof claim?.s === "number" && typeof claim.n === "string" ? { memberId: claim.s, fingerprint: claim.v, nonce: claim.n } : undefined;
  }

  const ticketFits = (claim: { fingerprint: unknown }, row: StaffRow) => claim.fingerprint === fingerprint(row);

  /**
   * Counts one code against the ticket before it is checked, in one conditional update: guesses sent in
   * parallel are counted like guesses sent one after the other. Answers the try's number, or undefined
   * when the ticket is no longer the member's live one (used, replaced, or out of tries).
   */
  async function claimTry(row: StaffRow, nonce: string): Promise<number | undefined> {
    const [claimed] = await db
      .update(staffTable)
      .set({ totp_ticket_tentativas: sql`${staffTable.totp_ticket_tentativas} + 1` })
      .where(and(eq(staffTable.id, row.id), eq(staffTable.totp_ticket, sha256(nonce)), lt(staffTable.totp_ticket_tentativas, TOTP_TICKET_TRIES)))
      .returning({ tries: staffTable.totp_ticket_tentativas });
    return claimed?.tries;
  }

  /** Ends the ticket (a right code, or the last wrong one); false when another request ended it first. */
  async function endTicket(row: StaffRow, nonce: string): Promise<boolean> {
    const ended = await db
      .update(staffTable)
      .set({ totp_ticket: null, totp_ticket_tentativas: 0 })
      .where(and(eq(staffTable.id, row.id), eq(staffTable.totp_ticket, sha256(nonce))))
      .returning({ id: staffTable.id });
    return ended.length > 0;
  }

  return { issueTicket, readTicket, ticketFits, claimTry, endTicket };
}
