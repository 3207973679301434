/**
 * The speed benchmark: one server on a large catalogue, every target measured in the same run,
 * reported as ratios to a static file served by that same server (machines here are shared and noisy).
 *
 *   npm run bench                      # 100,000 products, 32 connections, 10 s per target
 *   npm run bench -- --products 20000 --duration 5
 *   npm run bench -- --postgres        # 1 vs 2 processes on PostgreSQL + Redis (bench/postgres.ts)
 *   npm run bench -- --tracing         # tracing's cost: off, and on at 100 % sampling (bench/tracing.ts)
 *   npm run bench -- --products 5000 --duration 3 --no-write   # a quick check that it all works
 *   npm run bench -- --orders 20000   # the back office's orders (default 100,000; 0 skips them)
 *   npm run bench -- --orders-only     # only the targets of the orders (bench/orders.ts), beside /healthz
 *   npm run bench -- --postgres --orders-only --database h_bench   # the same on PostgreSQL, in database h_bench
 *   npm run bench -- --metrics         # product page and list with Prometheus metrics off and on (bench/metrics-cost.ts)
 *
 * Besides the targets a warm cache answers, the long-tail targets send a request never seen before
 * every time (bench/long-tail.ts): new search terms, random list pages and sorts, and both mixed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { kb, PRODUCT_PAGE_BUDGET_KB, productPageBundle } from "./bundle-size.ts";
import { BENCH_STAFF, forgetImportedProducts, importTable, runImportBench, STAFF_CONNECTIONS, staffHeaders } from "./import.ts";
import { ensureOrders, orderSamples, orderTargets, type OrderSamples } from "./orders.ts";
import { adminListPaths, listPagePaths, listScopes, mixedPaths, productPagePaths, suggestionPaths } from "./long-tail.ts";
import { load, startBenchServer, stopBenchServer, type Load, type Target } from "./server.ts";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    orders: { type: "string", default: "100000" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    data: { type: "string", default: "data-bench" },
    write: { type: "boolean", default: true },
    // Node 20's parseArgs knows no "--no-" negation: spelled out.
    "no-write": { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    tracing: { type: "boolean", default: false },
    // How many turns the --tracing and --metrics runs take (5 and 3 unless given).
    rounds: { type: "string" },
    "orders-only": { type: "boolean", default: false },
    // PostgreSQL only: the database the bench seeds and measures (created when missing).
    database: { type: "string", default: "bench" },
    metrics: { type: "boolean", default: false },
    // --metrics only: metrics off on both sides (A/A), only the targets whose name holds the text.
    aa: { type: "boolean", default: false },
    only: { type: "string" },
    // --metrics only: processes holding an app without metrics and one with them (bench/metrics-pair.ts); 0 leaves them out.
    pairs: { type: "string", default: "2" },
    // --metrics only: seconds of load at the start of each turn that are not counted.
    lead: { type: "string", default: "1" },
    // --metrics only: servers a side (0 leaves that part out).
    processes: { type: "string", default: "3" },
  },
});
const products = Number(args.products);
const orders = Number(args.orders);
const connections = Number(args.connections);
const duration = Number(args.duration);
const dataDir = path.resolve(args.data!);
const write = args.write! && !args["no-write"];

if (args.postgres) {
  const { runPostgresBench } = await import("./postgres.ts");
  await runPostgresBench({ products, orders, connections, duration, write, ordersOnly: args["orders-only"]!, database: args.database! });
  process.exit(0);
}

if (args.tracing) {
  if (!existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  const { runTracingBench } = await import("./tracing.ts");
  await runTracingBench({ products, connections, duration, dataDir, rounds: Number(args.rounds ?? 5), write });
  process.exit(0);
}

// bundle-size.ts reads the Vite manifest, which builds older than vite.config.ts's `manifest` lack.
// The orders' targets alone are API calls: no build needed.
if (!args["orders-only"] && (!existsSync("build/server/index.js") || !existsSync("build/client/.vite/manifest.json"))) {
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
}
console.log(`Preparing ${products.toLocaleString("en")} products in ${dataDir} …`);
execFileSync(process.execPath, ["--import", "tsx", "db/seed/cli.ts", "--products", String(products)], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir },
});

let samples: OrderSamples | undefined;
if (orders > 0) {
  await ensureOrders(orders, { dataDir });
  samples = await orderSamples({ dataDir });
}

// The products an earlier run's import left (the catalogue stays the size asked for), and a manager for
// the back office's targets (the list at size, the import).
await forgetImportedProducts(dataDir);
execFileSync(
  process.execPath,
  ["--import", "tsx", "db/staff-cli.ts", "--email", BENCH_STAFF.email, "--role", "manager", "--password", BENCH_STAFF.password],
  { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } },
);
if (args.metrics) {
  const { runMetricsCost } = await import("./metrics-cost.ts");
  await runMetricsCost({
    dataDir,
    connections,
    duration,
    rounds: Number(args.rounds ?? 3),
    aa: args.aa!,
    only: args.only,
    pairs: Number(args.pairs),
    lead: Number(args.lead),
    processes: Number(args.processes),
  });
  process.exit(0);
}
const server = await startBenchServer({ DATA_DIR: dataDir, ...(args["orders-only"] ? { API_ONLY: "1" } : {}) });
const { base } = server;

if (args["orders-only"]) {
  const { runOrderTargets } = await import("./orders.ts");
  if (!samples) throw new Error("--orders-only needs --orders above 0");
  await runOrderTargets(base, await staffHeaders(base), samples, { products, orders, duration, write });
  await stopBenchServer(server);
  process.exit(0);
}

const json = async <T>(url: string) => (await (await fetch(base + url)).json()) as T;
const sample = await json<{ data: { slug: string; id: number; categoria: { id: number } | null }[] }>(
  "/api/public/products?per_page=100&order_by=id&order=asc",
);
const slugs = sample.data.map((p) => p.slug);
const categoryIds = [...new Set(sample.data.map((p) => p.categoria?.id).filter(Boolean))];
const terms = ["fu", "fur", "furadera", "parafusadeira makita", "acao", "serra circ", "chave", "lanterna led", "gerador", "alicate"];
const staticFile = "/assets/" + readdirSync("build/client/assets").find((f) => f.endsWith(".css"))!;

const targets: Target[] = [
  { name: "static file (baseline)", paths: [staticFile] },
  {
    name: "product list (API)",
    paths: categoryIds.flatMap((c, i) => [
      `/api/public/products?category_id=${c}&page=${(i % 5) + 1}&per_page=20&moeda_id=2&order_by=tem_estoque,id&order=desc,desc`,
      `/api/public/products?page=${i + 1}&per_page=20&moeda_id=3&order_by=tem_estoque,valor_venda&order=desc,asc`,
    ]),
  },
  {
    name: "search suggestions (API)",
    paths: terms.map((t) => `/api/public/products?text=${encodeURIComponent(t)}&per_page=5&all_products=1&moeda_id=2`),
  },
  { name: "product details (API)", paths: slugs.slice(0, 50).map((s) => `/api/public/products/${s}/details?moeda_id=2`) },
  { name: "product page (SSR)", paths: slugs.slice(0, 50).map((s) => `/produto/${s}`) },
];

interface Result extends Load {
  name: string;
}

const measure = async (t: Target): Promise<Result> => ({
  name: t.connections ? `${t.name} (${t.connections} connections)` : t.name,
  ...(await load(base, t.paths, t.connections ?? connections, duration, t.headers)),
});

const report = (r: Result) =>
  console.log(`${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, timeouts ${r.timeouts}, errors ${r.errors}`);
const results: Result[] = [];
for (const t of targets) {
  await measure(t); // warm-up pass fills caches and JIT, not reported
  const r = await measure(t);
  results.push(r);
  report(r);
}

// The long tail: every request new, so the warm-up only warms the JIT and the database's pages.
const newTerms = suggestionPaths(products);
const newPages = listPagePaths(await listScopes(base));
const longTail: Target[] = [
  { name: "/healthz (baseline)", paths: ["/healthz"] },
  { name: "suggestions, new term every request", paths: newTerms },
  { name: "product list, random page and sort", paths: newPages },
  { name: "mixed: half new-term suggestions, half random pages", paths: mixedPaths(newTerms, newPages) },
  // The page cache (docs/decisions/013): one popular product page, answered from the cache with a new nonce each time …
  { name: "product page (SSR), one popular product, page cache", paths: [`/produto/${slugs[0]}`] },
  // … and the same page rendered on every request (a query never seen before misses the cache).
  { name: "product page (SSR), rendered every request", paths: uncachedPaths(`/produto/${slugs[0]}`) },
  // Head-of-line blocking (one embedded connection): product pages alone, then beside new searches.
  { name: "product page (SSR), random product", paths: productPagePaths(products) },
  {
    name: "mixed: half new-term suggestions, half random product pages",
    paths: mixedPaths(suggestionPaths(products, 4), productPagePaths(products, 5)),
  },
  // The back office's product list (staff see hidden and unpriced products too): any page, or a new search.
  {
    name: "back office: product list, random page or new search",
    paths: adminListPaths(products),
    headers: await staffHeaders(base),
    connections: STAFF_CONNECTIONS,
  },
  // The orders at 100,000: the list, its searches, the counter and the dashboard (bench/orders.ts; targets p99 < 100 ms, the counter's < 20 ms).
  ...(samples ? orderTargets(samples, await staffHeaders(base), STAFF_CONNECTIONS) : []),
];
/** `path` with a query no request asked before, so the page cache never has it. */
function uncachedPaths(path: string): () => string {
  let n = 0;
  return () => `${path}?bench=${Date.now().toString(36)}${(n++).toString(36)}`;
}
const longResults: Result[] = [];
for (const t of longTail) {
  await measure(t);
  const r = await measure(t);
  longResults.push(r);
  report(r);
}

// The TXT price list of the whole catalogue (every in-stock product), one streamed request: median of 3.
const exportRuns: number[] = [];
let exportLines = 0;
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  const text = await (await fetch(`${base}/api/public/products/export?format=txt&moeda_id=2`)).text();
  exportRuns.push(performance.now() - started);
  // After the spec §9 header (date, notice, blank line).
  exportLines = text.split("\n").slice(3).filter(Boolean).length;
}
const exportMs = [...exportRuns].sort((a, b) => a - b)[1]!;
console.log(`price-list export: ${exportLines} products in ${Math.round(exportMs)} ms (median of 3)`);

// The import at size: as many rows as the catalogue has products (bench/import.ts).
const importSteps = await runImportBench(base, products);
console.log(importTable(importSteps));

await stopBenchServer(server);
await forgetImportedProducts(dataDir);

// The same page read from the build: what React Router preloads for it, chunk by chunk.
const bundle = productPageBundle("build");
const catalogue = Math.max(0, ...bundle.catalogues.map((c) => c.gzip));

const tableOf = (rows: Result[], baselineName: string) => {
  const baseline = rows[0]!;
  return [
    `| target | req/s | p50 ms | p99 ms | p99 vs ${baselineName} | throughput cost vs ${baselineName} | timeouts | errors |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.p99 / Math.max(baseline.p99, 1)).toFixed(1)}× | ${(baseline.rps / Math.max(r.rps, 1)).toFixed(1)}× | ${r.timeouts} | ${r.errors} |`,
    ),
  ].join("\n");
};
const table = tableOf(results, "static");
const summary = `${products.toLocaleString("en")} products, ${orders.toLocaleString("en")} orders, embedded PGlite, ${connections} connections, ${duration} s per target, one run on ${new Date().toISOString().slice(0, 10)}.

${table}

Long tail, every request new (nothing from the response cache; bench/long-tail.ts):

${tableOf(longResults, "/healthz")}

Back-office import through the HTTP API, upload to applied (bench/import.ts; target: ${products.toLocaleString("en")} rows in under 60 s):

${importTable(importSteps)}

TXT price-list export of every in-stock product (${exportLines.toLocaleString("en")} lines, one streamed request): ${(exportMs / 1000).toFixed(2)} s, median of 3 (target < 3 s).

Initial JavaScript of the product page, from the build (bench/bundle-size.ts; the document names its scripts only after the first paint, decision 021): ${kb(bundle.gzip)} KB gzip preloaded over ${bundle.files.length} files (target < ${PRODUCT_PAGE_BUDGET_KB} KB), then the visitor's catalogue (${kb(catalogue)} KB gzip) before hydration.
`;
console.log("\n" + summary);
if (write) writeFileSync("docs/benchmarks.latest.md", summary);
process.exit(0);
