/**
 * Initial JavaScript of the product page, read from a build: the client entry, the root route and
 * the product route with every chunk they import statically, which is what React Router
 * modulepreloads for /produto/:slug (dynamic imports load later and are left out), plus the
 * visitor's locale catalogue, which is imported dynamically but awaited before hydration, all
 * gzipped. The budget holds for every locale, so the largest catalogue counts. Exits with 1 when
 * the total is over the budget.
 *
 *   node --import tsx bench/bundle-size.ts [buildDir]      # buildDir defaults to $BUILD_DIR or build
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { LOCALES } from "#contract/locale.ts";
import { cataloguePreloads, type Manifest as ViteManifest, type ManifestChunk } from "#app/lib/catalogue-preloads.server.ts";

export type { Manifest as ViteManifest } from "#app/lib/catalogue-preloads.server.ts";

export interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}

export interface CatalogueFile extends BundleFile {
  locale: string;
}

export interface BundleReport {
  /** The modulepreloaded files, largest first, and their sum (`bytes`, `gzip`). */
  files: BundleFile[];
  bytes: number;
  gzip: number;
  /**
   * Per locale, the texts the page preloads beside its scripts (app/lib/catalogue-preloads.server.ts):
   * the locale's catalogue and what it imports that the page does not preload already.
   */
  catalogues: CatalogueFile[];
  /** Per locale, the preloaded files plus that locale's catalogue: the page's initial JavaScript. */
  initial: { locale: string; bytes: number; gzip: number }[];
  /** The largest of `initial` (gzip), which the budget is checked against. */
  initialGzip: number;
}

/** The page's budget (KB gzip). */
export const PRODUCT_PAGE_BUDGET_KB = 150;

const ENTRY = "app/entry.client.tsx";
export const PRODUCT_PAGE_ROUTES = ["app/root.tsx", "app/routes/product.tsx"];
// The key React Router gives a route module in the client build (a plain key when it is not split).
const CLIENT_ROUTE_QUERY = "?__react-router-build-client-route";
const ROUTE_CHUNK_QUERY = "?route-chunk=";

function routeChunks(manifest: ViteManifest, route: string): ManifestChunk[] {
  const module = manifest[route + CLIENT_ROUTE_QUERY] ?? manifest[route];
  if (!module) throw new Error(`${route} is not in the Vite manifest`);
  // With split route modules, the route's own chunks (clientLoader, …) are preloaded too.
  const split = Object.entries(manifest)
    .filter(([key]) => key.startsWith(route + ROUTE_CHUNK_QUERY))
    .map(([, chunk]) => chunk);
  return [module, ...split];
}

/** Files (relative to the client folder) preloaded for a page of these routes, entry first. */
export function initialFiles(manifest: ViteManifest, routes: readonly string[] = PRODUCT_PAGE_ROUTES): string[] {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${ENTRY} is not in the Vite manifest`);
  const seen = new Set<ManifestChunk>();
  const walk = (chunk: ManifestChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`${key} (imported by ${chunk.file}) is not in the Vite manifest`);
      walk(imported);
    }
  };
  walk(entry);
  for (const route of routes) routeChunks(manifest, route).forEach(walk);
  return [...new Set([...seen].map((chunk) => chunk.file))];
}

/** The report for a manifest, with `measure` giving each file's sizes. */
export function bundleReport(manifest: ViteManifest, measure: (file: string) => BundleFile): BundleReport {
  const preloaded = initialFiles(manifest);
  const files = preloaded.map(measure);
  files.sort((a, b) => b.gzip - a.gzip);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  // The same choice the server makes for the page's document; the product page shows no text group.
  const hrefs = preloaded.map((file) => `/${file}`);
  const catalogues = [...LOCALES]
    .sort()
    .flatMap((locale) => cataloguePreloads(manifest, locale, hrefs).map((href) => ({ ...measure(href.slice(1)), locale })));
  const locales = [...new Set(catalogues.map((c) => c.locale))];
  const sum = (locale: string, key: "bytes" | "gzip") => catalogues.filter((c) => c.locale === locale).reduce((total, c) => total + c[key], 0);
  const initial =
    locales.length > 0
      ? locales.map((locale) => ({ locale, bytes: bytes + sum(locale, "bytes"), gzip: gzip + sum(locale, "gzip") }))
      : [{ locale: "(no catalogue)", bytes, gzip }];
  return { files, bytes, gzip, catalogues, initial, initialGzip: Math.max(...initial.map((i) => i.gzip)) };
}

/**
 * Sizes of the product page's initial JavaScript in `<buildDir>/client`, largest first. React
 * Router's route manifest (assets/manifest-*.js) is not counted: with SSR it discovers routes
 * lazily (the default), so the page's part of the manifest is inline in the HTML, not a script.
 */
export function productPageBundle(buildDir: string): BundleReport {
  const clientDir = path.join(buildDir, "client");
  const manifestPath = path.join(clientDir, ".vite", "manifest.json");
  let manifest: ViteManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as ViteManifest;
  } catch (cause) {
    throw new Error(`cannot read ${manifestPath}: build first (vite.config.ts keeps the manifest)`, { cause });
  }
  const measure = (file: string): BundleFile => {
    const source = readFileSync(path.join(clientDir, file));
    return { file, bytes: source.length, gzip: gzipSync(source, { level: 9 }).length };
  };
  return bundleReport(manifest, measure);
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main() {
  const buildDir = process.argv[2] ?? process.env.BUILD_DIR ?? "build";
  const report = productPageBundle(buildDir);
  const width = Math.max(...[...report.files, ...report.catalogues].map((f) => f.file.length), "initial JavaScript, es-AR".length);
  const row = (label: string, bytes: number, gzip: number) =>
    `  ${label.padEnd(width)}  ${kb(bytes).padStart(7)} KB  ${kb(gzip).padStart(6)} KB gzip`;
  console.log(`Initial JavaScript of /produto/:slug in ${buildDir}/client (gzip level 9):\n`);
  for (const f of report.files) console.log(row(f.file, f.bytes, f.gzip));
  console.log(row("preloaded", report.bytes, report.gzip) + `  (${report.files.length} files)`);
  if (report.catalogues.length > 0) {
    console.log(`\nAnd the visitor's texts, preloaded with the scripts and awaited before hydration:`);
    for (const f of report.catalogues) console.log(row(f.file, f.bytes, f.gzip) + `  ${f.locale}`);
  }
  console.log("");
  for (const i of report.initial) console.log(row(`initial JavaScript, ${i.locale}`, i.bytes, i.gzip));
  const over = report.initialGzip - PRODUCT_PAGE_BUDGET_KB * 1024;
  console.log(
    `\nLargest ${kb(report.initialGzip)} KB gzip, budget ${PRODUCT_PAGE_BUDGET_KB} KB: ${over > 0 ? `over by ${kb(over)} KB` : `${kb(-over)} KB to spare`}.`,
  );
  if (over > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
