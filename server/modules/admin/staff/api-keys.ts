import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiKey, ApiKeyCreateBodySchema, ApiKeyScope } from "#contract/api/admin/imports.ts";
import type { Db } from "#db/client.ts";
import { apiKeys, staff } from "#db/schema/staff.ts";
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
  expira_em: r.expira_em?.toISOString() ?? null,
  enderecos: r.enderecos,
  autor: r.autor,
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

/** Whether an address is one a key lists (an IP, or a CIDR range); IPv4 written as IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function addressAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const plain = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain) === 6 ? "ipv6" : "ipv4";
  if (isIP(plain) === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [net, bits] = entry.split("/");
    const type = isIP(net!) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(bits), type);
  }
  return list.check(plain, family);
}

/** Why a key that exists does not open the door. */
export type KeyRefusal = "invalid" | "expired" | "address";

/**
 * API keys for the shop's own systems (docs/decisions/020, 024): the owner creates one and sees it once;
 * only its sha256 is kept. A key opens the operations whose map entry names its scope, nothing else, and
 * only until it expires, from its allowed addresses, and while the member who created it is active.
 */
export function createApiKeys(db: Db) {
  async function create(actor: Actor, body: z.output<typeof ApiKeyCreateBodySchema>): Promise<{ data: ApiKey; chave: string }> {
    const prefixo = randomBytes(6).toString("hex");
    const chave = `sk_${prefixo}_${randomBytes(24).toString("base64url")}`;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          nome: body.nome,
          prefixo,
          hash: sha256(chave),
          escopo: body.escopo,
          expira_em: body.expira_em ? new Date(`${body.expira_em}T23:59:59.999-03:00`) : null,
          enderecos: [...new Set(body.enderecos)],
          funcionario_id: actor.staffId,
          autor: actor.email,
        })
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

  /**
   * The live key a bearer token names, sent from `ip`; or why not: a malformed, unknown or revoked key,
   * or one whose creator is no longer an active member ("invalid"), past its expiry, or from an address it does not list.
   */
  async function resolve(token: string, ip: string): Promise<ResolvedKey | KeyRefusal> {
    if (!KEY_PATTERN.test(token)) return "invalid";
    const [found] = await db
      .select({ key: apiKeys, ativo: staff.ativo })
      .from(apiKeys)
      .leftJoin(staff, eq(staff.id, apiKeys.funcionario_id))
      .where(and(eq(apiKeys.hash, sha256(token)), isNull(apiKeys.revoked_at)))
      .limit(1);
    if (!found || found.ativo !== true) return "invalid";
    const row = found.key;
    if (row.expira_em && row.expira_em.getTime() < Date.now()) return "expired";
    if (!addressAllowed(row.enderecos, ip)) return "address";
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
