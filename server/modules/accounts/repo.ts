import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Address } from "#contract/api/accounts.ts";
import { queryRows, type Db } from "#db/client.ts";
import { authTokens, customerDocuments, customers, sessions } from "#db/schema/index.ts";

export type CustomerRow = typeof customers.$inferSelect;
export type TokenKind = "confirmar_email" | "redefinir_senha";

export const findCustomerByEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`)
      .limit(1)
  )[0];

export const findCustomerById = async (db: Db, id: number) => (await db.select().from(customers).where(eq(customers.id, id)).limit(1))[0];

export const findCustomerByUuid = async (db: Db, uuid: string) => (await db.select().from(customers).where(eq(customers.uuid, uuid)).limit(1))[0];

export async function createSession(db: Db, customerId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ customer_id: customerId, token_hash: tokenHash, expires_at: expiresAt });
  // "Último acesso" is the login before this one: the latest moves back as this one takes its place.
  await db
    .update(customers)
    .set({ data_ultimo_login: sql`${customers.data_login_atual}`, data_login_atual: new Date() })
    .where(eq(customers.id, customerId));
}

export const revokeSession = (db: Db, sessionId: number) => db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));

/** Ends every session of a customer except, optionally, the one making the change. */
export async function revokeSessions(db: Db, customerId: number, keepSessionId?: number) {
  await db.execute(sql`UPDATE sessoes SET revoked_at = now()
    WHERE customer_id = ${customerId} AND revoked_at IS NULL ${keepSessionId ? sql`AND id <> ${keepSessionId}` : sql``}`);
}

/** A new single-use token; earlier unused ones of the same kind stop working. */
export async function issueToken(db: Db, customerId: number, kind: TokenKind, tokenHash: string, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ used_at: new Date() })
      .where(and(eq(authTokens.customer_id, customerId), eq(authTokens.tipo, kind), isNull(authTokens.used_at)));
    await tx.insert(authTokens).values({ customer_id: customerId, tipo: kind, token_hash: tokenHash, expires_at: expiresAt });
  });
}

/** Marks a live token used and answers whether it was; a second use finds nothing. */
export async function consumeToken(db: Db, customerId: number, kind: TokenKind, tokenHash: string): Promise<boolean> {
  const used = await db
    .update(authTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(authTokens.customer_id, customerId),
        eq(authTokens.tipo, kind),
        eq(authTokens.token_hash, tokenHash),
        isNull(authTokens.used_at),
        gt(authTokens.expires_at, new Date()),
      ),
    )
    .returning({ id: authTokens.id });
  return used.length > 0;
}

export async function listAddresses(db: Db, customerId: number): Promise<Address[]> {
  return queryRows<Address>(
    db,
    sql`SELECT a.id, a.nome, a.cep, a.logradouro, a.numero, a.bairro, coalesce(c.nome, a.cidade) AS cidade,
          a.cidade_id, a.estado_id, e.nome AS estado, a.pais_id, p.nome AS pais, a.complemento, a.como_chegar,
          a.ativo, a.principal
        FROM cliente_enderecos a
        LEFT JOIN cidades c ON c.id = a.cidade_id
        LEFT JOIN estados e ON e.id = a.estado_id
        JOIN paises p ON p.id = a.pais_id
        WHERE a.customer_id = ${customerId} AND a.ativo
        ORDER BY a.principal DESC, a.id`,
  );
}

export async function documentSides(db: Db, customerId: number) {
  const rows = await db.select({ lado: customerDocuments.lado }).from(customerDocuments).where(eq(customerDocuments.customer_id, customerId));
  return { frente: rows.some((r) => r.lado === "frente"), verso: rows.some((r) => r.lado === "verso") };
}

export async function latestDocument(db: Db, customerId: number, lado: string) {
  const [row] = await db
    .select()
    .from(customerDocuments)
    .where(and(eq(customerDocuments.customer_id, customerId), eq(customerDocuments.lado, lado)))
    .orderBy(desc(customerDocuments.id))
    .limit(1);
  return row;
}

export async function cityWithState(db: Db, cityId: number) {
  const [row] = await queryRows<{ id: number; nome: string; estado_id: number; estado_nome: string; sigla: string | null; pais_id: number }>(
    db,
    sql`SELECT c.id, c.nome, e.id AS estado_id, e.nome AS estado_nome, e.sigla, e.pais_id
        FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE c.id = ${cityId}`,
  );
  return row;
}

export async function stateOf(db: Db, stateId: number) {
  const [row] = await queryRows<{ id: number; nome: string; pais_id: number }>(db, sql`SELECT id, nome, pais_id FROM estados WHERE id = ${stateId}`);
  return row;
}

export async function cityByCode(db: Db, paisId: number, codigo: string) {
  const [row] = await queryRows<{ id: number; nome: string; estado_id: number; estado_nome: string; sigla: string | null; pais_id: number }>(
    db,
    sql`SELECT c.id, c.nome, e.id AS estado_id, e.nome AS estado_nome, e.sigla, e.pais_id
        FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE c.codigo = ${codigo} AND e.pais_id = ${paisId}
        LIMIT 1`,
  );
  return row;
}

export { customerDocuments, customers };
