import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import type { DeliveryOption } from "#contract/api/cart.ts";
import { queryRows, type Db } from "#db/client.ts";
import { PASSWORD, uniqueEmail } from "../support/customers.ts";
import { cartBody } from "../support/shop.ts";
import type { MultiEnv } from "./global-setup.ts";
import { freePort } from "../support/free-port.ts";

/** Real server processes over one PostgreSQL and one Redis, and HTTP calls to them. */

export interface ServerProcess {
  name: string;
  url: string;
  proc: ChildProcess;
  /** Every line the process printed (JSON log lines among them). */
  lines: string[];
  exited: Promise<number | null>;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * `node --import tsx server/main.ts`, API only, started and ready (GET /readyz answers 200). `extra`
 * overrides its environment (DATABASE_URL and REDIS_URL through a fault proxy, NODE_ENV=production …).
 */
export async function startServer(
  env: Extract<MultiEnv, { available: true }>,
  name: string,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = path.join(env.dataRoot, name);
  mkdirSync(dataDir, { recursive: true });
  const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_PRODUCTS: "60",
      // Every process sweeps expired reservations each second here (30 s by default); one at a time does the work.
      RESERVATION_SWEEP_SECONDS: "1",
      API_ONLY: "1",
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A short drain window (5 s by default) keeps the suite quick; restarts.test.ts sets its own.
      SHUTDOWN_DRAIN_SECONDS: "1",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
  };
  proc.stdout!.on("data", collect);
  proc.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const server = { name, url: `http://127.0.0.1:${port}`, proc, lines, exited };

  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`${name} exited while starting:\n${lines.slice(-30).join("\n")}`);
    if (Date.now() > deadline) throw new Error(`${name} not ready in time:\n${lines.slice(-30).join("\n")}`);
    const ready = await fetch(`${server.url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill(signal);
  return server.exited;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** The client address the load balancer reports (X-Forwarded-For; the servers trust it). */
  ip?: string;
  requestId?: string;
}

let ipCount = 0;
/** A client address of its own, so one test's per-IP limits do not meet another's. */
export const clientIp = () => {
  ipCount += 1;
  return `10.${100 + ((ipCount >> 16) & 127)}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
};

export async function api<T = { message?: string }>(
  server: ServerProcess,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? clientIp() };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.requestId) headers["x-request-id"] = options.requestId;
  const res = await fetch(server.url + url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").includes("json");
  return { status: res.status, body: (json && text ? JSON.parse(text) : text) as T, headers: res.headers };
}

let sharedHash: Promise<string> | undefined;

/** Resident customers written straight to the database (one argon2 hash for all); they log in through the API. */
export async function residents(db: Db, n: number): Promise<string[]> {
  const passwordHash = await (sharedHash ??= hash(PASSWORD));
  const [city] = await queryRows<{ id: number; estado_id: number }>(
    db,
    sql`SELECT c.id, c.estado_id FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE e.pais_id = 2 AND lower(c.nome) = 'ciudad del este' LIMIT 1`,
  );
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = uniqueEmail(`multi${i}`);
    const [c] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO clientes (nome, sobrenome, email, password_hash, estrangeiro, telefone, documento_tipo, documento, identidade, lang)
          VALUES ('Cliente', ${`Multi ${i}`}, ${email}, ${passwordHash}, false, '+595 983 000 000', 'RUC', '80009735-1', '1234567', 'es-PY')
          RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO cliente_enderecos (customer_id, nome, logradouro, numero, bairro, cidade, cidade_id, estado_id, pais_id, principal)
          VALUES (${c!.id}, 'Casa', 'Avenida San Blas', '10', 'Centro', 'Ciudad del Este', ${city!.id}, ${city!.estado_id}, 2, true)`,
    );
    emails.push(email);
  }
  return emails;
}

export async function loginVia(server: ServerProcess, email: string, ip = clientIp()) {
  const res = await api<{ token: string; user: { id: number; enderecos: { cidade_id: number }[] } }>(server, "POST", "/ecom/login", {
    body: { email, password: PASSWORD },
    ip,
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface ReadyCheckout {
  externalId: string;
  token: string;
  ip: string;
  body: { token_entrega: string; valor_frete: string; entrega_servico_id: number | null };
}

/** A customer's cart of one line, quoted for store pickup through `server`: what iniciar-checkout needs. */
export async function readyCheckout(server: ServerProcess, email: string, produtoId: number): Promise<ReadyCheckout> {
  const ip = clientIp();
  const session = await loginVia(server, email, ip);
  const cart = await api<{ data: { id: number; external_id: string } }>(server, "POST", "/ecom/venda/carrinho", {
    body: cartBody([{ produto_id: produtoId, qtde: 1 }]),
    token: session.token,
    ip,
  });
  if (cart.status !== 200) throw new Error(`cart answered ${cart.status}: ${JSON.stringify(cart.body)}`);
  const { id, external_id } = cart.body.data;
  const quote = await api<{ data: DeliveryOption[] }>(server, "PUT", `/ecom/venda/carrinho/${external_id}/calcular-frete`, {
    body: { id, external_id, filial_id: 1, pais_id: 2, cidade_id: session.user.enderecos[0]!.cidade_id },
    token: session.token,
    ip,
  });
  if (quote.status !== 200) throw new Error(`calcular-frete answered ${quote.status}: ${JSON.stringify(quote.body)}`);
  const pickup = quote.body.data.find((o) => o.entrega_servico_id === null)!;
  return {
    externalId: external_id,
    token: session.token,
    ip,
    body: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: pickup.entrega_servico_id },
  };
}

export function checkoutVia(server: ServerProcess, ready: ReadyCheckout, requestId?: string) {
  return api<{ pedido: { id: number; external_id: string; pedido: string }; message?: string }>(
    server,
    "POST",
    `/ecom/venda/carrinho/${ready.externalId}/iniciar-checkout`,
    { body: ready.body, token: ready.token, ip: ready.ip, requestId },
  );
}

/** The JSON log lines of a process. */
export function logRecords(server: ServerProcess): Record<string, unknown>[] {
  return server.lines.flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}
