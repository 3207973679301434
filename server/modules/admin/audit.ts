import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { AuditEntry, AuditQuerySchema } from "#contract/api/admin/staff.ts";
import { AUDIT_PAGE_SIZE } from "#contract/api/admin/staff.ts";
import type { Db, DbOrTx } from "#db/client.ts";
import { auditLog } from "#db/schema/staff.ts";

/** Who made a back-office write, as the audit log keeps it. */
export interface Actor {
  staffId: number;
  email: string;
  ip: string;
  /** The browser's User-Agent, as sent (cut to 300 characters). */
  userAgent?: string;
}

/** An API key of the shop's own systems (the import): no member; the log names the key. */
export interface KeyActor {
  staffId: null;
  apiKeyId: number;
  /** What the key may write (docs/decisions/024). */
  escopo: "preco_estoque" | "catalogo";
  email: string;
  ip: string;
  userAgent?: string;
}

/**
 * Someone the log names only by what they typed: a login with an unknown e-mail, or a refusal before
 * any session (decision 026). `email` is the e-mail as typed, never a password.
 */
export interface Visitor {
  staffId: null;
  email: string;
  ip: string;
  userAgent?: string;
}

export interface AuditRecord {
  acao: string;
  entidade: string;
  entidade_id?: string | number | null;
  antes?: unknown;
  depois?: unknown;
}

/** Columns never written to the log: a password's hash, a secret, a token. */
const SECRET = /hash|secret|senha|password|token/i;

function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

/**
 * Records one write in the audit log, on the write's own transaction: no write goes unrecorded, and no
 * record describes a write that rolled back (docs/decisions/020). An event that writes nothing else (a
 * login, a logout, a refusal) is recorded with `db` itself, after the fact; a failure to record it fails
 * the request, as any database failure does, rather than letting it through unlogged (decision 026).
 */
export async function audited(tx: DbOrTx, actor: Actor | KeyActor | Visitor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    funcionario_id: actor.staffId,
    autor: actor.email.slice(0, 200),
    acao: record.acao,
    entidade: record.entidade,
    entidade_id: record.entidade_id === undefined || record.entidade_id === null ? null : String(record.entidade_id),
    antes: scrub(record.antes),
    depois: scrub(record.depois),
    ip: actor.ip.slice(0, 64),
    user_agent: actor.userAgent?.slice(0, 300) || null,
  });
}

/** The shop's time zone: a day of the filter is a day in Ciudad del Este. */
const SHOP_TIME_ZONE = "America/Asuncion";

/** A page of the log, newest first, filtered by member, entity, action and days. */
export async function readAudit(db: Db, query: z.output<typeof AuditQuerySchema>): Promise<{ data: AuditEntry[]; has_more: boolean }> {
  const where: SQL[] = [];
  if (query.funcionario_id) where.push(eq(auditLog.funcionario_id, query.funcionario_id));
  if (query.entidade) where.push(eq(auditLog.entidade, query.entidade));
  if (query.acao) where.push(eq(auditLog.acao, query.acao));
  if (query.de) where.push(gte(auditLog.created_at, sql`(${query.de}::date)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}`));
  if (query.ate) where.push(lt(auditLog.created_at, sql`(${query.ate}::date + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}`));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return {
    data: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    has_more: rows.length > AUDIT_PAGE_SIZE,
  };
}
