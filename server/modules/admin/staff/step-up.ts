import { verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { REAUTH_REQUIRED, REAUTH_WINDOW_MS } from "#contract/api/admin/staff.ts";
import type { Db } from "#db/client.ts";
import { staff as staffTable, staffSessions } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { LoginGuard } from "../../../lib/login-guard.ts";
import { audited, type Actor } from "../audit.ts";
import type { CodeCheck } from "./totp.ts";

type StaffRow = typeof staffTable.$inferSelect;

/**
 * Step-up (decision 026): before a sensitive operation the member proves again that it is them, with the
 * password and, when they use two-factor, a current code. The proof is counted by the login's guard (a
 * borrowed session guesses no faster than a login could) and a refusal never says which of the two was
 * wrong. A proof opens a window of REAUTH_WINDOW_MS on the session; the login opens it too.
 */
export function createStepUp({
  db,
  guard,
  acceptCode,
}: {
  db: Db;
  guard: LoginGuard;
  acceptCode: (row: StaffRow, typed: string) => Promise<CodeCheck>;
}) {
  /** Throws the one refusal unless `password` is the member's and, with two-factor on, `code` is a current one. */
  async function prove(actor: Actor, row: StaffRow, password: string, code: string | undefined): Promise<void> {
    const attempt = await guard.admit(row.email, { ip: actor.ip }, undefined);
    const passwordRight = await verify(row.password_hash, password);
    // The code is only spent when the password was right: a typo in the password does not cost the code.
    const codeRight = !passwordRight || !row.totp_ativo_em ? passwordRight : (await acceptCode(row, code ?? "")) === "ok";
    if (!passwordRight || !codeRight) {
      await audited(db, actor, {
        acao: "reautenticar_falhou",
        entidade: "funcionario",
        entidade_id: row.id,
        depois: { motivo: passwordRight ? "codigo" : "senha" },
      });
      throw new HttpError(422, "reauth_failed");
    }
    await attempt.succeeded();
  }

  /** The proof, then the window opened on this session; answers when the window closes. */
  async function reauthenticate(actor: Actor, sessionId: number, password: string, code: string | undefined): Promise<Date> {
    const [row] = await db.select().from(staffTable).where(eq(staffTable.id, actor.staffId)).limit(1);
    if (!row) throw new HttpError(404, "not_found");
    await prove(actor, row, password, code);
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx.update(staffSessions).set({ reautenticado_em: now }).where(eq(staffSessions.id, sessionId));
      await audited(tx, actor, { acao: "reautenticar", entidade: "funcionario", entidade_id: row.id });
    });
    return new Date(now.getTime() + REAUTH_WINDOW_MS);
  }

  return { prove, reauthenticate };
}

/** A route's guard: the request's session proved its member within the window, or a 403 the back office answers with the dialog. */
export function requireRecentAuth(request: FastifyRequest): void {
  const at = request.staff?.reauthAt;
  if (!at || Date.now() - at.getTime() > REAUTH_WINDOW_MS) {
    throw new HttpError(403, "reauth_required", { data: { code: REAUTH_REQUIRED } });
  }
}
