import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { freePort } from "../tests/support/free-port.ts";

/** A production server process of the store for the bench, and load against it. */

export interface BenchServer {
  base: string;
  proc: ChildProcess;
  exited: Promise<unknown>;
}

// Production refuses the development secrets; every server of one run shares these, as a deployment would.
// TEST_SHOP=1: the benches check out through the sandbox gateway, which production otherwise refuses.
const SECRETS = { APP_SECRET: randomBytes(32).toString("hex"), SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString("hex") };

/** The environment of a bench's production server answering at `base`. */
export function benchServerEnv(base: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...SECRETS,
    NODE_ENV: "production",
    TEST_SHOP: "1",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    RATE_LIMITS: "0",
    // The dashboard's figures worked out on every request: the bench measures its queries, not its memo.
    DASHBOARD_FRESH_MS: "0",
  };
}

/**
 * `node <args>` on the servers' CPUs: BENCH_SERVER_CPUS is taskset's list (e.g. "1"), away from the load's.
 * Also bench/metrics-cost.ts's one-process part.
 */
export function spawnOnServerCpus(args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions): { proc: ChildProcess; exited: Promise<unknown> } {
  const command = [process.execPath, ...args];
  const cpus = process.env.BENCH_SERVER_CPUS;
  const [file, ...rest] = cpus ? ["taskset", "-c", cpus, ...command] : command;
  const proc = spawn(file!, rest, { env, stdio });
  return { proc, exited: new Promise((resolve) => proc.once("exit", resolve)) };
}

/** `node --import tsx server/main.ts` with NODE_ENV=production and `env`, once GET /readyz answers 200; `imports` go after tsx's. */
export async function startBenchServer(env: Record<string, string>, imports: string[] = []): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof to see where a target spends its time).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const { proc, exited } = spawnOnServerCpus(
    [...nodeArgs, "--import", "tsx", ...imports, "server/main.ts"],
    { ...benchServerEnv(base), PORT: String(port), ...env },
    ["ignore", "inherit", "inherit"],
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const server = { base, proc, exited };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (gone) throw new Error(`server on port ${port} exited while starting`);
    if (Date.now() > deadline) {
      await stopBenchServer(server);
      throw new Error(`server on port ${port} not ready in time`);
    }
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopBenchServer(server: BenchServer): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill("SIGTERM");
  const timer = setTimeout(() => server.proc.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** A thing to measure: its name and the paths requested round-robin, or a function giving each request's path. */
export interface Target {
  name: string;
  paths: string[] | (() => string);
  /** Sent with every request (a back-office session's cookie). */
  headers?: Record<string, string>;
  /** Connections for this target, when not the run's (the back office has a handful of staff, not crowds). */
  connections?: number;
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Requests autocannon gave up on (10 s without an answer). */
  timeouts: number;
  /** Failed connections and answers other than 2xx, timeouts left out. */
  errors: number;
}

/** autocannon on `base` for `duration` seconds, walking `paths` round-robin or asking it for every request. */
export async function load(
  base: string,
  paths: Target["paths"],
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
): Promise<Load> {
  let i = 0;
  const next = typeof paths === "function" ? paths : () => paths[i++ % paths.length]!;
  const run = await autocannon({
    url: base,
    connections,
    duration,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  return {
    rps: run.requests.average,
    p50: run.latency.p50,
    p99: run.latency.p99,
    timeouts: run.timeouts,
    errors: run.errors - run.timeouts + run.non2xx,
  };
}

/** The four pages Lighthouse and the phone bench load: home, product list, a product in stock and a search. */
export async function demoPages(base: string): Promise<{ name: string; path: string }[]> {
  const sample = (await (await fetch(`${base}/api/public/products?per_page=1&tem_estoque=1`)).json()) as { data: { slug: string }[] };
  return [
    { name: "home", path: "/" },
    { name: "product list", path: "/produtos" },
    { name: "product page", path: `/produto/${sample.data[0]!.slug}` },
    { name: "search", path: "/produtos?text=furadeira" },
  ];
}
