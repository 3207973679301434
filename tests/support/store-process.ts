import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The real server (server/main.ts) in a process of its own, on 127.0.0.1:`port` and a fresh embedded
 * database seeded with demo data, serving the storefront built in `buildDir`; `env` adds or overrides
 * settings. Resolves once /healthz answers; `close` stops it and removes its data.
 */
export async function startStore(options: {
  port: number;
  buildDir: string;
  env?: Record<string, string>;
  /** Started as `npm start` starts it, with the tracing preload (on when `env` names an OTLP endpoint). */
  tracing?: boolean;
  /** Collects what the process prints (its JSON log lines) instead of passing it through. */
  lines?: string[];
}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
  // The browser and the tests reach the server on loopback as a proxy would, each browser context naming
  // its own visitor address (tests/support/browser.ts): per-address limits count each visitor apart.
  const preload = options.tracing ? ["--import", "./server/observability/tracing-preload.ts"] : [];
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", ...preload, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: options.buildDir,
      SEED_PRODUCTS: "200",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      TRUST_PROXY: "loopback",
      ...options.env,
    },
    stdio: options.lines ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  if (options.lines) {
    const lines = options.lines;
    let partial = "";
    const collect = (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop()!;
      lines.push(...parts);
    };
    server.stdout!.on("data", collect);
    server.stderr!.on("data", collect);
  }
  const url = `http://127.0.0.1:${options.port}`;
  const close = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`server exited with ${server.exitCode}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error("server did not start in time");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, close };
}
