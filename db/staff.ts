import { hash } from "@node-rs/argon2";
import { count, like, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "./client.ts";
import { staff } from "./schema/staff.ts";

/**
 * Staff members written from outside the back office: `npm run staff:create` and the demo staff.
 * Passwords are hashed with argon2id, as the customers' are (server/modules/accounts).
 */

export type StaffRoleName = "owner" | "manager" | "counter";

export interface StaffMemberInput {
  email: string;
  nome: string;
  papel: StaffRoleName;
  password: string;
  lang?: string;
  /** The password was printed by the shell: the member must choose another at the first login. */
  mustChange?: boolean;
}

/** Who wrote the member, as the audit log names them: `npm run staff:create` by a user of a machine, or the demo seed. */
export interface StaffWriter {
  autor: string;
  ip?: string;
}

/**
 * Creates the member, or gives an existing one (same e-mail, any case) this role and password, active
 * again and without two-factor: the shell is the way back in for an only owner who lost their phone.
 */
export async function upsertStaffMember(
  db: DbOrTx,
  input: StaffMemberInput,
  writer: StaffWriter = { autor: "sistema" },
): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hash(input.password);
  return db.transaction(async (tx) => {
    const [before] = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT email, nome, papel, ativo, trocar_senha, totp_ativo_em IS NOT NULL AS totp_ativo FROM funcionarios
          WHERE lower(email) = ${input.email.trim().toLowerCase()}`,
    );
    const row = await upsert(tx, input, passwordHash);
    // Everything the shell does is in the audit log too (decision 026): never the password.
    await tx.execute(sql`
      INSERT INTO auditoria (funcionario_id, autor, acao, entidade, entidade_id, antes, depois, ip)
      VALUES (${row.id}, ${writer.autor.slice(0, 200)}, ${row.created ? "criar" : "redefinir_acesso"}, 'funcionario', ${String(row.id)},
              ${before ? JSON.stringify(before) : null}::jsonb,
              ${JSON.stringify({ email: input.email.trim().toLowerCase(), nome: input.nome, papel: input.papel, ativo: true, trocar_senha: input.mustChange ?? false, totp_ativo: false })}::jsonb,
              ${writer.ip?.slice(0, 64) ?? null})`);
    return row;
  });
}

async function upsert(db: DbOrTx, input: StaffMemberInput, passwordHash: string): Promise<{ id: number; created: boolean }> {
  const rows = (await db.execute(sql`
    INSERT INTO funcionarios (email, nome, papel, password_hash, lang, trocar_senha)
    VALUES (${input.email.trim().toLowerCase()}, ${input.nome}, ${input.papel}, ${passwordHash}, ${input.lang ?? "pt-BR"}, ${input.mustChange ?? false})
    ON CONFLICT ((lower(email))) DO UPDATE
      SET papel = excluded.papel, password_hash = excluded.password_hash, trocar_senha = excluded.trocar_senha,
          ativo = true, totp_secret = NULL, totp_ativo_em = NULL, totp_ultimo_passo = NULL, totp_recuperacao = '{}',
          updated_at = now()
    RETURNING id, (xmax = 0) AS created`)) as unknown as { rows: { id: number; created: boolean }[] };
  const row = rows.rows[0]!;
  // A password set from the shell ends the member's sessions: whoever held one must log in again.
  if (!row.created) await db.execute(sql`UPDATE sessoes_funcionarios SET revoked_at = now() WHERE funcionario_id = ${row.id} AND revoked_at IS NULL`);
  return row;
}

/** The demo shop's staff, one per role (README "Back office"); never in production. */
export const DEMO_STAFF_DOMAIN = "demo.loja.test";
export const DEMO_STAFF: readonly StaffMemberInput[] = [
  { email: `dono@${DEMO_STAFF_DOMAIN}`, nome: "Dono da Loja", papel: "owner", password: "Dono#Demo2026" },
  { email: `gerente@${DEMO_STAFF_DOMAIN}`, nome: "Gerente", papel: "manager", password: "Gerente#Demo2026" },
  { email: `balcao@${DEMO_STAFF_DOMAIN}`, nome: "Balcão", papel: "counter", password: "Balcao#Demo2026", lang: "es-PY" },
];

/** Whether an e-mail and password are a demo member's as the README publishes them. */
export function isPublishedDemoLogin(email: string, password: string): boolean {
  const address = email.trim().toLowerCase();
  return DEMO_STAFF.some((member) => member.email === address && member.password === password);
}

/** Adds the demo staff to a store that has no staff at all; answers whether it did. */
export async function addDemoStaffIfNone(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staff);
  if ((row?.n ?? 0) > 0) return false;
  for (const member of DEMO_STAFF) await upsertStaffMember(db, member);
  return true;
}

/** How many demo staff members the store holds: a production start refuses to run with any. */
export async function countDemoStaff(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(like(sql`lower(${staff.email})`, `%@${DEMO_STAFF_DOMAIN}`));
  return row?.n ?? 0;
}
