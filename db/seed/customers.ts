import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { slugify } from "#contract/text.ts";
import { queryRows } from "../client.ts";
import { BARRIOS, PEOPLE, STREETS, type Nationality } from "./data/people.ts";
import { chunks, type Executor } from "./batch.ts";
import { pickWeighted, rngFor, type Rng } from "./rng.ts";

/** The seeded buyers' e-mail domain (a reserved name: nothing is ever delivered there). */
export const SEED_CUSTOMER_DOMAIN = "clientes.loja.test";
const SALT = 0xc11e;
const PARAGUAY = 2;

/** A buyer the orders seed places orders for. */
export interface SeedCustomer {
  id: number;
  nacionalidade: Nationality;
  /** Their delivery address (Paraguayans and Argentinians), in a Paraguayan town. */
  enderecoId: number | null;
  cidadeId: number | null;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join("");

function cpf(rng: Rng): string {
  let base = digits(rng, 9);
  if (/^(\d)\1+$/.test(base)) base = "123456789";
  const check = (s: string) => {
    const sum = [...s].reduce((t, d, i) => t + Number(d) * (s.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = check(base);
  const d2 = check(base + d1);
  return `${base}${d1}${d2}`;
}

function cuit(rng: Rng): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const base = `${rng.pick(["20", "27", "23"])}${rng.int(10_000_000, 45_000_000)}`;
    const sum = weights.reduce((t, w, i) => t + w * Number(base[i]), 0);
    const digit = 11 - (sum % 11);
    if (digit === 10) continue;
    return `${base}${digit === 11 ? 0 : digit}`;
  }
}

/** Customer n of the seed: the same person whenever the seed reaches n. */
function person(n: number) {
  const rng = rngFor(n, SALT);
  const nacionalidade = pickWeighted(rng, ["BR", "PY", "AR"] as const, (k) => ({ BR: 45, PY: 45, AR: 10 })[k]);
  const names = PEOPLE[nacionalidade];
  const nome = rng.pick(names.first);
  const sobrenome = `${rng.pick(names.last)} ${rng.pick(names.last)}`;
  const email = `${slugify(nome)}.${slugify(sobrenome).replace(/-/g, ".")}.${n}@${SEED_CUSTOMER_DOMAIN}`;
  const doc =
    nacionalidade === "BR"
      ? { documento_tipo: "CPF", documento: cpf(rng) }
      : nacionalidade === "AR"
        ? { documento_tipo: "CUIT", documento: cuit(rng) }
        : { documento_tipo: "Cédula", documento: String(rng.int(1_000_000, 7_500_000)) };
  const telefone =
    nacionalidade === "BR"
      ? `+55 ${rng.pick(["11", "41", "45", "44", "21", "51"])} 9${digits(rng, 4)}-${digits(rng, 4)}`
      : nacionalidade === "AR"
        ? `+54 9 ${rng.pick(["11", "376", "3757"])} ${digits(rng, 4)}-${digits(rng, 4)}`
        : `+595 ${rng.pick(["981", "982", "983", "971", "961", "991"])} ${digits(rng, 3)} ${digits(rng, 3)}`;
  return {
    rng,
    nacionalidade,
    row: {
      nome,
      sobrenome,
      email,
      estrangeiro: nacionalidade === "BR",
      nacionalidade,
      telefone,
      ...doc,
      lang: nacionalidade === "BR" ? "pt-BR" : nacionalidade === "AR" ? "es-AR" : "es-PY",
      verified: rng.chance(0.9),
      daysAgo: rng.int(730, 1100),
    },
  };
}

/**
 * Makes sure the seed's pool holds `wanted` buyers (BR, PY and AR, with valid documents and, for the
 * Spanish side, a delivery address in a Paraguayan town), adding the missing ones, and returns the pool.
 * Nobody can sign in as them: their password is a random one nobody knows.
 */
export async function seedCustomers(db: Executor, wanted: number): Promise<SeedCustomer[]> {
  const existing = await pool(db);
  if (existing.length >= wanted) return existing;
  const passwordHash = await hash(randomBytes(24).toString("base64url"));
  const towns = await queryRows<{ id: number; estado_id: number }>(
    db,
    sql`SELECT c.id, c.estado_id FROM cidades c JOIN estados e ON e.id = c.estado_id
        WHERE e.pais_id = ${PARAGUAY} AND c.id IN (SELECT cidade_id FROM pontos_entrega UNION SELECT cidade_id FROM entrega_tarifas WHERE cidade_id IS NOT NULL)
        ORDER BY c.id`,
  );
  const fallbackTowns = towns.length
    ? towns
    : await queryRows<{ id: number; estado_id: number }>(
        db,
        sql`SELECT c.id, c.estado_id FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE e.pais_id = ${PARAGUAY} ORDER BY c.id LIMIT 50`,
      );
  const start = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM clientes WHERE email LIKE ${"%@" + SEED_CUSTOMER_DOMAIN}`);
  const from = start[0]?.n ?? 0;
  const people = Array.from({ length: wanted - existing.length }, (_, i) => person(from + i));
  for (const part of chunks(people, 1000)) {
    const rows = part.map(({ row }) => ({ ...row, password_hash: passwordHash }));
    const ids = await queryRows<{ id: number; email: string }>(
      db,
      sql`INSERT INTO clientes (nome, sobrenome, email, email_verified_at, password_hash, estrangeiro, nacionalidade, telefone, documento_tipo, documento, lang, created_at, updated_at)
          SELECT nome, sobrenome, email, CASE WHEN verified THEN now() - make_interval(days => "daysAgo") + interval '10 minutes' END,
                 password_hash, estrangeiro, nacionalidade, telefone, documento_tipo, documento, lang,
                 now() - make_interval(days => "daysAgo"), now() - make_interval(days => "daysAgo")
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(nome text, sobrenome text, email text, verified boolean, password_hash text,
               estrangeiro boolean, nacionalidade text, telefone text, documento_tipo text, documento text, lang text, "daysAgo" int)
          ON CONFLICT DO NOTHING RETURNING id, email`,
    );
    const byEmail = new Map(ids.map((r) => [r.email, r.id]));
    const addresses = fallbackTowns.length
      ? part.flatMap(({ row, rng, nacionalidade }) => {
          const id = byEmail.get(row.email);
          if (id === undefined || nacionalidade === "BR") return [];
          const town = rng.pick(fallbackTowns);
          return [
            {
              customer_id: id,
              logradouro: rng.pick(STREETS),
              numero: String(rng.int(10, 3999)),
              bairro: rng.pick(BARRIOS),
              cidade_id: town.id,
              estado_id: town.estado_id,
              daysAgo: row.daysAgo,
            },
          ];
        })
      : [];
    if (addresses.length)
      await db.execute(sql`INSERT INTO cliente_enderecos (customer_id, nome, logradouro, numero, bairro, cidade_id, estado_id, pais_id, principal, created_at)
          SELECT customer_id, 'Casa', logradouro, numero, bairro, cidade_id, estado_id, ${PARAGUAY}, true, now() - make_interval(days => "daysAgo")
          FROM json_to_recordset(${JSON.stringify(addresses)}::json) AS r(customer_id int, logradouro text, numero text, bairro text, cidade_id int, estado_id int, "daysAgo" int)`);
  }
  return pool(db);
}

async function pool(db: Executor): Promise<SeedCustomer[]> {
  const rows = await queryRows<{ id: number; nacionalidade: Nationality; endereco_id: number | null; cidade_id: number | null }>(
    db,
    sql`SELECT c.id, c.nacionalidade, a.id AS endereco_id, a.cidade_id
        FROM clientes c LEFT JOIN LATERAL (SELECT id, cidade_id FROM cliente_enderecos WHERE customer_id = c.id ORDER BY id LIMIT 1) a ON true
        WHERE c.email LIKE ${"%@" + SEED_CUSTOMER_DOMAIN} ORDER BY c.id`,
  );
  return rows.map((r) => ({ id: r.id, nacionalidade: r.nacionalidade, enderecoId: r.endereco_id, cidadeId: r.cidade_id }));
}
