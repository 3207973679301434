import { createHmac } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  STAFF_IDLE_MS,
  STAFF_LIFETIME_MS,
  TOTP_TICKET_TRIES,
  type Staff,
  type StaffCreateBodySchema,
  type StaffOwnBodySchema,
  type StaffRole,
  type StaffUpdateBodySchema,
} from "#contract/api/admin/staff.ts";
import { isLocale, type Locale } from "#contract/locale.ts";
import type { Db } from "#db/client.ts";
import { staff as staffTable, staffSessions } from "#db/schema/staff.ts";
import { isPublishedDemoLogin } from "#db/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { Limiter } from "../../../lib/limiter.ts";
import { randomToken, sha256 } from "../../../lib/tokens.ts";
import { createLoginGuard, type LoginClient } from "../../../lib/login-guard.ts";
import type { Mailer } from "../../../lib/mailer.ts";
import { safeEqual } from "../../../lib/safe-equal.ts";
import { derivedKey } from "../../../lib/sealed.ts";
import { audited, type Actor, type Visitor } from "../audit.ts";
import { createStaffReset } from "./reset.ts";
import { createStepUp } from "./step-up.ts";
import { createStaffTotp, mandatorySql } from "./totp.ts";

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

/** Where a login came from: the guard's address and known-device cookie, and the browser the audit log keeps. */
type Client = LoginClient & { userAgent?: string };

const asStaff = (row: StaffRow): Staff => ({
  id: row.id,
  email: row.email,
  nome: row.nome,
  papel: row.papel as StaffRole,
  lang: (isLocale(row.lang) ? row.lang : "pt-BR") as Locale,
  ativo: row.ativo,
  trocar_senha: row.trocar_senha,
  totp_ativo: row.totp_ativo_em !== null,
  data_ultimo_login: row.data_ultimo_login?.toISOString() ?? null,
});

/** What of a member the audit log keeps (never the password's hash). */
const auditView = (s: Staff) => ({ email: s.email, nome: s.nome, papel: s.papel, lang: s.lang, ativo: s.ativo });

/**
 * The back office's staff (docs/decisions/020): login with the customers' guard against guessing (and
 * a second step with a code for members with two-factor), a session of 8 idle hours whose CSRF token is
 * derived from its own token, and the owner's management of the staff, every write of it in the audit log.
 */
export function createStaffService({
  db,
  limiter,
  secret,
  issuer,
  mailer,
  log,
}: {
  db: Db;
  limiter: Limiter;
  secret: string;
  issuer: string;
  mailer: Mailer;
  log: (err: unknown) => void;
}) {
  // Keys of their own: a customer's attempts never slow a member's login, nor the reverse; and the
  // known-device cookie is signed under a key of its own, so a shopper's device cookie (whose ids
  // overlap the staff's) is never a member's known device.
  const guard = createLoginGuard(limiter, derivedKey(secret, "staff-device").toString("hex"), "staff-login");
  const totp = createStaffTotp({ db, secret, issuer, asStaff, guard, limiter, mailer });
  const stepUp = createStepUp({ db, guard, acceptCode: totp.acceptCode });
  let dummyHash: Promise<string> | undefined;

  /** The CSRF token of a session: an HMAC of its token, so it is never stored and cannot be derived without the secret. */
  const csrfFor = (token: string) => createHmac("sha256", secret).update(`staff-csrf:${token}`).digest("base64url");

  function csrfMatches(token: string, sent: string | undefined): boolean {
    if (!sent || sent.length > 100) return false;
    return safeEqual(csrfFor(token), sent);
  }

  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(staffTable)
      .where(eq(sql`lower(${staffTable.email})`, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  async function byId(id: number): Promise<StaffRow> {
    const [row] = await db.select().from(staffTable).where(eq(staffTable.id, id)).limit(1);
    if (!row) throw new HttpError(404, "not_found");
    return row;
  }

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
    const totpPending = !row.totp_ativo_em && (await totp.mandatory());
    // The known-device cookie (docs/decisions/005): this browser skips the account's slowdown next time.
    const deviceCookie = attempt.deviceCookie(row.id);
    return { kind: "session" as const, token, expiresAt, staff: asStaff(updated ?? row), csrf: csrfFor(token), totpPending, deviceCookie };
  }

  /**
   * The password step. A member with two-factor gets a ticket for the code instead of a session, and
   * the guard's count is not reset yet: the code's wrong guesses add to the same count.
   */
  /**
   * The password step. `local`: the request comes from the machine itself, the only place where the
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
    if (row.totp_ativo_em) return { kind: "totp" as const, lang: asStaff(row).lang, ...(await totp.issueTicket(row)) };
    return openSession(row, client, attempt);
  }

  /**
   * The code step: the ticket of a right password, and a code of the app or a recovery code. The ticket
   * is single-use and allows TOTP_TICKET_TRIES codes (decision 026): the last wrong one, or a right one,
   * ends it, and a replayed ticket opens nothing.
   */
  async function loginWithCode(ticket: string, code: string, client: Client) {
    const claim = totp.readTicket(ticket);
    const [row] = claim === undefined ? [] : await db.select().from(staffTable).where(eq(staffTable.id, claim.memberId)).limit(1);
    if (!claim || !row || !totp.ticketFits(claim, row) || !row.ativo || !row.totp_ativo_em) {
      if (row) await loginRefused(row, row.email, client, "bilhete");
      throw new HttpError(401, "totp_ticket_invalid");
    }
    const attempt = await admitted(row, row.email, client);
    const tries = await totp.claimTry(row, claim.nonce);
    if (tries === undefined) {
      await loginRefused(row, row.email, client, "bilhete");
      throw new HttpError(401, "totp_ticket_invalid");
    }
    const result = await totp.acceptCode(row, code);
    if (result !== "ok") {
      const last = tries >= TOTP_TICKET_TRIES;
      if (last) await totp.endTicket(row, claim.nonce);
      await audited(db, memberActor(row, client), {
        acao: "codigo_2fa_errado",
        entidade: "funcionario",
        entidade_id: row.id,
        depois: { etapa: "login", motivo: result, tentativa: tries },
      });
      throw new HttpError(401, last ? "totp_ticket_exhausted" : result === "used" ? "totp_code_used" : "totp_code_invalid");
    }
    // Two right codes sent at once with the same ticket: only one of them opens a session.
    if (!(await totp.endTicket(row, claim.nonce))) throw new HttpError(401, "totp_ticket_invalid");
    return openSession(row, client, attempt);
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

  async function list(): Promise<Staff[]> {
    const rows = await db.select().from(staffTable).orderBy(asc(staffTable.nome), asc(staffTable.id));
    return rows.map(asStaff);
  }

  async function create(actor: Actor, body: z.output<typeof StaffCreateBodySchema>): Promise<Staff> {
    const passwordHash = await hash(body.password);
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(staffTable)
        .values({
          email: body.email.toLowerCase(),
          nome: body.nome,
          papel: body.papel,
          lang: body.lang,
          password_hash: passwordHash,
          trocar_senha: true,
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) throw new HttpError(409, "staff_email_in_use", { errors: { email: ["staff_email_in_use"] } });
      const created = asStaff(row);
      await audited(tx, actor, { acao: "criar", entidade: "funcionario", entidade_id: row.id, depois: auditView(created) });
      return created;
    });
  }

  /** Whether any other active owner would remain without `id`. */
  async function otherActiveOwner(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: number) {
    const [row] = await tx
      .select({ id: staffTable.id })
      .from(staffTable)
      .where(and(eq(staffTable.papel, "owner"), eq(staffTable.ativo, true), ne(staffTable.id, id)))
      .limit(1);
    return row !== undefined;
  }

  async function update(actor: Actor, id: number, body: z.output<typeof StaffUpdateBodySchema>): Promise<Staff> {
    const passwordHash = body.password ? await hash(body.password) : undefined;
    return db.transaction(async (tx) => {
      // The row is locked: two owners demoting each other at once cannot both succeed.
      await tx.execute(sql`SELECT id FROM funcionarios WHERE papel = 'owner' AND ativo FOR UPDATE`);
      const [before] = await tx.select().from(staffTable).where(eq(staffTable.id, id)).limit(1);
      if (!before) throw new HttpError(404, "not_found");
      const losesOwner = before.papel === "owner" && before.ativo && ((body.papel && body.papel !== "owner") || body.ativo === false);
      if (losesOwner && !(await otherActiveOwner(tx, id))) {
        throw new HttpError(422, "last_owner", { errors: { [body.ativo === false ? "ativo" : "papel"]: ["last_owner"] } });
      }
      const [after] = await tx
        .update(staffTable)
        .set({
          ...(body.nome !== undefined ? { nome: body.nome } : {}),
          ...(body.papel !== undefined ? { papel: body.papel } : {}),
          ...(body.lang !== undefined ? { lang: body.lang } : {}),
          ...(body.ativo !== undefined ? { ativo: body.ativo } : {}),
          ...(passwordHash ? { password_hash: passwordHash, trocar_senha: true } : {}),
          updated_at: new Date(),
        })
        .where(eq(staffTable.id, id))
        .returning();
      // A member switched off, given another role or a new password logs in again.
      if (body.ativo === false || passwordHash || (body.papel && body.papel !== before.papel)) {
        await tx
          .update(staffSessions)
          .set({ revoked_at: new Date() })
          .where(and(eq(staffSessions.funcionario_id, id), isNull(staffSessions.revoked_at)));
      }
      const result = asStaff(after!);
      await audited(tx, actor, {
        acao: passwordHash ? "redefinir_senha" : "editar",
        entidade: "funcionario",
        entidade_id: id,
        antes: auditView(asStaff(before)),
        depois: auditView(result),
      });
      return result;
    });
  }

  /** A member's own language and password; a new password ends the member's other sessions. */
  async function updateOwn(actor: Actor, sessionId: number, body: z.output<typeof StaffOwnBodySchema>): Promise<Staff> {
    const before = await byId(actor.staffId);
    if (body.password !== undefined && !(await verify(before.password_hash, body.current_password ?? ""))) {
      throw new HttpError(422, "current_password_wrong", { errors: { current_password: ["current_password_wrong"] } });
    }
    const passwordHash = body.password ? await hash(body.password) : undefined;
    return db.transaction(async (tx) => {
      const [after] = await tx
        .update(staffTable)
        .set({
          ...(body.lang !== undefined ? { lang: body.lang } : {}),
          ...(passwordHash ? { password_hash: passwordHash, trocar_senha: false } : {}),
          updated_at: new Date(),
        })
        .where(eq(staffTable.id, actor.staffId))
        .returning();
      if (passwordHash) {
        await tx
          .update(staffSessions)
          .set({ revoked_at: new Date() })
          .where(and(eq(staffSessions.funcionario_id, actor.staffId), isNull(staffSessions.revoked_at), ne(staffSessions.id, sessionId)));
      }
      const result = asStaff(after!);
      await audited(tx, actor, {
        acao: passwordHash ? "trocar_senha" : "editar",
        entidade: "funcionario",
        entidade_id: actor.staffId,
        antes: auditView(asStaff(before)),
        depois: auditView(result),
      });
      return result;
    });
  }

  const reset = createStaffReset({ db, mailer, limiter, guard, findByEmail, asStaff, log });

  /** The member's own two-factor off: the step-up's proof in the body (password and code), one refusal for either. */
  const disableTotp = (actor: Actor, body: { current_password: string; codigo: string }) =>
    totp.disable(actor, (row) => stepUp.prove(actor, row, body.current_password, body.codigo));

  return { login, loginWithCode, resolve, logout, csrfFor, csrfMatches, list, create, update, updateOwn, totp, reset, stepUp, disableTotp };
}

export type StaffService = ReturnType<typeof createStaffService>;
