import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { load, startBenchServer, stopBenchServer, type Load, type Target } from "./server.ts";
import { freePort } from "../tests/support/free-port.ts";

/**
 * What the Prometheus metrics cost (docs/operations.md): two servers on copies of the same data, one with
 * METRICS_PORT unset and one with it set and scraped every few seconds, both running at once; each target
 * loads them in turns of `duration` seconds (off then on, then on then off …), so the noise of a shared
 * machine falls on both alike. Reported as the throughput ratio, on / off, and as the CPU time each server
 * spent per request (read from /proc), which other processes' load disturbs much less than throughput.
 *
 *   npm run bench -- --metrics --products 20000 --duration 10 --rounds 3
 *   npm run bench -- --metrics --aa …          # A/A: metrics off on both servers, to see the method's own bias
 *   npm run bench -- --metrics --only "cache,API" --no-inject …   # the targets whose name holds a text; no app.inject part
 */

/** The CPU time a process has used, in milliseconds (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime: fields 14 and 15 of the line, 12 and 13 after "pid (name) ".
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's busy CPU time over all its cores, in milliseconds (the first line of /proc/stat). */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

interface Slice extends Load {
  /** Milliseconds of the server's CPU per request answered. */
  cpuPerRequest: number;
}

/** Prometheus scrapes every 15 s by default; a scrape every 5 s counts its cost three times over. */
const SCRAPE_EVERY_MS = 5000;

export interface MetricsCostOptions {
  dataDir: string;
  connections: number;
  duration: number;
  rounds: number;
  /** A/A: the second server (on the copy) with metrics off too; any difference is the method's. */
  aa?: boolean;
  /** Only the targets whose name holds this text (or one of these, split by commas). */
  only?: string;
  /** Leave out the in-process (app.inject) measurement. */
  inject?: boolean;
}

export async function runMetricsCost(options: MetricsCostOptions) {
  const { dataDir, connections, duration, rounds, aa = false, only, inject = true } = options;
  // The embedded database belongs to one process: the second server gets a copy (without the first's lock).
  const copy = `${dataDir}-metrics`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dataDir, copy, { recursive: true, filter: (source) => path.basename(source) !== "store.lock" });
  const metricsPort = await freePort();
  const off = await startBenchServer({ DATA_DIR: dataDir });
  const on = await startBenchServer({ DATA_DIR: copy, ...(aa ? {} : { METRICS_PORT: String(metricsPort) }) });
  let scrapes = 0;
  const scraper = setInterval(() => {
    void fetch(`http://127.0.0.1:${metricsPort}/metrics`)
      .then((r) => r.text())
      .then(
        () => scrapes++,
        () => {},
      );
  }, SCRAPE_EVERY_MS);
  const rows: string[] = [];
  let targets: Target[] = [];
  try {
    targets = (await targetsOf(off.base)).filter((t) => only === undefined || only.split(",").some((part) => t.name.includes(part)));
    for (const t of targets) {
      const side = { off: [] as Slice[], on: [] as Slice[] };
      for (const server of [off, on]) await load(server.base, t.paths, connections, Math.max(2, Math.round(duration / 2))); // warm-up
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
        for (const which of order) {
          const server = which === "off" ? off : on;
          const cpuBefore = cpuMs(server.proc.pid!);
          const clientBefore = process.cpuUsage();
          const machineBefore = machineBusyMs();
          const otherBefore = cpuMs((which === "off" ? on : off).proc.pid!);
          const loaded = await load(server.base, t.paths, connections, duration);
          const requests = Math.max(1, loaded.rps * duration);
          const r = { ...loaded, cpuPerRequest: (cpuMs(server.proc.pid!) - cpuBefore) / requests };
          const client = process.cpuUsage(clientBefore);
          const clientMs = (client.user + client.system) / 1000;
          // What the rest of the machine used meanwhile (the idle server, other processes), in cores.
          const elsewhere = (machineBusyMs() - machineBefore - r.cpuPerRequest * requests - clientMs) / (duration * 1000);
          const idleServer = (cpuMs((which === "off" ? on : off).proc.pid!) - otherBefore) / (duration * 1000);
          side[which].push(r);
          console.log(
            `${t.name}, round ${round + 1}, metrics ${which}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.cpuPerRequest.toFixed(3)} ms CPU a request (the load's ${(clientMs / requests).toFixed(3)}; elsewhere ${elsewhere.toFixed(2)} cores, of which the idle server ${idleServer.toFixed(2)}), errors ${r.errors}`,
          );
        }
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const offRps = mean(side.off.map((r) => r.rps));
      const onRps = mean(side.on.map((r) => r.rps));
      const perRound = side.on.map((r, i) => `${((1 - r.rps / side.off[i]!.rps) * 100).toFixed(1)}`).join(", ");
      // CPU per request over all the rounds of each side: total CPU / total requests.
      const cpu = (slices: Slice[]) =>
        slices.reduce((n, r) => n + r.cpuPerRequest * r.rps * duration, 0) /
        Math.max(
          1,
          slices.reduce((n, r) => n + r.rps * duration, 0),
        );
      const [cpuOff, cpuOn] = [cpu(side.off), cpu(side.on)];
      rows.push(
        `| ${t.name} | ${Math.round(offRps)} | ${Math.round(onRps)} | ${((1 - onRps / offRps) * 100).toFixed(1)} % (${perRound}) | ${cpuOff.toFixed(3)} | ${cpuOn.toFixed(3)} | ${((cpuOn / cpuOff - 1) * 100).toFixed(1)} % | ${mean(side.off.map((r) => r.p99)).toFixed(0)} | ${mean(side.on.map((r) => r.p99)).toFixed(0)} | ${[...side.off, ...side.on].reduce((n, r) => n + r.errors, 0)} |`,
      );
    }
    if (!aa) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      if (!/store_http_request_duration_seconds_count\{kind=/.test(text)) throw new Error("the metrics server counted no request");
    }
  } finally {
    clearInterval(scraper);
    await Promise.all([stopBenchServer(off), stopBenchServer(on)]);
    rmSync(copy, { recursive: true, force: true });
  }
  const inProcess = inject ? measureInProcess(dataDir, targets, rounds, aa) : "";
  const table = [
    `${aa ? "A/A: metrics off on both servers (the second's column headed 'on')" : "Metrics off and on"}, two servers at once on copies of one catalogue, loaded in turns of ${duration} s (${rounds} each, alternating which goes first), ${connections} connections, the one with metrics scraped every ${SCRAPE_EVERY_MS / 1000} s (${scrapes} scrapes).`,
    "",
    "| target | req/s off | req/s on | throughput cost (each round) | CPU ms a request, off | on | CPU cost | p99 ms off | p99 ms on | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    inProcess,
  ].join("\n");
  console.log(`\n${table}`);
  return table;
}

/** Requests per target and side in the in-process measurement. */
const IN_PROCESS_REQUESTS = 2000;

/**
 * The same targets through app.inject in a process of their own (bench/metrics-inject.ts), metrics off and
 * on in turns, `rounds` each: the CPU time per request, which the machine's other load barely moves.
 */
function measureInProcess(dataDir: string, targets: Target[], rounds: number, aa: boolean): string {
  const listed = targets.filter((t): t is Target & { paths: string[] } => Array.isArray(t.paths));
  const args = listed.map((t) => `${t.name}=${t.paths.join(" ")}`);
  const sides = { off: [] as Record<string, number>[], on: [] as Record<string, number>[] };
  for (let round = 0; round < rounds * 2; round++) {
    const side = round % 4 === 1 || round % 4 === 2 ? "on" : "off";
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "bench/metrics-inject.ts", aa ? "off" : side, dataDir, String(IN_PROCESS_REQUESTS), ...args],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const result = JSON.parse(out.trim().split("\n").pop()!) as Record<string, number>;
    sides[side].push(result);
    console.log(`in process, metrics ${side}: ${JSON.stringify(result)}`);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return [
    `In process (app.inject, ${IN_PROCESS_REQUESTS} requests a target, ${rounds} processes a side in turns), the CPU time per request:`,
    "",
    "| target | CPU ms a request, off | on | CPU cost (each pair) |",
    "| --- | ---: | ---: | ---: |",
    ...listed.map((t) => {
      const off = sides.off.map((r) => r[t.name]!);
      const on = sides.on.map((r) => r[t.name]!);
      const pairs = on.map((x, i) => ((x / off[i]! - 1) * 100).toFixed(1)).join(", ");
      return `| ${t.name} | ${mean(off).toFixed(3)} | ${mean(on).toFixed(3)} | ${((mean(on) / mean(off) - 1) * 100).toFixed(1)} % (${pairs}) |`;
    }),
  ].join("\n");
}

/** The product page (from the page cache, and rendered every request) and the product list (the API and its page). */
async function targetsOf(base: string): Promise<Target[]> {
  const sample = (await (await fetch(`${base}/api/public/products?per_page=50&order_by=id&order=asc`)).json()) as {
    data: { slug: string; categoria: { id: number } | null }[];
  };
  const slugs = sample.data.map((p) => p.slug);
  const categories = [...new Set(sample.data.map((p) => p.categoria?.id).filter(Boolean))];
  let n = 0;
  return [
    { name: "product page (SSR, page cache)", paths: slugs.map((s) => `/produto/${s}`) },
    { name: "product page (SSR, rendered every request)", paths: () => `/produto/${slugs[n % slugs.length]}?bench=${(n++).toString(36)}` },
    {
      name: "product list (API)",
      paths: categories.flatMap((c, i) => [
        `/api/public/products?category_id=${c}&page=${(i % 5) + 1}&per_page=20&moeda_id=2&order_by=tem_estoque,id&order=desc,desc`,
        `/api/public/products?page=${i + 1}&per_page=20&moeda_id=3&order_by=tem_estoque,valor_venda&order=desc,asc`,
      ]),
    },
    { name: "product list page (SSR)", paths: Array.from({ length: 20 }, (_, i) => `/produtos?page=${i + 1}`) },
  ];
}
