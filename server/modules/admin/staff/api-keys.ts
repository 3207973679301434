import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiKey, ApiKeyScope } from "#contract/api/admin/imports.ts";
import type { Db } from "#db/client.ts";
import { apiKeys } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import { sha256 } from "../../../lib/tokens.ts";
import { audited, type Actor } from "../audit.ts";

/** `sk_<12 hex>_<32 base64url>`: a visible prefix to tell keys apart, and 192 random bits. */
const KEY_PATTERN = /^sk_([0-9a-f]{12})_[A-Za-z0-9_-]{32}$/;
/** "Last used" is written at most once a minute a key. */
const TOUCH_EVERY_MS = 60_000;

export interface ResolvedKey {
  id: number;
  nome: string;
  prefixo: string;
  escopo: ApiKeyScope;
}

type Row = typeof apiKeys.$inferSelect;

const asKey = (r: Row): ApiKey => ({
  id: r.id,
  nome: r.nome,
  prefixo: r.prefixo,
  escopo: r.escopo as ApiKeyScope,
  autor: r.autor,
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

/**
 * API keys for the shop's own systems (docs/decisions/020): the owner creates one and sees it once;
 * only its sha256 is kept. A key opens the operations whose map entry names its scope, nothing else.
 */
export function createApiKeys(db: Db) {
  async function create(actor: Actor, nome: string): Promise<{ data: ApiKey; chave: string }> {
    const prefixo = randomBytes(6).toString("hex");
    const chave = `sk_${prefixo}_${randomBytes(24).toString("base64url")}`;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({ nome, prefixo, hash: sha256(chave), escopo: "import", funcionario_id: actor.staffId, autor: actor.email })
        .returning();
      const data = asKey(row!);
      await audited(tx, actor, { acao: "criar", entidade: "chave_api", entidade_id: data.id, depois: data });
      return { data, chave };
    });
  }

  async function list(): Promise<ApiKey[]> {
    const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
    return rows.map(asKey);
  }

  async function revoke(actor: Actor, id: number): Promise<ApiKey> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update");
      if (!before) throw new HttpError(404, "not_found");
      if (before.revoked_at) return asKey(before);
      const [after] = await tx.update(apiKeys).set({ revoked_at: new Date() }).where(eq(apiKeys.id, id)).returning();
      await audited(tx, actor, { acao: "revogar", entidade: "chave_api", entidade_id: id, antes: asKey(before), depois: asKey(after!) });
      return asKey(after!);
    });
  }

  /** The live key a bearer token names, or null (a malformed, unknown or revoked key). */
  async function resolve(token: string): Promise<ResolvedKey | null> {
    if (!KEY_PATTERN.test(token)) return null;
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, sha256(token)), isNull(apiKeys.revoked_at)))
      .limit(1);
    if (!row) return null;
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
      await db
        .update(apiKeys)
        .set({ last_used_at: sql`now()` })
        .where(eq(apiKeys.id, row.id));
    }
    return { id: row.id, nome: row.nome, prefixo: row.prefixo, escopo: row.escopo as ApiKeyScope };
  }

  return { create, list, revoke, resolve };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
