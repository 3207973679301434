import { hash, verify } from "@node-rs/argon2";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Staff,
  type StaffCreateBodySchema,
  type StaffOwnBodySchema,
  type StaffRole,
  type StaffUpdateBodySchema,
} from "#contract/api/admin/staff.ts";
import { isLocale, type Locale } from "#contract/locale.ts";
import type { Db } from "#db/client.ts";
import { staff as staffTable, staffSessions } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { Limiter } from "../../../lib/limiter.ts";
import { createLoginGuard } from "../../../lib/login-guard.ts";
import type { Mailer } from "../../../lib/mailer.ts";
import { derivedKey } from "../../../lib/sealed.ts";
import { audited, type Actor } from "../audit.ts";
import { createStaffLogin } from "./login.ts";
import { createStaffReset } from "./reset.ts";
import { createStaffSessions } from "./sessions.ts";
import { createStepUp } from "./step-up.ts";
import { createStaffTotp } from "./totp.ts";

type StaffRow = typeof staffTable.$inferSelect;

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
 * a second step with a code for members with two-factor: login.ts), a session of 8 idle hours whose CSRF
 * token is derived from its own token (sessions.ts), and the owner's management of the staff, every write
 * of it in the audit log.
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

  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(staffTable)
      .where(eq(sql`lower(${staffTable.email})`, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  const { resolve, logout, csrfFor, csrfMatches } = createStaffSessions({ db, secret, asStaff });
  const { login, loginWithCode } = createStaffLogin({
    db,
    secret,
    guard,
    findByEmail,
    asStaff,
    csrfFor,
    acceptCode: totp.acceptCode,
    mandatory: totp.mandatory,
  });

  async function byId(id: number): Promise<StaffRow> {
    const [row] = await db.select().from(staffTable).where(eq(staffTable.id, id)).limit(1);
    if (!row) throw new HttpError(404, "not_found");
    return row;
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
