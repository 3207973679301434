import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import rules of ARCHITECTURE.md ("Imports flow one way") and docs/decisions/017-structure-checks.md,
 * checked on every import of every source file: static, `export … from`, `import type` and dynamic
 * `import()`, written with a `#folder/` alias or a relative path. Tests and their support files may reach
 * across (they drive the API and the database together), so `*.test.*`, tests/ and bench/ are not checked.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Rule {
  /** Files this rule applies to: a folder prefix relative to the repository root. */
  from: string;
  /** Folders (prefixes) those files may not import. */
  forbidden: string[];
  why: string;
}

const RULES: Rule[] = [
  { from: "contract/", forbidden: ["app/", "server/", "db/", "config/"], why: "contract/ is shared by both sides and imports neither" },
  { from: "config/", forbidden: ["app/", "server/", "db/"], why: "configuration is read by server/ and db/, so it depends on neither" },
  { from: "db/", forbidden: ["app/", "server/"], why: "db/ is below server/ and never part of the storefront" },
  { from: "server/", forbidden: ["app/"], why: "the API never imports the storefront (shared types live in contract/)" },
  {
    from: "app/",
    forbidden: ["server/", "db/", "config/"],
    why: "the storefront talks to the API through its client, never to server code, the database or seed data",
  },
  { from: "app/lib/", forbidden: ["app/features/", "app/routes/"], why: "app/lib/ is below the features and routes that use it" },
  { from: "app/components/", forbidden: ["app/features/", "app/routes/"], why: "shared components know no feature or route" },
  { from: "app/i18n/", forbidden: ["app/features/", "app/routes/"], why: "i18n is below the features and routes that use it" },
  { from: "app/features/", forbidden: ["app/routes/"], why: "routes compose features, never the other way round" },
];

/**
 * The API's modules (`server/modules/<name>/`) import one another only through these shared places; what
 * two modules both need otherwise goes below them, into `server/lib/`. A module may also name another's
 * service as a type (`import type … from "../<name>/service.ts"`): app.ts builds the services and hands
 * them in, so the type is the whole of that dependency.
 */
const MODULE_SHARED: Record<string, string> = {
  "server/modules/catalog/pricing.ts": "the price rules of spec §9, which the cart, checkout, shipping and the back office apply alike",
  "server/modules/catalog/search.ts": "the shoppers' word splitting, so the back office's product list finds what the storefront finds",
  "server/modules/orders/stock.ts": "the stock an order takes: checkout takes it and payments give it back, under the orders' rules",
  "server/modules/orders/timeline.ts": "an order's timeline: payments, the back office's moves, refunds and e-mails each add their line",
};
const MODULE = /^server\/modules\/([^/]+)\//;

/** Why an import from one module into another is refused, or undefined when it is allowed (or no such import). */
function crossModule(file: string, target: string, typeOnly: boolean): string | undefined {
  const from = MODULE.exec(file)?.[1];
  const to = MODULE.exec(target)?.[1];
  if (!from || !to || from === to || target in MODULE_SHARED) return undefined;
  if (typeOnly && target === `server/modules/${to}/service.ts`) return undefined;
  return `modules import one another only through ${Object.keys(MODULE_SHARED).join(", ")} or a service's type; move what both need to server/lib/`;
}

/**
 * Features are one domain each (STYLE.md, like bulletproof-react): `app/features/<a>` does not import
 * `app/features/<b>`. What two features share lives below both, in app/lib/ or app/components/; the
 * edges left are a feature composing another's public piece, each named here with its reason.
 */
const FEATURES = "app/features/";
const FEATURE_EDGES: { from: string; to: string; why: string }[] = [
  { from: "layout", to: "cart", why: "the shell composes the cart: its state, its drawer and the links that open it" },
  { from: "product", to: "cart", why: "the product page holds the add-to-cart button" },
];

const featureOf = (file: string) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split("/")[0] : undefined);

/** A feature's import of another feature that FEATURE_EDGES does not name. */
function featureViolation(file: string, target: string, specifier: string): string | undefined {
  const from = featureOf(file);
  const to = featureOf(target);
  if (!from || !to || from === to || FEATURE_EDGES.some((e) => e.from === from && e.to === to)) return undefined;
  return `${file} → ${specifier}: features do not import each other; move what both use to app/lib/ or app/components/`;
}

/** Packages that run only on the server: none of them belongs in the storefront or the shared contract. */
const SERVER_PACKAGES = [
  /^fastify/,
  /^@fastify\//,
  /^drizzle-orm/,
  /^pg$/,
  /^@electric-sql\/pglite/,
  /^ioredis/,
  /^nodemailer/,
  /^pdfkit/,
  /^@aws-sdk\//,
  /^@node-rs\//,
];
const PACKAGE_RULES = [
  { from: "app/", why: "a server-only package in the storefront" },
  { from: "contract/", why: "a server-only package in the shared contract" },
];

const CHECKED_FOLDERS = ["app", "config", "contract", "db", "server"];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const EXEMPT = /\.test\.(ts|tsx)$/;

const aliases: Record<string, string> = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).imports as Record<string, string>).map(([alias, target]) => [
    alias.replace(/\*$/, ""),
    target.replace(/^\.\//, "").replace(/\*$/, ""),
  ]),
);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !EXEMPT.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.includes("/migrations/"));
}

/** Every module specifier a file names: imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((f) => f.fileName);
}

/** The specifiers a file imports for types only (`import type { A }`, or every name of it marked `type`). */
function typeOnlySpecifiers(text: string): Set<string> {
  const found = new Set<string>();
  for (const statement of ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const names = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
    if (clause && (clause.isTypeOnly || (!clause.name && names && names.length > 0 && names.every((n) => n.isTypeOnly)))) {
      found.add(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** A repository-relative path for a project import, a package name for the rest. */
function resolve(file: string, specifier: string): { local: string } | { pkg: string } {
  for (const [alias, target] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) return { local: target + specifier.slice(alias.length) };
  }
  if (specifier.startsWith(".")) return { local: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) };
  return { pkg: specifier.replace(/^node:/, "") };
}

/** The rule breaks in one file's text ("file → import: why"). */
function violations(file: string, text: string): string[] {
  const found: string[] = [];
  const typeOnly = typeOnlySpecifiers(text);
  for (const specifier of specifiers(text)) {
    const target = resolve(file, specifier);
    if ("local" in target) {
      for (const rule of RULES) {
        if (!file.startsWith(rule.from)) continue;
        const hit = rule.forbidden.find((folder) => target.local.startsWith(folder));
        if (hit) found.push(`${file} → ${specifier}: ${rule.why}`);
      }
      const across = crossModule(file, target.local, typeOnly.has(specifier));
      if (across) found.push(`${file} → ${specifier}: ${across}`);
      const crossing = featureViolation(file, target.local, specifier);
      if (crossing) found.push(crossing);
    } else {
      for (const rule of PACKAGE_RULES) {
        if (file.startsWith(rule.from) && SERVER_PACKAGES.some((p) => p.test(target.pkg))) found.push(`${file} → ${specifier}: ${rule.why}`);
      }
    }
  }
  return found;
}

describe("import rules", () => {
  it("hold in every source file", () => {
    const files = CHECKED_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => violations(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("catch each kind of forbidden import", () => {
    expect(violations("server/lib/site.ts", `import type { SiteInfo } from "#app/lib/load-context.ts";`)).toHaveLength(1);
    expect(violations("app/features/x/y.ts", `const load = () => import("#db/seed/geo/paraguay.json");`)).toHaveLength(1);
    expect(violations("db/migrate.ts", `import { loadConfig } from "../server/config.ts";`)).toHaveLength(1);
    expect(violations("contract/x.ts", `export { a } from "../config/config.ts";`)).toHaveLength(1);
    expect(violations("app/lib/meta.ts", `import type { ShellData } from "../features/layout/types.ts";`)).toHaveLength(1);
    expect(violations("app/features/account/f.tsx", `import type { R } from "#app/routes/register.tsx";`)).toHaveLength(1);
    expect(violations("app/routes/x.tsx", `import { Pool } from "pg";`)).toHaveLength(1);
    expect(violations("app/features/checkout/x.ts", `import { useGeo } from "#app/features/account/geo.ts";`)).toHaveLength(1);
    expect(violations("app/features/home/x.tsx", `import { Card } from "../catalog/product-card.tsx";`)).toHaveLength(1);
    expect(violations("app/features/layout/shell.tsx", `import { CartProvider } from "#app/features/cart/cart-context.tsx";`)).toEqual([]);
    expect(violations("app/features/admin/staff/x.tsx", `import { Panel } from "#app/features/admin/admin-shell.tsx";`)).toEqual([]);
    expect(
      violations("server/app.ts", `import { db } from "#db/client.ts";\nimport { z } from "zod";\nimport { s } from "#contract/site.ts";`),
    ).toEqual([]);
    expect(violations("app/routes/register.tsx", `import { RegisterForm } from "#app/features/account/register-form.tsx";`)).toEqual([]);
    expect(violations("server/modules/admin/staff/service.ts", `import { createLoginGuard } from "../../accounts/login-guard.ts";`)).toHaveLength(1);
    expect(violations("server/modules/shipping/service.ts", `import { cartCurrencyFor } from "../cart/service.ts";`)).toHaveLength(1);
    expect(
      violations(
        "server/modules/checkout/service.ts",
        `import type { CatalogService } from "../catalog/service.ts";\nimport { unitPrice } from "../catalog/pricing.ts";\nimport { lineErrors } from "../../lib/line-errors.ts";`,
      ),
    ).toEqual([]);
  });
});
