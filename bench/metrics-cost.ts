import { execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { benchServerEnv, load, spawnOnServerCpus, startBenchServer, stopBenchServer, type BenchServer, type Load } from "./server.ts";
import { hasWrk, wrkLoad } from "./wrk.ts";
import { freePort } from "../tests/support/free-port.ts";

/**
 * What the Prometheus metrics cost (docs/operations.md): servers on copies of the same data, half with
 * METRICS_PORT unset and half with it set and scraped every few seconds, all running at once; each target
 * loads them in turns of `duration` seconds (off then on, then on then off …), so the noise of a shared
 * machine falls on both alike. Each turn begins with `lead` seconds of load that are not counted: a server
 * that has been idle answers slowly for its first second or two. With two CPUs or more, the load runs on
 * the first and the servers on the others (taskset), so that the load generator and the server measured
 * do not take turns on one CPU. Reported as the throughput ratio, on / off, and as the CPU time each server
 * spent per request (read from /proc), which other processes' load disturbs much less than throughput.
 *
 *   npm run bench -- --metrics --data data-metrics --products 20000 --orders 0 --duration 3 --rounds 3 --processes 4
 *   npm run bench -- --metrics --aa …          # A/A: metrics off on both servers, to see the method's own bias
 *   npm run bench -- --metrics --only "cache,API" --pairs 0 …   # the targets whose name holds a text; no one-process part
 *   npm run bench -- --metrics --processes 0 --pairs 3 …          # only the one-process part (bench/metrics-pair.ts)
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
  /**
   * Processes holding a pair of apps, one without metrics and one with them (bench/metrics-pair.ts), loaded
   * in turns after the servers a side (2 unless given; 0 leaves that part out).
   */
  pairs?: number;
  /** Seconds of load at the start of each turn that are not counted (1 unless given). */
  lead?: number;
  /**
   * Servers a side (3 unless given). Two processes of the same code on copies of the same data differ by
   * 10 % or more in CPU per request, and each keeps its difference through a run: one process a side
   * measures that difference as much as the metrics'.
   */
  processes?: number;
}

/** A target of this bench: its paths walked round-robin; `unique`: each request's path made new (`bench=<n>`). */
interface CostTarget {
  name: string;
  paths: string[];
  unique?: boolean;
}

/** With two CPUs or more: this process (the load) on CPU 0, the servers it starts on the rest. */
function pinToCpus(): string {
  const cpus = availableParallelism();
  if (cpus < 2 || process.env.BENCH_SERVER_CPUS) return process.env.BENCH_SERVER_CPUS ?? "any CPU";
  try {
    execFileSync("taskset", ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  } catch {
    return "any CPU (taskset is missing)";
  }
  process.env.BENCH_SERVER_CPUS = cpus === 2 ? "1" : `1-${cpus - 1}`;
  return `CPU ${process.env.BENCH_SERVER_CPUS}, the load on CPU 0`;
}

export async function runMetricsCost(options: MetricsCostOptions) {
  const { dataDir, connections, duration, rounds, aa = false, only, pairs = 2, lead = 1, processes = 3 } = options;
  const pinned = pinToCpus();
  // The embedded database belongs to one process: each server gets a copy (without the first's lock).
  const copies = Array.from({ length: processes * 2 }, (_, i) => `${dataDir}-metrics-${i}`);
  const metricsPorts: number[] = [];
  const servers = { off: [] as BenchServer[], on: [] as BenchServer[] };
  let scrapes = 0;
  const scraper = setInterval(() => {
    for (const port of metricsPorts)
      void fetch(`http://127.0.0.1:${port}/metrics`)
        .then((r) => r.text())
        .then(
          () => scrapes++,
          () => {},
        );
  }, SCRAPE_EVERY_MS);
  const rows: string[] = [];
  let targets: CostTarget[] = [];
  // wrk when installed: autocannon's own CPU per request exceeds a cached page's, so on two CPUs it, not the server, sets the pace.
  const withWrk = hasWrk();
  const loadCpus = process.env.BENCH_SERVER_CPUS ? "0" : undefined;
  const send = (base: string, t: CostTarget, seconds: number) => {
    if (withWrk) return wrkLoad(base, t.paths, connections, seconds, { unique: t.unique, cpus: loadCpus });
    let n = 0;
    const paths = t.unique ? () => `${t.paths[n % t.paths.length]}?bench=${(n++).toString(36)}` : t.paths;
    return load(base, paths, connections, seconds);
  };
  try {
    // Started in turns, off then on: no side is always the first started or the last.
    for (const [i, copy] of copies.entries()) {
      rmSync(copy, { recursive: true, force: true });
      cpSync(dataDir, copy, { recursive: true, filter: (source) => path.basename(source) !== "store.lock" });
      const which = i % 2 === 0 ? "off" : "on";
      const env: Record<string, string> = { DATA_DIR: copy };
      if (which === "on" && !aa) {
        const port = await freePort();
        metricsPorts.push(port);
        env.METRICS_PORT = String(port);
      }
      servers[which].push(await startBenchServer(env));
    }
    const all = [...servers.off, ...servers.on];
    if (all.length > 0) targets = chosen(await targetsOf(servers.off[0]!.base), only);
    for (const t of targets) {
      const side = { off: [] as Slice[], on: [] as Slice[] };
      for (const server of all) await send(server.base, t, Math.max(2, Math.round(duration / 2))); // warm-up
      for (let round = 0; round < rounds; round++) {
        for (let p = 0; p < processes; p++) {
          const order = (round + p) % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
          for (const which of order) {
            const server = servers[which][p]!;
            await send(server.base, t, lead);
            const cpuBefore = cpuMs(server.proc.pid!);
            const machineBefore = machineBusyMs();
            const loaded = await send(server.base, t, duration);
            const requests = Math.max(1, loaded.rps * duration);
            const r = { ...loaded, cpuPerRequest: (cpuMs(server.proc.pid!) - cpuBefore) / requests };
            // What the rest of the machine used meanwhile (the load, the idle servers, other processes), in cores.
            const elsewhere = (machineBusyMs() - machineBefore - r.cpuPerRequest * requests) / (duration * 1000);
            side[which].push(r);
            console.log(
              `${t.name}, round ${round + 1}, process ${p + 1}, metrics ${which}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.cpuPerRequest.toFixed(3)} ms CPU a request (elsewhere ${elsewhere.toFixed(2)} cores), errors ${r.errors}`,
            );
          }
        }
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const offRps = mean(side.off.map((r) => r.rps));
      const onRps = mean(side.on.map((r) => r.rps));
      // Each pair was loaded one after the other: its ratio is the least disturbed by the machine's drift.
      const costs = side.on.map((r, i) => (1 - r.rps / side.off[i]!.rps) * 100);
      const sorted = [...costs].sort((x, y) => x - y);
      const median = (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
      // Each process's own mean over the rounds: the processes differ among themselves more than the rounds do.
      const perProcess = Array.from({ length: processes }, (_, p) => {
        const of = (slices: Slice[]) => mean(slices.filter((_, i) => i % processes === p).map((r) => r.rps));
        return `${((1 - of(side.on) / of(side.off)) * 100).toFixed(1)}`;
      }).join(", ");
      // CPU per request over all the rounds of each side: total CPU / total requests.
      const cpu = (slices: Slice[]) =>
        slices.reduce((n, r) => n + r.cpuPerRequest * r.rps * duration, 0) /
        Math.max(
          1,
          slices.reduce((n, r) => n + r.rps * duration, 0),
        );
      const [cpuOff, cpuOn] = [cpu(side.off), cpu(side.on)];
      rows.push(
        `| ${t.name} | ${Math.round(offRps)} | ${Math.round(onRps)} | ${((1 - onRps / offRps) * 100).toFixed(1)} % | ${perProcess} | ${median.toFixed(1)} % | ${cpuOff.toFixed(3)} | ${cpuOn.toFixed(3)} | ${((cpuOn / cpuOff - 1) * 100).toFixed(1)} % | ${mean(side.off.map((r) => r.p99)).toFixed(0)} | ${mean(side.on.map((r) => r.p99)).toFixed(0)} | ${[...side.off, ...side.on].reduce((n, r) => n + r.errors, 0)} |`,
      );
    }
    if (!aa && metricsPorts.length > 0) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPorts[0]}/metrics`)).text();
      if (!/store_http_request_duration_seconds_count\{kind=/.test(text)) throw new Error("the metrics server counted no request");
    }
  } finally {
    clearInterval(scraper);
    await Promise.all([...servers.off, ...servers.on].map(stopBenchServer));
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  }
  const onePerProcess = pairs > 0 ? await measurePairs({ dataDir, targets, only, pairs, rounds: rounds * 3, duration, lead, aa, send }) : "";
  const apart =
    processes > 0
      ? [
          `${aa ? "A/A: metrics off on both servers (the second's column headed 'on')" : "Metrics off and on"}, the load from ${withWrk ? "wrk (one thread)" : "autocannon"}, ${processes} servers a side at once on copies of one catalogue, each loaded in turns of ${duration} s after ${lead} s uncounted (${rounds} rounds, each process of one side beside one of the other, alternating which goes first), ${connections} connections, the servers on ${pinned}, those with metrics scraped every ${SCRAPE_EVERY_MS / 1000} s (${scrapes} scrapes).`,
          "",
          "| target | req/s off | req/s on | throughput cost | each pair of processes | median of the turns' pairs | CPU ms a request, off | on | CPU cost | p99 ms off | p99 ms on | errors |",
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
          ...rows,
          "",
        ]
      : [];
  const table = [...apart, onePerProcess].join("\n");
  console.log(`\n${table}`);
  return table;
}

/** The targets whose name holds `only` (or one of its comma-separated parts); all without it. */
const chosen = (targets: CostTarget[], only: string | undefined) =>
  targets.filter((t) => only === undefined || only.split(",").some((part) => t.name.includes(part)));

interface PairProcess {
  proc: ChildProcess;
  bases: { off: string; on: string };
  metricsPort?: number;
  /** Tells the process which app is loaded next (the metrics switched on or off), once it has switched. */
  turn(side: "off" | "on"): Promise<void>;
  stop(): Promise<void>;
}

/** bench/metrics-pair.ts on a copy of the data, on the servers' CPUs, once both its apps listen. */
async function startPair(copy: string, aa: boolean): Promise<PairProcess> {
  const { proc, exited } = spawnOnServerCpus(
    ["--import", "tsx", "bench/metrics-pair.ts", copy, aa ? "aa" : "on"],
    benchServerEnv("http://127.0.0.1"),
    ["ignore", "inherit", "inherit", "ipc"],
  );
  const ready = await new Promise<{ off: string; on: string; metricsPort?: number }>((resolve, reject) => {
    proc.once("message", (m) => resolve(m as { off: string; on: string; metricsPort?: number }));
    void exited.then(() => reject(new Error("bench/metrics-pair.ts exited while starting")));
  });
  return {
    proc,
    bases: { off: ready.off, on: ready.on },
    metricsPort: ready.metricsPort,
    turn: (side) =>
      new Promise((resolve) => {
        proc.once("message", () => resolve());
        proc.send({ side });
      }),
    stop: () => stopBenchServer({ base: "", proc, exited }),
  };
}

/** Student's t at 97.5 % for `df` degrees of freedom, for a 95 % interval. */
function t975(df: number): number {
  const table = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13];
  return df <= table.length ? table[Math.max(1, df) - 1]! : df < 30 ? 2.08 : 2.0;
}

/** One pair of turns: the logarithm of on / off of a figure, and which side went first. */
interface PairOfTurns {
  ln: number;
  onFirst: boolean;
}

/**
 * The effect of the metrics on a figure from pairs of turns, as a crossover trial reads it: the side loaded
 * second in a pair does better or worse for its place alone (a second of rest for the other app, the
 * machine's own rhythm), and the turns alternate which side goes first, so the mean of the two groups' means
 * is the metrics' effect with the place's cancelled, and the spread within each group gives its 95 % interval.
 * Returns the ratio on / off and its interval, and the place's own effect.
 */
function crossover(pairs: PairOfTurns[]): { ratio: number; low: number; high: number; place: number } {
  const groups = [pairs.filter((p) => p.onFirst).map((p) => p.ln), pairs.filter((p) => !p.onFirst).map((p) => p.ln)];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = (xs: number[]) => (xs.length < 2 ? Number.NaN : xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
  const [first, second] = groups as [number[], number[]];
  const effect = (mean(first) + mean(second)) / 2;
  const half = (t975(first.length + second.length - 2) * Math.sqrt(variance(first) / first.length + variance(second) / second.length)) / 2;
  return { ratio: Math.exp(effect), low: Math.exp(effect - half), high: Math.exp(effect + half), place: (mean(second) - mean(first)) / 2 };
}

/**
 * The one-process part: `pairs` processes one after the other, each holding an app without metrics and one
 * with them (bench/metrics-pair.ts); each target loads the two apps of a process in turns (alternating which
 * goes first), `rounds` pairs of turns a process, the metrics scraped every 5 s of the metered app's load.
 * The processes' own differences are outside each pair of turns (crossover, above).
 */
async function measurePairs(options: {
  dataDir: string;
  targets: CostTarget[];
  only: string | undefined;
  pairs: number;
  rounds: number;
  duration: number;
  lead: number;
  aa: boolean;
  send: (base: string, t: CostTarget, seconds: number) => Promise<Load>;
}): Promise<string> {
  const { dataDir, only, pairs, rounds, duration, lead, aa, send } = options;
  let targets = options.targets;
  const results = new Map<string, { off: Slice[]; on: Slice[]; rps: PairOfTurns[]; cpu: PairOfTurns[] }>();
  let scrapes = 0;
  for (let p = 0; p < pairs; p++) {
    const copy = `${dataDir}-metrics-pair`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(dataDir, copy, { recursive: true, filter: (source) => path.basename(source) !== "store.lock" });
    const pair = await startPair(copy, aa);
    // Prometheus's scrape every 5 s of the metered app's load (15 s is its default): the clock runs in its turns only.
    let sinceScrape = 0;
    const scrape = () => {
      if (pair.metricsPort === undefined) return;
      void fetch(`http://127.0.0.1:${pair.metricsPort}/metrics`)
        .then((r) => r.text())
        .then(
          () => void scrapes++,
          () => {},
        );
    };
    const loadTurn = async (side: "off" | "on", t: CostTarget, seconds: number) => {
      await pair.turn(side);
      if (side === "off") return send(pair.bases.off, t, seconds);
      let from = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const schedule = (ms: number) => {
        timer = setTimeout(() => {
          scrape();
          sinceScrape = 0;
          from = Date.now();
          schedule(SCRAPE_EVERY_MS);
        }, ms);
      };
      schedule(Math.max(0, SCRAPE_EVERY_MS - sinceScrape));
      try {
        return await send(pair.bases.on, t, seconds);
      } finally {
        clearTimeout(timer);
        sinceScrape += Date.now() - from;
      }
    };
    try {
      if (targets.length === 0) targets = chosen(await targetsOf(pair.bases.off), only);
      for (const t of targets) {
        const r = results.get(t.name) ?? { off: [], on: [], rps: [], cpu: [] };
        results.set(t.name, r);
        for (const side of ["off", "on"] as const) await loadTurn(side, t, Math.max(2, Math.round(duration / 2))); // warm-up
        for (let round = 0; round < rounds; round++) {
          const order = (round + p) % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
          const turn: Partial<Record<"off" | "on", Slice>> = {};
          for (const side of order) {
            await loadTurn(side, t, lead);
            const cpuBefore = cpuMs(pair.proc.pid!);
            const loaded = await loadTurn(side, t, duration);
            const requests = Math.max(1, loaded.rps * duration);
            turn[side] = { ...loaded, cpuPerRequest: (cpuMs(pair.proc.pid!) - cpuBefore) / requests };
            console.log(
              `one process ${p + 1}, ${t.name}, round ${round + 1}, metrics ${side}: ${Math.round(loaded.rps)} req/s, p99 ${loaded.p99} ms, ${turn[side].cpuPerRequest.toFixed(3)} ms CPU a request, errors ${loaded.errors}`,
            );
          }
          r.off.push(turn.off!);
          r.on.push(turn.on!);
          const onFirst = order[0] === "on";
          r.rps.push({ ln: Math.log(turn.on!.rps / turn.off!.rps), onFirst });
          r.cpu.push({ ln: Math.log(turn.on!.cpuPerRequest / turn.off!.cpuPerRequest), onFirst });
        }
      }
    } finally {
      await pair.stop();
      rmSync(copy, { recursive: true, force: true });
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  // Throughput lost (1 - on / off) and CPU added (on / off - 1), each with its interval.
  const lost = (pairs: PairOfTurns[]) => {
    const c = crossover(pairs);
    return `${pct(1 - c.ratio)} (${pct(1 - c.high)} to ${pct(1 - c.low)}; second place ${pct(Math.exp(c.place) - 1)})`;
  };
  const added = (pairs: PairOfTurns[]) => {
    const c = crossover(pairs);
    return `${pct(c.ratio - 1)} (${pct(c.low - 1)} to ${pct(c.high - 1)})`;
  };
  return [
    `${aa ? "A/A, one process: two apps without metrics (the second's column headed 'on')" : "One process, two apps: one without metrics, one with them"}, ${pairs} processes one after the other, ${rounds} pairs of turns of ${duration} s (after ${lead} s uncounted) each, ${scrapes} scrapes. Each cost with its 95 % interval, read as a crossover trial (the side loaded second in a pair gains for its place alone: its gain in throughput is shown too).`,
    "",
    "| target | req/s off | req/s on | throughput cost | CPU ms a request, off | on | CPU cost | p99 ms off | p99 ms on | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...[...results].map(
      ([name, r]) =>
        `| ${name} | ${Math.round(mean(r.off.map((x) => x.rps)))} | ${Math.round(mean(r.on.map((x) => x.rps)))} | ${lost(r.rps)} | ${mean(r.off.map((x) => x.cpuPerRequest)).toFixed(3)} | ${mean(r.on.map((x) => x.cpuPerRequest)).toFixed(3)} | ${added(r.cpu)} | ${mean(r.off.map((x) => x.p99)).toFixed(0)} | ${mean(r.on.map((x) => x.p99)).toFixed(0)} | ${[...r.off, ...r.on].reduce((n, x) => n + x.errors, 0)} |`,
    ),
  ].join("\n");
}

/** The product page (from the page cache, and rendered every request) and the product list (the API and its page). */
async function targetsOf(base: string): Promise<CostTarget[]> {
  const sample = (await (await fetch(`${base}/api/public/products?per_page=50&order_by=id&order=asc`)).json()) as {
    data: { slug: string; categoria: { id: number } | null }[];
  };
  const slugs = sample.data.map((p) => p.slug);
  const categories = [...new Set(sample.data.map((p) => p.categoria?.id).filter(Boolean))];
  return [
    { name: "product page (SSR, page cache)", paths: slugs.map((s) => `/produto/${s}`) },
    { name: "product page (SSR, rendered every request)", paths: slugs.map((s) => `/produto/${s}`), unique: true },
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
