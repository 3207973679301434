import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { LoginResponse } from "#contract/api/accounts.ts";
import { queryRows, type Db } from "#db/client.ts";
import { files as fx, multipart, type FixtureFile } from "./fixtures.ts";

/** Helpers for the customer-API tests: calls through inject, demo customers, the dev outbox. */

export interface ApiError {
  message: string;
  errors?: Record<string, string[]>;
}

export interface Reply<T> {
  status: number;
  body: T;
  raw: Buffer;
  headers: Record<string, unknown>;
}

let ipCount = 0;
/** A fresh client address, so the per-IP limits of one test never bleed into another. */
export const nextIp = () => {
  ipCount += 1;
  return `10.${(ipCount >> 16) & 255}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
};

export interface CallOptions {
  body?: unknown;
  form?: { payload: Buffer; headers: { "content-type": string } };
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** One API call; no request of these suites may ever answer a 5xx. */
export async function call<T = ApiError>(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.form) headers["content-type"] = options.form.headers["content-type"];
  const res = await app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? nextIp(),
    ...(options.form ? { payload: options.form.payload } : options.body !== undefined ? { payload: options.body as object } : {}),
  });
  expect(res.statusCode, `${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const json = (res.headers["content-type"] ?? "").toString().includes("json");
  return { status: res.statusCode, body: (json ? res.json() : undefined) as T, raw: res.rawPayload, headers: res.headers };
}

export const uniqueEmail = (prefix = "cliente") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = "Ferramenta#2024";

/** São Paulo (IBGE 3550308) through the same call the registration form makes. */
export async function saoPaulo(app: FastifyInstance) {
  const res = await call<{ id: number; nome: string; estado: { id: number; pais_id: number } }>(app, "POST", "/ecom/endereco/cidade-por-codigo", {
    body: { pais_id: 1, codigo: "3550308" },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Ciudad del Este (Alto Paraná) and its department, looked up in the seeded geography. */
export async function ciudadDelEste(db: Db) {
  const [row] = await queryRows<{ id: number; estado_id: number }>(
    db,
    sql`SELECT c.id, c.estado_id FROM cidades c JOIN estados e ON e.id = c.estado_id
        WHERE e.pais_id = 2 AND lower(c.nome) = 'ciudad del este' LIMIT 1`,
  );
  expect(row, "the seed has Ciudad del Este").toBeDefined();
  return row!;
}

export type Fields = Record<string, string | number | undefined>;

/** Every field of the Brazil flow (estrangeiro '1'), valid. */
export async function brazilFields(app: FastifyInstance, overrides: Fields = {}): Promise<Fields> {
  const city = await saoPaulo(app);
  const email = uniqueEmail("br");
  return {
    nome: "João",
    sobrenome: "da Silva",
    email,
    email_confirmation: email.toUpperCase(),
    estrangeiro: "1",
    telefone: "+55 (11) 98765-4321",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    cep: "01310-100",
    logradouro: "Avenida Paulista",
    numero: "1578",
    bairro: "Bela Vista",
    documento_tipo: "CPF",
    documento: "529.982.247-25",
    identidade: "12.345.678-9",
    identidade_complemento: "SSP/SP",
    pais_id: 1,
    pais: "Brasil",
    estado_id: city.estado.id,
    cidade_id: city.id,
    ...overrides,
  };
}

/** Every field of the Paraguay flow (estrangeiro '0'), valid. */
export async function paraguayFields(db: Db, overrides: Fields = {}): Promise<Fields> {
  const city = await ciudadDelEste(db);
  const email = uniqueEmail("py");
  return {
    nome: "María",
    sobrenome: "Benítez",
    email,
    email_confirmation: email,
    estrangeiro: "0",
    telefone: "+595 983 123 456",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    logradouro: "Avenida San Blas",
    numero: "1234",
    bairro: "Área 1",
    documento_tipo: "RUC",
    documento: "80009735-1",
    identidade: "4567890",
    razao_social: "Ferretería Benítez S.A.",
    como_chegar: "Frente al shopping, portón verde",
    pais_id: 2,
    pais: "Paraguai",
    estado_id: city.estado_id,
    cidade_id: city.id,
    ...overrides,
  };
}

/** Every field of an Argentinian in the Spanish flow (estrangeiro '0', CUIT), with an address in Misiones. */
export function argentinaFields(overrides: Fields = {}): Fields {
  const email = uniqueEmail("ar");
  return {
    nome: "Lucía",
    sobrenome: "Fernández",
    email,
    email_confirmation: email,
    estrangeiro: "0",
    nacionalidade: "AR",
    telefone: "+54 9 376 412 3456",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    cep: "N3300",
    logradouro: "Avenida Mitre",
    numero: "1850",
    bairro: "Centro",
    documento_tipo: "CUIT",
    documento: "20-17254359-7",
    identidade: "17254359",
    pais_id: 3,
    estado_id: 59,
    cidade: "Posadas",
    lang: "es-AR",
    ...overrides,
  };
}

export const documentFiles = () => ({ frente: fx.png(), verso: fx.pdf() });

export async function register(
  app: FastifyInstance,
  fields: Fields,
  fileParts: Record<string, FixtureFile | undefined> = documentFiles(),
  ip?: string,
) {
  return call<ApiError & { id?: number }>(app, "POST", "/ecom/cliente/cadastrar", {
    form: await multipart(fields, fileParts),
    ip,
  });
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD, ip?: string) {
  return call<LoginResponse & ApiError>(app, "POST", "/ecom/login", { body: { email, password }, ip });
}

/** A registered, logged-in customer of either flow. */
export async function newCustomer(app: FastifyInstance, db: Db, kind: "br" | "py" | "ar" = "py", overrides: Fields = {}) {
  const fields =
    kind === "br" ? await brazilFields(app, overrides) : kind === "ar" ? argentinaFields(overrides) : await paraguayFields(db, overrides);
  const reg = await register(app, fields);
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const res = await login(app, String(fields.email));
  expect(res.status).toBe(200);
  return { email: String(fields.email), password: String(fields.password), token: res.body.token, user: res.body.user, fields };
}

export interface OutboxMail {
  id: number;
  para: string;
  assunto: string;
  html: string;
  texto: string;
}

/** Messages the store wrote to one address, newest first. */
export async function mailsTo(app: FastifyInstance, email: string): Promise<OutboxMail[]> {
  // The outbox answers only to the machine itself.
  const res = await call<{ data: OutboxMail[] }>(app, "GET", "/dev/mail.json", { ip: "127.0.0.1" });
  return res.body.data.filter((m) => m.para.toLowerCase() === email.toLowerCase());
}

/** The uuid and token of the newest link of a kind sent to an address, and the link itself. */
export async function lastLink(app: FastifyInstance, email: string, kind: "confirmation-email" | "reset-password") {
  const mail = (await mailsTo(app, email)).find((m) => m.texto.includes(`/app/${kind}/`));
  expect(mail, `a ${kind} e-mail to ${email}`).toBeDefined();
  const link = new RegExp(`(\\S+)/app/${kind}/([0-9a-f-]{36})/([\\w-]+)(\\S*)`).exec(mail!.texto)!;
  return { mail: mail!, origin: link[1]!, uuid: link[2]!, token: link[3]!, href: link[0]! };
}

/** Every file under a folder (recursively), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full).map((f) => path.join(name, f)) : [name];
  });
}
