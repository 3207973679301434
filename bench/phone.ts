/**
 * A mid-range phone on slow 4G, for real: Debian's Chromium with Lighthouse's applied-throttling values
 * (562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up, CPU 4× slower, a 412 × 823 screen), loading
 * home, product list, a product page and a search from a production process of the demo store. For
 * each page it reports when the first contentful paint and the largest paint came, and when the
 * page's scripts had taken it over (app/root.tsx marks the document `data-hydrated`): until then a tap
 * does only what HTML does. Medians of `--runs` (default 3). docs/decisions/021 reads these.
 *
 *   npm run bench:phone
 *   npm run bench:phone -- --runs 5
 *   npm run bench:phone -- --base http://127.0.0.1:3000     # a store already running
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { demoPages, startBenchServer, stopBenchServer, type BenchServer } from "./server.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    data: { type: "string", default: "data-lighthouse" },
    base: { type: "string" },
  },
});
const runs = Math.max(1, Number(args.runs));

let server: BenchServer | undefined;
if (!args.base) {
  if (!existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  server = await startBenchServer({ DATA_DIR: path.resolve(args.data!) });
}
const base = args.base ?? server!.base;

const pages = await demoPages(base);

interface Timing {
  fcp: number;
  lcp: number;
  hydrated: number;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: { name: string; timing: Timing }[] = [];
try {
  for (const page of pages) {
    // The first visitor's render fills the page cache; the phone gets what the next visitors get.
    await fetch(base + page.path);
    const timings: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1474.56 * 1024) / 8,
        uploadThroughput: (675 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await tab.addInitScript(() => {
        const marks = window as unknown as { lcp: number; hydrated?: number };
        marks.lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) marks.lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new MutationObserver(() => {
          if (marks.hydrated === undefined && document.documentElement?.hasAttribute("data-hydrated")) marks.hydrated = performance.now();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
      });
      await tab.goto(base + page.path, { waitUntil: "load", timeout: 120_000 });
      await tab.waitForFunction(() => (window as unknown as { hydrated?: number }).hydrated !== undefined, null, { timeout: 120_000 });
      timings.push(
        await tab.evaluate(() => {
          const marks = window as unknown as { lcp: number; hydrated: number };
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          return { fcp, lcp: marks.lcp, hydrated: marks.hydrated };
        }),
      );
      await context.close();
    }
    const timing = {
      fcp: median(timings.map((t) => t.fcp)),
      lcp: median(timings.map((t) => t.lcp)),
      hydrated: median(timings.map((t) => t.hydrated)),
    };
    rows.push({ name: page.name, timing });
    console.log(`${page.name}: FCP ${Math.round(timing.fcp)} ms, hydrated ${Math.round(timing.hydrated)} ms`);
  }
} finally {
  await browser.close();
  if (server) await stopBenchServer(server);
}

console.log(
  [
    "",
    `Phone on slow 4G, applied (${runs > 1 ? `median of ${runs}, ` : ""}${new Date().toISOString().slice(0, 10)}):`,
    "",
    "| page | FCP ms | LCP ms | hydrated ms |",
    "| --- | ---: | ---: | ---: |",
    ...rows.map(({ name, timing: t }) => `| ${name} | ${Math.round(t.fcp)} | ${Math.round(t.lcp)} | ${Math.round(t.hydrated)} |`),
  ].join("\n"),
);
process.exit(0);
