import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { enableMetrics, type StoreMetrics } from "./metrics.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * What store_build_info says: STORE_VERSION and STORE_COMMIT when the image sets them (docs/operations.md),
 * else package.json's version and the checkout's commit.
 */
export function buildInfo(env: NodeJS.ProcessEnv = process.env): { version: string; commit: string } {
  let version = env.STORE_VERSION;
  if (!version) {
    try {
      version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string }).version;
    } catch {
      version = undefined;
    }
  }
  let commit = env.STORE_COMMIT;
  if (!commit) {
    try {
      commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"], timeout: 2000 })
        .toString()
        .trim();
    } catch {
      commit = undefined;
    }
  }
  return { version: version || "dev", commit: commit || "unknown" };
}

/** Turns the metrics on and serves them on their own listener (main.ts, when METRICS_PORT is set). */
export async function startMetrics({ port, host }: { port: number; host: string }) {
  return serveMetrics(enableMetrics(buildInfo()), port, host);
}

/**
 * The metrics' own listener (METRICS_PORT): GET /metrics in Prometheus's text format, 404 for anything else.
 * It is a separate server, so the public listener (and the load balancer in front of it) never serves them.
 */
export async function serveMetrics(metrics: StoreMetrics, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?", 1)[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "content-type": metrics.registry.contentType });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${(err as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  // Scrapes must not keep a stopping process alive.
  server.unref();
  return { server, port: (server.address() as AddressInfo).port };
}
