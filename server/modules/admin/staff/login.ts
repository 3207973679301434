import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { STAFF_IDLE_MS, TOTP_TICKET_TRIES, type Staff } from "#contract/api/admin/staff.ts";
import type { Db } from "#db/client.ts";
import { staff as staffTable, staffSessions } from "#db/schema/staff.ts";
import { isPublishedDemoLogin } from "#db/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { LoginClient, LoginGuard } from "../../../lib/login-guard.ts";
import { randomToken, sha256 } from "../../../lib/tokens.ts";
import { audited, type Actor, type Visitor } from "../audit.ts";
import { createLoginTicket } from "./ticket.ts";
import type { CodeCheck } from "./totp.ts";

type StaffRow = typeof staffTable.$inferSelect;

/** Where a login came from: the guard's address and known-device cookie, and the browser the audit log keeps. */
type Client = LoginClient & { userAgent?: string };

/**
 * The staff login (docs/decisions/020): the password step with the customers' guard against guessing,
 * the code step for members with two-factor, every refusal in the audit log, and the session it opens.
 */
export function createStaffLogin({
  db,
  secret,
  guard,
  findByEmail,
  asStaff,
  csrfFor,
  acceptCode,
  mandatory,
}: {
  db: Db;
  secret: string;
  guard: LoginGuard;
  findByEmail: (email: string) => Promise<StaffRow | undefined>;
  asStaff: (row: StaffRow) => Staff;
  csrfFor: (token: string) => string;
  acceptCode: (row: StaffRow, typed: string) => Promise<CodeCheck>;
  /** Whether the owner made two-factor mandatory: a member not enrolled gets only their own account. */
  mandatory: () => Promise<boolean>;
}) {
  const tickets = createLoginTicket({ db, secret });
  let dummyHash: Promise<string> | undefined;

  /** The member as the audit log names them, from where they came. */
  const memberActor = (row: StaffRow, client: Client): Actor => ({ staffId: row.id, email: row.email, ip: client.ip, userAgent: client.userAgent });

  /** A refused login in the audit log: the member when the e-mail is one's, else the e-mail as typed (never the password). */
  async function loginRefused(row: StaffRow | undefined, email: string, client: Client, motivo: string) {
    const who: Actor | Visitor = row
      ? memberActor(row, client)
      : { staffId: null, email: email.trim().toLowerCase(), ip: client.ip, userAgent: client.userAgent };
    await audited(db, who, { acao: "login_falhou", entidade: "funcionario", entidade_id: row?.id ?? null, depois: { motivo } });
  }

  /** Counts an attempt with the guard; a refused one (too many) is logged before it is answered. */
  async function admitted(row: StaffRow | undefined, email: string, client: Client) {
    try {
      // A browser this member signed in on before skips the account-wide slowdown strangers cause.
      return await guard.admit(email, client, row?.id);
    } catch (error) {
      if (error instanceof HttpError) await loginRefused(row, email, client, "limite");
      throw error;
    }
  }

  async function openSession(row: StaffRow, client: Client, attempt: Awaited<ReturnType<typeof guard.admit>>) {
    await attempt.succeeded();
    const token = randomToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + STAFF_IDLE_MS);
    const updated = await db.transaction(async (tx) => {
      // The login itself proved the member: the step-up window opens with the session.
      await tx
        .insert(staffSessions)
        .values({ funcionario_id: row.id, token_hash: sha256(token), expires_at: expiresAt, ip: client.ip.slice(0, 64), reautenticado_em: now });
      const [after] = await tx.update(staffTable).set({ data_ultimo_login: now }).where(eq(staffTable.id, row.id)).returning();
      await audited(tx, memberActor(row, client), {
        acao: "login",
        entidade: "funcionario",
        entidade_id: row.id,
        depois: { dois_fatores: row.totp_ativo_em !== null },
      });
      return after;
    });
    const totpPending = !row.totp_ativo_em && (await mandatory());
    // The known-device cookie (docs/decisions/005): this browser skips the account's slowdown next time.
    const deviceCookie = attempt.deviceCookie(row.id);
    return { kind: "session" as const, token, expiresAt, staff: asStaff(updated ?? row), csrf: csrfFor(token), totpPending, deviceCookie };
  }

  /**
   * The password step. A member with two-factor gets a ticket for the code instead of a session, and
   * the guard's count is not reset yet: the code's wrong guesses add to the same count.
   *
   * `local`: the request comes from the machine itself, the only place where the
   * README's demo passwords open the back office (docs/decisions/023); from anywhere else they are
   * refused, saying why, before anything is counted or checked.
   */
  async function login(email: string, password: string, client: Client, { local }: { local: boolean }) {
    const row = await findByEmail(email);
    if (!local && isPublishedDemoLogin(email, password)) {
      await loginRefused(row, email, client, "demo_remota");
      throw new HttpError(403, "demo_staff_local_only");
    }
    const attempt = await admitted(row, email, client);
    // An unknown or inactive member costs the same hashing time as a wrong password.
    const valid = row
      ? await verify(row.password_hash, password)
      : (await verify(await (dummyHash ??= hash("not-a-real-password")), password), false);
    if (!row || !valid || !row.ativo) {
      await loginRefused(row, email, client, !row ? "desconhecido" : !valid ? "senha" : "inativo");
      throw new HttpError(401, "invalid_credentials");
    }
    if (row.totp_ativo_em) return { kind: "totp" as const, lang: asStaff(row).lang, ...(await tickets.issueTicket(row)) };
    return openSession(row, client, attempt);
  }

  /**
   * The code step: the ticket of a right password, and a code of the app or a recovery code. The ticket
   * is single-use and allows TOTP_TICKET_TRIES codes (decision 026): the last wrong one, or a right one,
   * ends it, and a replayed ticket opens nothing.
   */
  async function loginWithCode(ticket: string, code: string, client: Client) {
    const claim = tickets.readTicket(ticket);
    const [row] = claim === undefined ? [] : await db.select().from(staffTable).where(eq(staffTable.id, claim.memberId)).limit(1);
    if (!claim || !row || !tickets.ticketFits(claim, row) || !row.ativo || !row.totp_ativo_em) {
      if (row) await loginRefused(row, row.email, client, "bilhete");
      throw new HttpError(401, "totp_ticket_invalid");
    }
    const attempt = await admitted(row, row.email, client);
    const tries = await tickets.claimTry(row, claim.nonce);
    if (tries === undefined) {
      await loginRefused(row, row.email, client, "bilhete");
      throw new HttpError(401, "totp_ticket_invalid");
    }
    const result = await acceptCode(row, code);
    if (result !== "ok") {
      const last = tries >= TOTP_TICKET_TRIES;
      if (last) await tickets.endTicket(row, claim.nonce);
      await audited(db, memberActor(row, client), {
        acao: "codigo_2fa_errado",
        entidade: "funcionario",
        entidade_id: row.id,
        depois: { etapa: "login", motivo: result, tentativa: tries },
      });
      throw new HttpError(401, last ? "totp_ticket_exhausted" : result === "used" ? "totp_code_used" : "totp_code_invalid");
    }
    // Two right codes sent at once with the same ticket: only one of them opens a session.
    if (!(await tickets.endTicket(row, claim.nonce))) throw new HttpError(401, "totp_ticket_invalid");
    return openSession(row, client, attempt);
  }

  return { login, loginWithCode };
}
