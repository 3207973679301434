/**
 * Lighthouse, mobile (its default: a mid-range phone on slow 4G, simulated), on the demo store served by
 * a production process: home, product list, a product page and a search. Issue 12 target 6: performance
 * ≥ 0.95 (LCP < 2 s), accessibility, best practices and SEO ≥ 0.95.
 *
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --runs 3     # median of three runs per page
 *   npm run bench:lighthouse -- --throttling devtools
 *   npm run bench:lighthouse -- --save /tmp/lhr      # every run's report, as JSON, to read what a score is made of
 *
 * `--throttling simulate` (Lighthouse's default) loads the page at full speed and estimates the slow-4G
 * timings from that load's request graph; `devtools` really slows the browser's network and CPU down
 * and times the load itself. On a loopback server the estimate counts every script that finished before
 * the observed paint as holding the paint back (module scripts carry no evaluation events for it to
 * tell otherwise), so both are worth reading.
 *
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROME_PATH), never a downloaded browser.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { demoPages, startBenchServer, stopBenchServer } from "./server.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    data: { type: "string", default: "data-lighthouse" },
    throttling: { type: "string", default: "simulate" },
    save: { type: "string" },
  },
});
const runs = Math.max(1, Number(args.runs));
const throttlingMethod = args.throttling === "devtools" ? "devtools" : "simulate";

if (!existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
const server = await startBenchServer({ DATA_DIR: path.resolve(args.data!) });
const { base } = server;

const pages = await demoPages(base);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

interface Score {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  siMs: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rows: { name: string; score: Score }[] = [];
try {
  for (const page of pages) {
    const url = base + page.path;
    // The first visitor's render fills the page cache; Lighthouse measures what the next visitors get.
    await fetch(url);
    const scores: Score[] = [];
    let failures = 0;
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        throttlingMethod,
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): a failed run says nothing
      // of the page, so it is run again rather than counted as a zero.
      if (result.lhr.runtimeError) {
        if (++failures > 3) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}`);
        console.log(`${page.name}: Lighthouse failed (${result.lhr.runtimeError.code}), running again`);
        i--;
        continue;
      }
      if (args.save) {
        mkdirSync(args.save, { recursive: true });
        writeFileSync(path.join(args.save, `${page.name.replace(/ /g, "-")}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      scores.push({
        performance: categories.performance?.score ?? 0,
        accessibility: categories.accessibility?.score ?? 0,
        bestPractices: categories["best-practices"]?.score ?? 0,
        seo: categories.seo?.score ?? 0,
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? 0,
        fcpMs: audits["first-contentful-paint"]?.numericValue ?? 0,
        tbtMs: audits["total-blocking-time"]?.numericValue ?? 0,
        siMs: audits["speed-index"]?.numericValue ?? 0,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
      });
    }
    const pick = (key: keyof Score) => median(scores.map((s) => s[key]));
    const score: Score = {
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcpMs: pick("lcpMs"),
      fcpMs: pick("fcpMs"),
      tbtMs: pick("tbtMs"),
      siMs: pick("siMs"),
      cls: pick("cls"),
    };
    rows.push({ name: page.name, score });
    console.log(`${page.name}: performance ${score.performance}, LCP ${Math.round(score.lcpMs)} ms`);
  }
} finally {
  chrome.kill();
  await stopBenchServer(server);
}

const table = [
  `Lighthouse ${runs > 1 ? `(median of ${runs}) ` : ""}mobile, slow 4G ${throttlingMethod === "simulate" ? "simulated" : "applied (devtools)"}, demo store, production process, ${new Date().toISOString().slice(0, 10)}:`,
  "",
  "| page | performance | LCP ms | FCP ms | TBT ms | SI ms | CLS | accessibility | best practices | SEO |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    ({ name, score: s }) =>
      `| ${name} | ${s.performance.toFixed(2)} | ${Math.round(s.lcpMs)} | ${Math.round(s.fcpMs)} | ${Math.round(s.tbtMs)} | ${Math.round(s.siMs)} | ${s.cls.toFixed(3)} | ${s.accessibility.toFixed(2)} | ${s.bestPractices.toFixed(2)} | ${s.seo.toFixed(2)} |`,
  ),
].join("\n");
console.log("\n" + table);
process.exit(0);
