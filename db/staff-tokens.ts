import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { READABLE_CODE_LENGTH } from "#contract/api/admin/totp.ts";
import type { DbOrTx } from "./client.ts";
import { staffTokens } from "./schema/staff.ts";

/*
 * A member's single-use tokens (docs/decisions/025): the e-mailed password reset and the enrolment code
 * two-factor needs besides the password. Only their sha256 is kept (they carry 79 bits or more, so a
 * plain hash is enough); a new token of a kind voids the member's earlier unused ones of that kind.
 * Here rather than in the back office's module: `npm run staff:create` prints an enrolment code too.
 */

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** An enrolment code e-mailed at the member's own request lasts an hour; one handed over (by the owner, by the shell) 72. */
export const ENROL_MAIL_MS = 60 * 60 * 1000;
const ENROL_HANDED_MS = 72 * 60 * 60 * 1000;

type StaffTokenKind = "redefinir_senha" | "cadastrar_2fa";

/** Characters a person reads and types without mistaking one for another (no 0/o, 1/l/i). */
const READABLE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** 16 readable characters (about 79 bits) written `xxxx-xxxx-xxxx-xxxx`: recovery and enrolment codes. */
export function readableCode(): string {
  const chars = Array.from({ length: READABLE_CODE_LENGTH }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** A readable code as typed (any case, spaces or dashes), or undefined when it cannot be one. */
export function normalReadableCode(typed: string): string | undefined {
  const code = typed.toLowerCase().replace(/[\s-]/g, "");
  return code.length === READABLE_CODE_LENGTH && [...code].every((c) => READABLE_ALPHABET.includes(c)) ? code : undefined;
}

/** Keeps a new token of `kind` for the member (a readable code is kept in its normal form) and voids their older ones. */
export async function issueStaffToken(db: DbOrTx, staffId: number, kind: StaffTokenKind, token: string, ttlMs: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.transaction(async (tx) => {
    await tx
      .update(staffTokens)
      .set({ used_at: new Date() })
      .where(and(eq(staffTokens.funcionario_id, staffId), eq(staffTokens.tipo, kind), isNull(staffTokens.used_at)));
    await tx.insert(staffTokens).values({ funcionario_id: staffId, tipo: kind, token_hash: sha256(token), expires_at: expiresAt });
  });
  return expiresAt;
}

/** A new enrolment code for the member: what the owner hands over or the shell prints. */
export async function issueEnrolmentCode(db: DbOrTx, staffId: number, ttlMs = ENROL_HANDED_MS) {
  const code = readableCode();
  const expiresAt = await issueStaffToken(db, staffId, "cadastrar_2fa", normalReadableCode(code)!, ttlMs);
  return { code, expiresAt };
}

/** The member of a live token of `kind`, without using it up. */
export async function staffOfToken(db: DbOrTx, kind: StaffTokenKind, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: staffTokens.funcionario_id })
    .from(staffTokens)
    .where(
      and(eq(staffTokens.tipo, kind), eq(staffTokens.token_hash, sha256(token)), isNull(staffTokens.used_at), gt(staffTokens.expires_at, new Date())),
    )
    .limit(1);
  return row?.id;
}

/** Uses a live token up and answers its member; a second use (or a race's loser) finds nothing. */
export async function consumeStaffToken(db: DbOrTx, kind: StaffTokenKind, token: string, staffId?: number): Promise<number | undefined> {
  const [row] = await db
    .update(staffTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(staffTokens.tipo, kind),
        eq(staffTokens.token_hash, sha256(token)),
        isNull(staffTokens.used_at),
        gt(staffTokens.expires_at, new Date()),
        staffId === undefined ? undefined : eq(staffTokens.funcionario_id, staffId),
      ),
    )
    .returning({ id: staffTokens.funcionario_id });
  return row?.id;
}
