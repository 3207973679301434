import { createHmac } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS, type ShopSettings, type TotpEnrolment } from "#contract/api/admin/totp.ts";
import type { Staff } from "#contract/api/admin/staff.ts";
import type { Db } from "#db/client.ts";
import { shopSettings, staff as staffTable } from "#db/schema/staff.ts";
import { consumeStaffToken, ENROL_MAIL_MS, issueEnrolmentCode, normalReadableCode, readableCode, staffOfToken } from "#db/staff-tokens.ts";
import { HttpError } from "../../../lib/errors.ts";
import { derivedKey, seal, unseal } from "../../../lib/sealed.ts";
import type { Limiter } from "../../../lib/limiter.ts";
import type { LoginGuard } from "../../../lib/login-guard.ts";
import type { Mailer } from "../../../lib/mailer.ts";
import { audited, type Actor } from "../audit.ts";
import { staffEnrolmentEmail } from "./emails.ts";
import { endSessions, type MailSite } from "./reset.ts";

type StaffRow = typeof staffTable.$inferSelect;

const SECRET_PURPOSE = "staff-totp-secret";
const MANDATORY_KEY = "totp_obrigatorio";
/** Enrolment links a member may have e-mailed per window. */
const INVITES_PER_WINDOW = 3;
const INVITE_WINDOW_MS = 15 * 60 * 1000;

/** The SQL truth of "the owner made two-factor mandatory", for a query that needs it alongside other rows. */
export const mandatorySql = sql<boolean>`coalesce((SELECT ${shopSettings.valor} = 'true'::jsonb FROM ${shopSettings} WHERE ${shopSettings.chave} = ${MANDATORY_KEY}), false)`;

/**
 * A recovery code as kept (docs/decisions/025): an HMAC under a key of its own derived from APP_SECRET,
 * so a copy of the table alone gives no way to test guesses offline.
 */
const recoveryHash = (secret: string, code: string) => createHmac("sha256", derivedKey(secret, "staff-recovery-code")).update(code).digest("hex");

/** What the audit log keeps of a member's two-factor: never the secret or a code. */
const auditView = (row: StaffRow) => ({ totp_ativo: row.totp_ativo_em !== null, codigos_restantes: row.totp_recuperacao.length });

export type CodeCheck = "ok" | "wrong" | "used";

/**
 * Two-factor for the staff (docs/decisions/020): the TOTP secret sealed under a key derived from the
 * app secret, a code accepted once per time step, recovery codes kept as an HMAC and used once, and the
 * owner's "mandatory" setting (the login's ticket between password and code: ticket.ts). Enrolling takes
 * an enrolment code besides the session (docs/decisions/025): the password alone never adds an authenticator.
 */
export function createStaffTotp({
  db,
  secret,
  issuer,
  asStaff,
  guard,
  limiter,
  mailer,
}: {
  db: Db;
  secret: string;
  issuer: string;
  asStaff: (row: StaffRow) => Staff;
  limiter: Limiter;
  mailer: Mailer;
  /** The staff login's guard: a signed-in member's wrong codes count with the login's guesses. */
  guard: LoginGuard;
}) {
  function totpOf(row: StaffRow): TOTP | undefined {
    const base32 = row.totp_secret ? unseal(row.totp_secret, secret, SECRET_PURPOSE) : undefined;
    if (!base32) return undefined;
    return new TOTP({
      issuer,
      label: row.email,
      secret: Secret.fromBase32(base32),
      algorithm: "SHA1",
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
    });
  }

  /**
   * A code of the member's app (its time step must be later than the last one accepted, so a code
   * seen over a shoulder is no use) or, with `recovery`, one of their recovery codes, which is then
   * used up. Both are written in one conditional update: two requests with the same code cannot both pass.
   */
  async function acceptCode(row: StaffRow, typed: string, { recovery = true } = {}): Promise<CodeCheck> {
    const digits = typed.replace(/\s/g, "");
    if (/^\d+$/.test(digits)) {
      const totp = totpOf(row);
      const delta = totp && digits.length === TOTP_DIGITS ? totp.validate({ token: digits, window: 1 }) : null;
      if (!totp || delta === null) return "wrong";
      const step = totp.counter() + delta;
      const accepted = await db
        .update(staffTable)
        .set({ totp_ultimo_passo: step })
        .where(and(eq(staffTable.id, row.id), or(isNull(staffTable.totp_ultimo_passo), lt(staffTable.totp_ultimo_passo, step))))
        .returning({ id: staffTable.id });
      return accepted.length > 0 ? "ok" : "used";
    }
    const code = recovery ? normalReadableCode(typed) : undefined;
    if (!code) return "wrong";
    const hash = recoveryHash(secret, code);
    const used = await db
      .update(staffTable)
      .set({ totp_recuperacao: sql`array_remove(${staffTable.totp_recuperacao}, ${hash})` })
      .where(and(eq(staffTable.id, row.id), sql`${hash} = ANY(${staffTable.totp_recuperacao})`))
      .returning({ id: staffTable.id });
    return used.length > 0 ? "ok" : "wrong";
  }

  async function byId(id: number): Promise<StaffRow> {
    const [row] = await db.select().from(staffTable).where(eq(staffTable.id, id)).limit(1);
    if (!row) throw new HttpError(404, "not_found");
    return row;
  }

  /**
   * A code a signed-in member typed to change their own two-factor: refused with the field's message.
   * Counted by the login's guard, so a borrowed session cannot guess codes faster than a login could.
   */
  async function requireCode(actor: Actor, row: StaffRow, typed: string, etapa: string, options?: { recovery?: boolean }) {
    const attempt = await guard.admit(row.email, { ip: actor.ip }, undefined);
    const result = await acceptCode(row, typed, options);
    if (result !== "ok") {
      await audited(db, actor, { acao: "codigo_2fa_errado", entidade: "funcionario", entidade_id: row.id, depois: { etapa, motivo: result } });
      const key = result === "used" ? "totp_code_used" : "totp_code_invalid";
      throw new HttpError(422, key, { errors: { codigo: [key] } });
    }
    await attempt.succeeded();
  }

  const freshCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, readableCode);

  const badInvite = () => new HttpError(422, "totp_invite_invalid", { errors: { convite: ["totp_invite_invalid"] } });

  /** The enrolment code as typed, when it is a live one of this member's. */
  async function liveInvite(row: StaffRow, typed: string): Promise<string> {
    const code = normalReadableCode(typed);
    if (!code || (await staffOfToken(db, "cadastrar_2fa", code)) !== row.id) throw badInvite();
    return code;
  }

  /** The member asks for an enrolment link by e-mail: whoever holds only their password cannot read it. */
  async function invite(actor: Actor, site: MailSite): Promise<void> {
    const row = await byId(actor.staffId);
    if (row.totp_ativo_em) throw new HttpError(409, "totp_already_active");
    const { count } = await limiter.hit(`staff-enrol-mail:${row.id}`, INVITE_WINDOW_MS);
    if (count > INVITES_PER_WINDOW) throw new HttpError(429, "totp_invite_wait");
    const { code } = await issueEnrolmentCode(db, row.id, ENROL_MAIL_MS);
    await mailer.send(staffEnrolmentEmail(asStaff(row), site.brandName, `${site.origin}/admin/conta?convite=${code}`));
  }

  /** The owner hands a member an enrolment code (shown this once); never to themselves, who use the e-mailed link. */
  async function handOver(actor: Actor, id: number) {
    if (id === actor.staffId) throw new HttpError(409, "totp_invite_self");
    const row = await byId(id);
    if (row.totp_ativo_em) throw new HttpError(409, "totp_already_active");
    return db.transaction(async (tx) => {
      const { code, expiresAt } = await issueEnrolmentCode(tx, id);
      await audited(tx, actor, { acao: "convite_2fa", entidade: "funcionario", entidade_id: id, depois: { expira_em: expiresAt } });
      return { codigo: code, expires_at: expiresAt.toISOString() };
    });
  }

  /** A new secret, kept sealed and not yet active: what the member's app needs to show codes. */
  async function start(actor: Actor, convite: string): Promise<TotpEnrolment> {
    const row = await byId(actor.staffId);
    if (row.totp_ativo_em) throw new HttpError(409, "totp_already_active");
    await liveInvite(row, convite);
    const base32 = new Secret({ size: 20 }).base32;
    const sealed = seal(base32, secret, SECRET_PURPOSE);
    await db.update(staffTable).set({ totp_secret: sealed, totp_ultimo_passo: null, updated_at: new Date() }).where(eq(staffTable.id, row.id));
    const uri = totpOf({ ...row, totp_secret: sealed })!.toString();
    const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { otpauth_uri: uri, secret: base32, qr_svg: svg };
  }

  /**
   * The first code from the app, with the enrolment code (used up here), turns two-factor on and brings
   * the recovery codes, shown this once; the member's other sessions end, as after a new password.
   */
  async function confirm(actor: Actor, sessionId: number, typed: string, convite: string) {
    const row = await byId(actor.staffId);
    if (row.totp_ativo_em) throw new HttpError(409, "totp_already_active");
    if (!row.totp_secret) throw new HttpError(409, "totp_not_started");
    const code = await liveInvite(row, convite);
    await requireCode(actor, row, typed, "ativar", { recovery: false });
    return withNewCodes(actor, row, "ativar_2fa", { totp_ativo_em: new Date() }, async (tx) => {
      if ((await consumeStaffToken(tx, "cadastrar_2fa", code, row.id)) === undefined) throw badInvite();
      await endSessions(tx, row.id, sessionId);
    });
  }

  /** Recovery codes anew (the old ones stop working), with a code. */
  async function renewCodes(actor: Actor, typed: string) {
    const row = await byId(actor.staffId);
    if (!row.totp_ativo_em) throw new HttpError(409, "totp_not_active");
    await requireCode(actor, row, typed, "renovar");
    return withNewCodes(actor, row, "codigos_2fa", {});
  }

  /** Ten new recovery codes (the old ones stop working), with what else changes, audited; the codes are shown this once. */
  async function withNewCodes(
    actor: Actor,
    row: StaffRow,
    acao: string,
    change: { totp_ativo_em?: Date },
    also?: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) => Promise<void>,
  ) {
    const codes = freshCodes();
    const after = await db.transaction(async (tx) => {
      await also?.(tx);
      const [updated] = await tx
        .update(staffTable)
        .set({ ...change, totp_recuperacao: codes.map((c) => recoveryHash(secret, normalReadableCode(c)!)), updated_at: new Date() })
        .where(eq(staffTable.id, row.id))
        .returning();
      await audited(tx, actor, { acao, entidade: "funcionario", entidade_id: row.id, antes: auditView(row), depois: auditView(updated!) });
      return updated!;
    });
    return { recovery_codes: codes, data: asStaff(after) };
  }

  async function switchOff(actor: Actor, id: number, acao: string): Promise<Staff> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(staffTable).where(eq(staffTable.id, id)).limit(1);
      if (!before) throw new HttpError(404, "not_found");
      const [after] = await tx
        .update(staffTable)
        .set({ totp_secret: null, totp_ativo_em: null, totp_ultimo_passo: null, totp_recuperacao: [], updated_at: new Date() })
        .where(eq(staffTable.id, id))
        .returning();
      await audited(tx, actor, { acao, entidade: "funcionario", entidade_id: id, antes: auditView(before), depois: auditView(after!) });
      return asStaff(after!);
    });
  }

  /**
   * The member's own two-factor off, never while it is mandatory; `proven` is the step-up's proof (the
   * password and a code, throttled, one refusal for either: step-up.ts), checked once the rest allows it.
   */
  async function disable(actor: Actor, proven: (row: StaffRow) => Promise<void>): Promise<Staff> {
    const row = await byId(actor.staffId);
    if (!row.totp_ativo_em) throw new HttpError(409, "totp_not_active");
    if (await mandatory()) throw new HttpError(409, "totp_mandatory");
    await proven(row);
    return switchOff(actor, row.id, "desativar_2fa");
  }

  /** The owner switches a member's two-factor off (a lost phone): the member may enrol again. */
  const reset = (actor: Actor, id: number) => switchOff(actor, id, "redefinir_2fa");

  async function mandatory(): Promise<boolean> {
    const [row] = await db.select({ valor: shopSettings.valor }).from(shopSettings).where(eq(shopSettings.chave, MANDATORY_KEY)).limit(1);
    return row?.valor === true;
  }

  async function settings(): Promise<ShopSettings> {
    return { totp_obrigatorio: await mandatory() };
  }

  /** The owner's switch; turned on only by an owner who uses two-factor, so it never locks out the one who flipped it. */
  async function saveSettings(actor: Actor, body: ShopSettings): Promise<ShopSettings> {
    if (body.totp_obrigatorio && !(await byId(actor.staffId)).totp_ativo_em) {
      throw new HttpError(409, "totp_enrol_first", { errors: { totp_obrigatorio: ["totp_enrol_first"] } });
    }
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(shopSettings).where(eq(shopSettings.chave, MANDATORY_KEY)).limit(1);
      await tx
        .insert(shopSettings)
        .values({ chave: MANDATORY_KEY, valor: body.totp_obrigatorio })
        .onConflictDoUpdate({ target: shopSettings.chave, set: { valor: body.totp_obrigatorio, updated_at: new Date() } });
      await audited(tx, actor, {
        acao: "editar",
        entidade: "configuracao",
        entidade_id: MANDATORY_KEY,
        antes: { totp_obrigatorio: before?.valor === true },
        depois: { totp_obrigatorio: body.totp_obrigatorio },
      });
      return { totp_obrigatorio: body.totp_obrigatorio };
    });
  }

  return {
    acceptCode,
    invite,
    handOver,
    start,
    confirm,
    renewCodes,
    disable,
    reset,
    mandatory,
    settings,
    saveSettings,
  };
}
