import { load, startBenchServer, stopBenchServer, type Load, type Target } from "./server.ts";
import { freePort } from "../tests/support/free-port.ts";

/**
 * What the Prometheus metrics cost (docs/operations.md): the same targets against the same data, one server
 * with METRICS_PORT unset and one with it set and scraped every few seconds, taking turns round after round
 * so that a shared machine's noise falls on both alike. Reported as the throughput ratio, on / off.
 *
 *   npm run bench -- --metrics --products 20000 --duration 10 --rounds 3
 */

/** Prometheus scrapes every 15 s by default; a scrape every 5 s counts its cost three times over. */
const SCRAPE_EVERY_MS = 5000;

interface Round {
  metrics: boolean;
  results: Map<string, Load>;
}

export async function runMetricsCost(options: { dataDir: string; connections: number; duration: number; rounds: number }) {
  const { dataDir, connections, duration, rounds } = options;
  const runs: Round[] = [];
  let targets: Target[] | undefined;
  for (let round = 0; round < rounds * 2; round++) {
    // off, on, on, off, off, on …: neither side always goes first.
    const metrics = round % 4 === 1 || round % 4 === 2;
    const metricsPort = await freePort();
    const server = await startBenchServer({ DATA_DIR: dataDir, ...(metrics ? { METRICS_PORT: String(metricsPort) } : {}) });
    targets ??= await targetsOf(server.base);
    let scrapes = 0;
    const scraper = metrics
      ? setInterval(() => {
          void fetch(`http://127.0.0.1:${metricsPort}/metrics`)
            .then((r) => r.text())
            .then(() => scrapes++);
        }, SCRAPE_EVERY_MS)
      : undefined;
    const results = new Map<string, Load>();
    try {
      for (const t of targets) {
        await load(server.base, t.paths, connections, Math.max(2, Math.round(duration / 3))); // warm-up
        const r = await load(server.base, t.paths, connections, duration);
        results.set(t.name, r);
        console.log(
          `round ${round + 1}, metrics ${metrics ? "on " : "off"}: ${t.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, errors ${r.errors}`,
        );
      }
      if (metrics) {
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        if (!text.includes("store_http_request_duration_seconds_count")) throw new Error("the metrics server counted no request");
        console.log(`  (${scrapes} scrapes during the round)`);
      }
    } finally {
      if (scraper) clearInterval(scraper);
      await stopBenchServer(server);
    }
    runs.push({ metrics, results });
  }

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rows = targets!.map((t) => {
    const side = (on: boolean) => runs.filter((r) => r.metrics === on).map((r) => r.results.get(t.name)!);
    const off = side(false);
    const on = side(true);
    const offRps = mean(off.map((r) => r.rps));
    const onRps = mean(on.map((r) => r.rps));
    const cost = (1 - onRps / offRps) * 100;
    return `| ${t.name} | ${Math.round(offRps)} | ${Math.round(onRps)} | ${cost.toFixed(1)} % | ${mean(off.map((r) => r.p99)).toFixed(0)} | ${mean(on.map((r) => r.p99)).toFixed(0)} |`;
  });
  const table = [
    `Metrics on vs off: ${rounds} rounds each, taking turns, ${connections} connections, ${duration} s per target, scraped every ${SCRAPE_EVERY_MS / 1000} s while on.`,
    "",
    "| target | req/s off | req/s on | throughput cost | p99 ms off | p99 ms on |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
  console.log(`\n${table}`);
  return table;
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
