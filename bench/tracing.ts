/**
 * `npm run bench -- --tracing`: what OpenTelemetry tracing costs (docs/tracing.md). The same catalogue on
 * the embedded database, served by three processes one after the other, each measured on the same targets:
 *
 *   - "no preload": `node --import tsx server/main.ts`, as before tracing existed;
 *   - "tracing off": with the tracing preload, as `npm start` and the image start, no OTLP endpoint set;
 *   - "tracing on, 100 %": the preload with OTEL_EXPORTER_OTLP_ENDPOINT naming a local OTLP/HTTP sink in this
 *     process (protobuf, the default encoding) and OTEL_TRACES_SAMPLER=always_on: every request traced and sent.
 *
 *   npm run bench -- --tracing                                   # 100,000 products, 32 connections, 10 s
 *   npm run bench -- --tracing --products 20000 --duration 5
 *
 * The machines are shared and noisy: the three processes run side by side and take short turns at each
 * target, round after round (--rounds, 5 by default); each cell is the median of its turns. Beside the
 * throughput, which the machine's other load moves, each turn counts the server's CPU time per answer,
 * which it moves much less.
 *
 *   npm run bench -- --tracing --products 20000 --duration 3 --rounds 7
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { load, startBenchServer, stopBenchServer, type BenchServer, type Load, type Target } from "./server.ts";

export interface TracingBenchOptions {
  products: number;
  connections: number;
  duration: number;
  dataDir: string;
  /** Turns each setting takes at each target. */
  rounds: number;
  write: boolean;
}

const PRELOAD = ["--import", "./server/observability/tracing-preload.ts"];

/** An OTLP/HTTP receiver that takes every export and keeps only its count and size. */
async function startSink() {
  const seen = { exports: 0, bytes: 0 };
  const server = createServer((req, res) => {
    req.on("data", (c: Buffer) => (seen.bytes += c.length));
    req.on("end", () => {
      seen.exports += 1;
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Setting {
  name: string;
  nodeArgs: string[];
  env: Record<string, string>;
}

export async function runTracingBench(options: TracingBenchOptions): Promise<void> {
  const { products, connections, duration, dataDir, rounds } = options;
  console.log(`Preparing ${products.toLocaleString("en")} products in ${dataDir} …`);
  execFileSync(process.execPath, ["--import", "tsx", "db/seed/cli.ts", "--products", String(products)], {
    stdio: "inherit",
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const sink = await startSink();
  const settings: Setting[] = [
    { name: "no preload", nodeArgs: [], env: {} },
    { name: "tracing off", nodeArgs: PRELOAD, env: {} },
    {
      name: "tracing on, 100 %",
      nodeArgs: PRELOAD,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: "always_on", OTEL_SERVICE_NAME: "loja-ferramentas-bench" },
    },
  ];
  // The three side by side, each with a copy of the catalogue (the embedded database belongs to one process).
  const servers: BenchServer[] = [];
  for (const [i, setting] of settings.entries()) {
    const own = `${dataDir}-${i}`;
    rmSync(own, { recursive: true, force: true });
    cpSync(dataDir, own, { recursive: true });
    // A cached page stays fresh through the run: no background render falls into another target's turns.
    servers.push(await startBenchServer({ DATA_DIR: own, PAGE_CACHE_FRESH_SECONDS: "300", ...setting.env }, setting.nodeArgs));
  }
  const base = servers[0]!.base;
  const sample = (await (await fetch(`${base}/api/public/products?per_page=50&order_by=id&order=asc`)).json()) as {
    data: { slug: string; categoria: { id: number } | null }[];
  };
  const slugs = sample.data.map((p) => p.slug);
  const categories = [...new Set(sample.data.map((p) => p.categoria?.id).filter(Boolean))];
  const staticFile = "/assets/" + readdirSync("build/client/assets").find((f) => f.endsWith(".css"))!;
  let n = 0;
  const targets: Target[] = [
    { name: "static file (baseline)", paths: [staticFile] },
    {
      name: "product list (API)",
      paths: categories.map((c, i) => `/api/public/products?category_id=${c}&page=${(i % 5) + 1}&per_page=20&moeda_id=2`),
    },
    { name: "product page (SSR), page cache", paths: slugs.map((s) => `/produto/${s}`) },
    // A query nobody asked before: the page cache misses and the page, with its in-process API calls, is rendered.
    {
      name: "product page (SSR), rendered every request",
      paths: () => {
        n += 1;
        return `/produto/${slugs[n % slugs.length]}?bench=${n.toString(36)}`;
      },
    },
  ];

  // Short turns, the three taking turns round after round, each starting the round in its turn: whatever
  // else the machine does falls on all three alike. A cell is the median of its rounds.
  const runs = new Map<string, Turn[]>();
  for (const target of targets) {
    for (const server of servers) await load(server.base, target.paths, connections, Math.min(duration, 3)); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < settings.length; k++) {
        const i = (round + k) % settings.length;
        const cpuBefore = cpuMs(servers[i]!);
        const load_ = await load(servers[i]!.base, target.paths, connections, duration);
        const run: Turn = { ...load_, cpuPerRequest: (cpuMs(servers[i]!) - cpuBefore) / Math.max(1, load_.rps * duration) };
        const key = `${settings[i]!.name}|${target.name}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
      }
    }
    const line = settings
      .map((s) => {
        const turns = runs.get(`${s.name}|${target.name}`)!;
        return `${s.name} ${Math.round(median(turns, "rps").rps)} req/s ${median(turns, "cpuPerRequest").cpuPerRequest.toFixed(2)} ms CPU`;
      })
      .join(", ");
    console.log(`${target.name}: ${line} (medians of ${rounds})`);
  }
  for (const server of servers) await stopBenchServer(server);
  for (const i of settings.keys()) rmSync(`${dataDir}-${i}`, { recursive: true, force: true });
  await sink.close();

  const cell = (setting: string, target: string, by: "rps" | "cpuPerRequest") => median(runs.get(`${setting}|${target}`)!, by);
  const rows = targets.map(({ name: target }) => {
    const rps = (name: string) => cell(name, target, "rps").rps;
    const cpu = (name: string) => cell(name, target, "cpuPerRequest").cpuPerRequest;
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const cost = (name: string) => `${pct(1 - rps(name) / rps("no preload"))}, CPU ${pct(cpu(name) / cpu("no preload") - 1)}`;
    return `| ${target} | ${settings.map((s) => `${Math.round(rps(s.name))} · ${cpu(s.name).toFixed(2)}`).join(" | ")} | ${cost("tracing off")} | ${cost("tracing on, 100 %")} |`;
  });
  const summary = `${products.toLocaleString("en")} products, embedded PGlite, ${connections} connections, ${rounds} rounds of ${duration} s per target and setting (median), ${new Date().toISOString().slice(0, 10)}; ${sink.seen.exports} OTLP exports (${(sink.seen.bytes / 1e6).toFixed(1)} MB) received from the traced process.

Each setting: req/s · CPU ms per request (the server process's user + system time over its turn, divided by its answers).

| target | no preload | tracing off | tracing on, 100 % | cost off: throughput, CPU | cost on: throughput, CPU |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`;
  console.log("\n" + summary);
  if (options.write) writeFileSync("docs/benchmarks.latest-tracing.md", summary);
}

/** One turn: the load, and the server's CPU time per answer meanwhile. */
interface Turn extends Load {
  cpuPerRequest: number;
}

/** The turn that is the median by `by`. */
function median(turns: Turn[], by: "rps" | "cpuPerRequest"): Turn {
  return [...turns].sort((a, b) => a[by] - b[by])[Math.floor(turns.length / 2)]!;
}

const CLOCK_TICKS_PER_MS = 100 / 1000;

/** The process's user + system CPU time so far, in ms (Linux /proc; the kernel counts 100 ticks a second). */
function cpuMs(server: BenchServer): number {
  const stat = readFileSync(`/proc/${server.proc.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command's name: utime and stime are the 12th and 13th fields.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
}
