import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  CUSTOMERS_PAGE_SIZE,
  type CustomerDetail,
  type CustomerRow,
  type CustomersQuerySchema,
  type DocumentReview,
} from "#contract/api/admin/customers.ts";
import type { DocumentState, RejectionReason } from "#contract/api/accounts.ts";
import { getCurrency } from "#contract/currencies.ts";
import { queryRows, type Db } from "#db/client.ts";
import { CUSTOMER_SEARCH } from "#db/schema/customers.ts";

type Query = z.output<typeof CustomersQuerySchema>;

/** The orders the detail lists (newest first); the count says how many there are in all. */
const ORDERS_SHOWN = 50;

/** `%` and `_` typed in a search are letters, not patterns. */
const likeText = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters: a part of the name, e-mail or document number (any accents, any case), or the document's digits and letters whole. */
function filterOf(query: Query): SQL {
  const where: SQL[] = [sql`true`];
  if (query.q) {
    const part = sql`${CUSTOMER_SEARCH} LIKE '%' || lower(f_unaccent(${likeText(query.q)})) || '%' ESCAPE '\\'`;
    const compact = query.q.replace(/[^0-9A-Za-z]/g, "");
    where.push(compact.length > 0 ? sql`(${part} OR regexp_replace(coalesce(documento, ''), '[^0-9A-Za-z]', '', 'g') = ${compact})` : part);
  }
  if (query.nacionalidade) where.push(sql`nacionalidade = ${query.nacionalidade}`);
  if (query.estrangeiro) where.push(query.estrangeiro === "sim" ? sql`estrangeiro` : sql`NOT estrangeiro`);
  if (query.documento_status) where.push(sql`documento_status = ${query.documento_status}`);
  return sql.join(where, sql` AND `);
}

interface ListRow {
  id: number;
  nome: string;
  sobrenome: string;
  email: string;
  email_verified_at: Date | string | null;
  nacionalidade: string;
  estrangeiro: boolean;
  documento_tipo: string;
  documento: string | null;
  documento_status: DocumentState;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A page of customers, newest first (clientes_recentes_idx; the search through clientes_busca_trgm_idx). */
export async function listCustomers(db: Db, query: Query): Promise<{ data: CustomerRow[]; page: number; per_page: number; has_more: boolean }> {
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT id, nome, sobrenome, email, email_verified_at, nacionalidade, estrangeiro, documento_tipo, documento,
          documento_status, created_at
        FROM clientes WHERE ${filterOf(query)}
        ORDER BY created_at DESC, id DESC
        LIMIT ${CUSTOMERS_PAGE_SIZE + 1} OFFSET ${(query.page - 1) * CUSTOMERS_PAGE_SIZE}`,
  );
  return {
    data: rows.slice(0, CUSTOMERS_PAGE_SIZE).map((r) => ({
      id: r.id,
      nome: `${r.nome} ${r.sobrenome}`,
      email: r.email,
      email_confirmado: r.email_verified_at !== null,
      nacionalidade: r.nacionalidade,
      estrangeiro: r.estrangeiro,
      documento_tipo: r.documento_tipo,
      documento: r.documento,
      documento_status: r.documento_status,
      created_at: iso(r.created_at),
    })),
    page: query.page,
    per_page: CUSTOMERS_PAGE_SIZE,
    has_more: rows.length > CUSTOMERS_PAGE_SIZE,
  };
}

export interface CustomerRecord {
  id: number;
  uuid: string;
  nome: string;
  sobrenome: string;
  email: string;
  email_verified_at: Date | string | null;
  telefone: string;
  nacionalidade: string;
  estrangeiro: boolean;
  documento_tipo: string;
  documento: string | null;
  identidade: string | null;
  razao_social: string | null;
  lang: string;
  created_at: Date | string;
  ultimo_login: Date | string | null;
  documento_status: DocumentState;
  documento_motivo: RejectionReason | null;
  documento_nota: string | null;
  documento_revisado_em: Date | string | null;
  revisor: string | null;
}

/** A customer's own columns, with the name of the member who reviewed their document. */
export async function customerRecord(db: Db, id: number): Promise<CustomerRecord | undefined> {
  const [row] = await queryRows<CustomerRecord>(
    db,
    sql`SELECT c.id, c.uuid, c.nome, c.sobrenome, c.email, c.email_verified_at, c.telefone, c.nacionalidade, c.estrangeiro,
          c.documento_tipo, c.documento, c.identidade, c.razao_social, c.lang, c.created_at,
          coalesce(c.data_login_atual, c.data_ultimo_login) AS ultimo_login,
          c.documento_status, c.documento_motivo, c.documento_nota, c.documento_revisado_em, f.nome AS revisor
        FROM clientes c LEFT JOIN funcionarios f ON f.id = c.documento_revisado_por
        WHERE c.id = ${id}`,
  );
  return row;
}

export const reviewOf = (
  row: Pick<CustomerRecord, "documento_status" | "documento_motivo" | "documento_nota" | "documento_revisado_em" | "revisor">,
): DocumentReview => ({
  status: row.documento_status,
  motivo: row.documento_motivo,
  nota: row.documento_nota,
  revisado_por: row.revisor,
  revisado_em: isoOrNull(row.documento_revisado_em),
});

export interface StoredDocument {
  id: number;
  lado: "frente" | "verso";
  storage_key: string;
  mime: string;
  tamanho: number;
  created_at: Date | string;
}

/** The customer's current document sides (the profile replaces a side's row when new images come). */
export const storedDocuments = (db: Db, customerId: number) =>
  queryRows<StoredDocument>(
    db,
    sql`SELECT id, lado, storage_key, mime, tamanho, created_at FROM cliente_documentos
        WHERE customer_id = ${customerId} AND lado IN ('frente', 'verso') ORDER BY lado, id DESC`,
  );

/** Everything of the detail but the documents' links. */
export async function customerDetail(db: Db, row: CustomerRecord): Promise<Omit<CustomerDetail, "documentos">> {
  const [enderecos, pedidos, [counts]] = await Promise.all([
    queryRows<{
      id: number;
      nome: string;
      logradouro: string;
      numero: string;
      bairro: string;
      complemento: string | null;
      cidade: string | null;
      estado: string | null;
      pais: string;
      pais_sigla: string;
      cep: string | null;
      principal: boolean;
    }>(
      db,
      sql`SELECT a.id, a.nome, a.logradouro, a.numero, a.bairro, a.complemento, coalesce(c.nome, a.cidade) AS cidade,
            e.nome AS estado, p.nome AS pais, p.sigla AS pais_sigla, a.cep, a.principal
          FROM cliente_enderecos a
          LEFT JOIN cidades c ON c.id = a.cidade_id
          LEFT JOIN estados e ON e.id = a.estado_id
          JOIN paises p ON p.id = a.pais_id
          WHERE a.customer_id = ${row.id} AND a.ativo
          ORDER BY a.principal DESC, a.id`,
    ),
    queryRows<{
      id: number;
      pedido: string;
      created_at: Date | string;
      moeda_id: number;
      valor_total: string;
      status: string;
      status_entrega: string;
    }>(
      db,
      sql`SELECT id, pedido, created_at, moeda_id, valor_total::text AS valor_total, status, status_entrega
          FROM pedidos WHERE customer_id = ${row.id} ORDER BY id DESC LIMIT ${ORDERS_SHOWN}`,
    ),
    queryRows<{ pedidos: number; favoritos: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM pedidos WHERE customer_id = ${row.id}) AS pedidos,
            (SELECT count(*)::int FROM favoritos WHERE customer_id = ${row.id}) AS favoritos`,
    ),
  ]);
  return {
    id: row.id,
    uuid: row.uuid,
    nome: row.nome,
    sobrenome: row.sobrenome,
    email: row.email,
    email_confirmado_em: isoOrNull(row.email_verified_at),
    telefone: row.telefone,
    nacionalidade: row.nacionalidade,
    estrangeiro: row.estrangeiro,
    documento_tipo: row.documento_tipo,
    documento: row.documento,
    identidade: row.identidade,
    razao_social: row.razao_social,
    lang: row.lang,
    created_at: iso(row.created_at),
    ultimo_login: isoOrNull(row.ultimo_login),
    favoritos: counts?.favoritos ?? 0,
    enderecos: enderecos.map((a) => ({
      id: a.id,
      nome: a.nome,
      linha: [`${a.logradouro}, ${a.numero}`, a.complemento, a.bairro].filter(Boolean).join(" · "),
      cidade: a.cidade,
      estado: a.estado,
      pais: a.pais,
      pais_sigla: a.pais_sigla,
      cep: a.cep,
      principal: a.principal,
    })),
    pedidos: pedidos.map((o) => ({
      id: o.id,
      pedido: o.pedido,
      created_at: iso(o.created_at),
      moeda: getCurrency(o.moeda_id)?.codigo ?? String(o.moeda_id),
      valor_total: o.valor_total,
      status: o.status,
      status_entrega: o.status_entrega,
    })),
    pedidos_total: counts?.pedidos ?? 0,
    revisao: reviewOf(row),
  };
}
