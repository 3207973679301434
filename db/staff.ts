import { hash } from "@node-rs/argon2";
import { count, like, sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";
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

/**
 * Creates the member, or gives an existing one (same e-mail, any case) this role and password, active
 * again and without two-factor: the shell is the way back in for an only owner who lost their phone.
 */
export async function upsertStaffMember(db: DbOrTx, input: StaffMemberInput): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hash(input.password);
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
