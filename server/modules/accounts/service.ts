import { hash, verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import {
  DOCUMENT_STATES,
  documentTypesFor,
  REJECTION_REASONS,
  type DocumentState,
  type RejectionReason,
  NATIONALITIES,
  PROFILE_FILE_TYPES,
  SESSION_MS,
  type DocumentType,
  type LoginResponse,
  type Nationality,
  type User,
} from "#contract/api/accounts.ts";
import { apiLang, isLocale, type Locale } from "#contract/locale.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import type { Db } from "#db/client.ts";
import { customerDocuments, customers } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import type { Limiter } from "../../lib/limiter.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Storage } from "../../lib/storage.ts";
import { randomToken, sha256 } from "../../lib/tokens.ts";
import { confirmationEmail, resetEmail } from "./emails.ts";
import { createLoginGuard, type LoginClient } from "../../lib/login-guard.ts";
import { createRegistration, storeDocumentFiles, type CheckedFile, type MailContext } from "./registration.ts";
import * as repo from "./repo.ts";
import type { UploadedFile } from "../../lib/multipart.ts";
import { checkUpload } from "./uploads.ts";

const CONFIRM_MS = 48 * 60 * 60 * 1000;
const RESET_MS = 60 * 60 * 1000;
const RESEND_MAX = 3;
const RESEND_WINDOW_MS = 15 * 60 * 1000;

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  limiter: Limiter;
  /** Signs the known-device cookie (APP_SECRET). */
  secret: string;
}

export type { MailContext };

let dummyHash: Promise<string> | undefined;

export function createAccountsService({ db, mailer, storage, limiter, secret }: AccountsDeps) {
  const guard = createLoginGuard(limiter, secret);
  async function toUser(row: repo.CustomerRow): Promise<User> {
    const [enderecos, documentos] = await Promise.all([repo.listAddresses(db, row.id), repo.documentSides(db, row.id)]);
    return {
      id: row.id,
      uuid: row.uuid,
      nome: row.nome,
      sobrenome: row.sobrenome,
      email: row.email,
      email_verified_at: row.email_verified_at?.toISOString() ?? null,
      estrangeiro: row.estrangeiro,
      nationality: asNationality(row.nacionalidade, row.estrangeiro),
      telefone: row.telefone,
      documento_tipo: row.documento_tipo,
      documento: row.documento,
      identidade: row.identidade,
      identidade_complemento: row.identidade_complemento,
      razao_social: row.razao_social,
      lang: row.lang,
      data_ultimo_login: row.data_ultimo_login?.toISOString() ?? null,
      documentos,
      documento_revisao: {
        status: asDocumentState(row.documento_status),
        motivo: asRejectionReason(row.documento_motivo),
        nota: row.documento_motivo ? row.documento_nota : null,
      },
      enderecos,
    };
  }

  async function me(customerId: number): Promise<User> {
    const row = await repo.findCustomerById(db, customerId);
    if (!row) throw new HttpError(401, "session_expired");
    return toUser(row);
  }

  /** Answers the session and the known-device cookie to set (docs/decisions/005). */
  async function login(
    email: string,
    password: string,
    locale: Locale,
    client: LoginClient,
  ): Promise<{ response: LoginResponse; deviceCookie: string }> {
    const row = await repo.findCustomerByEmail(db, email);
    // Counted before the hash is checked: parallel guesses cannot all slip in under the limit.
    const attempt = await guard.admit(email, client, row?.id);
    // An unknown e-mail costs the same hashing time as a wrong password, so timing tells nothing.
    const valid = row
      ? await verify(row.password_hash, password)
      : (await verify(await (dummyHash ??= hash("not-a-real-password")), password), false);
    if (!row || !valid) throw new HttpError(401, "invalid_credentials");
    await attempt.succeeded();
    const token = randomToken();
    const expiresAt = new Date(Date.now() + SESSION_MS);
    await repo.createSession(db, row.id, sha256(token), expiresAt);
    const user = await me(row.id);
    return {
      response: { token, expires_at: expiresAt.toISOString(), user, message: apiMessage(locale, "login_ok") },
      deviceCookie: attempt.deviceCookie(row.id),
    };
  }

  async function emailInUse(email: string) {
    return (await repo.findCustomerByEmail(db, email)) !== undefined;
  }

  async function sendConfirmation(row: repo.CustomerRow, mail: MailContext) {
    const token = randomToken();
    await repo.issueToken(db, row.id, "confirmar_email", sha256(token), new Date(Date.now() + CONFIRM_MS));
    const link = `${mail.origin}/app/confirmation-email/${row.uuid}/${token}`;
    await mailer.send(confirmationEmail(row.email, row.nome, apiLang(asLocale(row.lang)), mail.brandName, link));
  }

  const storeDocuments = (customerUuid: string, files: CheckedFile[]) => storeDocumentFiles(storage, customerUuid, files);
  const register = createRegistration({ db, storage, emailInUse, sendConfirmation });

  async function requestReset(email: string, mail: MailContext) {
    const row = await repo.findCustomerByEmail(db, email);
    if (row) await sendReset(row, mail);
  }

  /**
   * Sends the reset e-mail unless the account had RESEND_MAX of them within the window: per account, like
   * the confirmation resend, so rotating addresses (or a member of staff pressing again) must not flood
   * someone's inbox. Answers whether it went.
   */
  async function sendReset(row: repo.CustomerRow, mail: MailContext): Promise<boolean> {
    const { count } = await limiter.hit(`reset:${row.id}`, RESEND_WINDOW_MS);
    if (count > RESEND_MAX) return false;
    const token = randomToken();
    await repo.issueToken(db, row.id, "redefinir_senha", sha256(token), new Date(Date.now() + RESET_MS));
    const link = `${mail.origin}/app/reset-password/${row.uuid}/${token}?email=${encodeURIComponent(row.email)}`;
    // Queued, not awaited: waiting for SMTP only when the account exists would tell, by the answer's time, which
    // addresses have one. What is left is the outbox row, a few milliseconds (docs/decisions/027).
    await mailer.queue(resetEmail(row.email, row.nome, apiLang(asLocale(row.lang)), mail.brandName, link));
    return true;
  }

  /**
   * A reset started by the back office for a customer (issue 31): the customer gets their own reset
   * e-mail and chooses the password; nobody else sees it. False when the account's limit was reached.
   */
  async function startResetFor(customerId: number, mail: MailContext): Promise<boolean> {
    const row = await repo.findCustomerById(db, customerId);
    if (!row) throw new HttpError(404, "customer_not_found");
    return sendReset(row, mail);
  }

  async function resetPassword(uuid: string, token: string, password: string, clientIp: string) {
    const row = await repo.findCustomerByUuid(db, uuid);
    if (!row || !(await repo.consumeToken(db, row.id, "redefinir_senha", sha256(token)))) {
      throw new HttpError(422, "invalid_token", { errors: { token: ["invalid_token"] } });
    }
    await db
      .update(customers)
      .set({ password_hash: await hash(password), updated_at: new Date() })
      .where(eq(customers.id, row.id));
    await repo.revokeSessions(db, row.id);
    await guard.forget(row.email, clientIp);
  }

  async function confirmEmail(uuid: string, token: string): Promise<ApiMessageKey> {
    const row = await repo.findCustomerByUuid(db, uuid);
    if (row && (await repo.consumeToken(db, row.id, "confirmar_email", sha256(token)))) {
      if (!row.email_verified_at) {
        await db.update(customers).set({ email_verified_at: new Date() }).where(eq(customers.id, row.id));
      }
      return "email_confirmed";
    }
    throw new HttpError(400, "invalid_token", { errors: { token: ["invalid_token"] } });
  }

  async function resendConfirmation(customerId: number, mail: MailContext): Promise<ApiMessageKey> {
    const row = await repo.findCustomerById(db, customerId);
    if (!row) throw new HttpError(401, "session_expired");
    if (row.email_verified_at) return "email_already_confirmed";
    const { count } = await limiter.hit(`resend:${row.id}`, RESEND_WINDOW_MS);
    if (count > RESEND_MAX) throw new HttpError(429, "verify_inbox_error");
    await sendConfirmation(row, mail);
    return "verify_inbox";
  }

  async function changePassword(customerId: number, sessionId: number, current: string, next: string) {
    const row = await repo.findCustomerById(db, customerId);
    if (!row || !(await verify(row.password_hash, current))) {
      throw new HttpError(422, "current_password_wrong", { errors: { password_currently: ["current_password_wrong"] } });
    }
    await db
      .update(customers)
      .set({ password_hash: await hash(next), updated_at: new Date() })
      .where(eq(customers.id, customerId));
    await repo.revokeSessions(db, customerId, sessionId);
  }

  async function updateProfile(
    customerId: number,
    fields: { telefone: string; documento_tipo: DocumentType; documento: string },
    files: Map<string, UploadedFile>,
  ) {
    const row = await repo.findCustomerById(db, customerId);
    if (!row) throw new HttpError(401, "session_expired");
    const errors: Record<string, ApiMessageKey[]> = {};
    if (!documentTypesFor(asNationality(row.nacionalidade, row.estrangeiro)).includes(fields.documento_tipo)) {
      errors.documento_tipo = ["invalid"];
    }
    const checked: { lado: string; file: UploadedFile; mime: string }[] = [];
    for (const lado of ["frente", "verso"]) {
      const file = files.get(lado);
      if (!file) continue;
      const result = await checkUpload(file, PROFILE_FILE_TYPES, "file_type_profile");
      if ("error" in result) errors[lado] = [result.error];
      else checked.push({ lado, file, mime: result.mime });
    }
    if (Object.keys(errors).length > 0) throw new HttpError(422, "validation_failed", { errors: errors });
    const stored = await storeDocuments(row.uuid, checked);
    const replaced = await db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({ telefone: fields.telefone, documento_tipo: fields.documento_tipo, documento: fields.documento, updated_at: new Date() })
        .where(eq(customers.id, customerId));
      // New images start a new review (issue 31): staff look again, whatever the last review said.
      if (stored.length > 0) {
        await tx
          .update(customers)
          .set({
            documento_status: "pendente",
            documento_motivo: null,
            documento_nota: null,
            documento_revisado_por: null,
            documento_revisado_em: null,
          })
          .where(eq(customers.id, customerId));
      }
      const old: string[] = [];
      for (const s of stored) {
        const previous = await tx
          .delete(customerDocuments)
          .where(and(eq(customerDocuments.customer_id, customerId), eq(customerDocuments.lado, s.lado)))
          .returning({ key: customerDocuments.storage_key });
        old.push(...previous.map((p) => p.key));
        await tx.insert(customerDocuments).values({ ...s, customer_id: customerId });
      }
      return old;
    });
    await Promise.all(replaced.map((key) => storage.remove(key)));
    return me(customerId);
  }

  async function readDocument(customerId: number, lado: string) {
    const doc = await repo.latestDocument(db, customerId, lado);
    if (!doc) throw new HttpError(404, "not_found");
    return { mime: doc.mime, data: await storage.read(doc.storage_key) };
  }

  async function cityByCode(paisId: number, codigo: string) {
    const city = await repo.cityByCode(db, paisId, codigo);
    if (!city) throw new HttpError(404, "city_not_found");
    return {
      id: city.id,
      nome: city.nome,
      estado: { id: city.estado_id, nome: city.estado_nome, sigla: city.sigla, pais_id: city.pais_id },
    };
  }

  async function logout(sessionId: number) {
    await repo.revokeSession(db, sessionId);
  }

  return {
    login,
    me,
    logout,
    emailInUse,
    register,
    requestReset,
    startResetFor,
    resetPassword,
    confirmEmail,
    resendConfirmation,
    changePassword,
    updateProfile,
    readDocument,
    cityByCode,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

const asDocumentState = (value: string): DocumentState =>
  (DOCUMENT_STATES as readonly string[]).includes(value) ? (value as DocumentState) : "pendente";
const asRejectionReason = (value: string | null): RejectionReason | null =>
  value !== null && (REJECTION_REASONS as readonly string[]).includes(value) ? (value as RejectionReason) : null;

const asLocale = (value: string): Locale => (isLocale(value) ? value : "pt-BR");

const asNationality = (value: string, estrangeiro: boolean): Nationality =>
  (NATIONALITIES as readonly string[]).includes(value) ? (value as Nationality) : estrangeiro ? "BR" : "PY";
