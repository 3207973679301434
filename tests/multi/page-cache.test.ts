import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatPrice } from "#contract/money.ts";
import { openDatabase, queryRows, type Database } from "#db/client.ts";
import { startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";

/**
 * The shared page cache (docs/decisions/013) on two storefront processes over one PostgreSQL and one
 * Redis: a page one process rendered is a hit on the other, every answer has a nonce of its own, and a
 * change to a product shows on both within the lifetimes of the caches.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;

/** Short page lifetimes for the test: fresh 1 s, then stale 2 s more. */
const FRESH_SECONDS = 1;
const STALE_SECONDS = 2;
/** The API's own answer cache of a product (server/modules/catalog/service.ts LIST_CACHE_MS). */
const CATALOGUE_CACHE_SECONDS = 30;

const root = path.resolve(import.meta.dirname, "../..");
/** Behind a load balancer every process sees the store's own host, not its own address. */
const STORE_HOST = "ferramentasdoparaguai.com.br";

/** GET `url` of `server` as the load balancer forwards it: with the store's Host. */
function get(server: ServerProcess, url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; html: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(server.url + url, { headers: { host: STORE_HOST } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, html: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe.skipIf(!multi.available)("page cache shared by two processes", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  const buildDir = path.join(root, "build", `multi-${process.pid}`);

  beforeAll(async () => {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    });
    database = await openDatabase({ url: env.databaseUrl, poolSize: 2 });
    const web = {
      API_ONLY: "0",
      BUILD_DIR: buildDir,
      PAGE_CACHE_FRESH_SECONDS: String(FRESH_SECONDS),
      PAGE_CACHE_STALE_SECONDS: String(STALE_SECONDS),
    };
    [a, b] = await Promise.all([startServer(env, "pages-a", web), startServer(env, "pages-b", web)]);
  }, 600_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await database?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const page = async (server: ServerProcess, url: string) => {
    const res = await get(server, url);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"] ?? ""))?.[1];
    return { status: res.status, state: res.headers["x-page-cache"], nonce, html: res.html };
  };

  it("serves one process's page on the other, each answer with a nonce of its own, and shows a change on both within the caches' lifetimes", async () => {
    const [product] = await queryRows<{ id: number; slug: string }>(
      database.db,
      sql`SELECT id, slug FROM produtos WHERE ativo AND mostrar_preco AND moeda_id = 2 AND valor_venda > 0 ORDER BY id LIMIT 1`,
    );
    const url = `/produto/${product!.slug}`;

    const first = await page(a, url);
    expect(first.status).toBe(200);
    expect(first.state).toBe("miss");
    const onB = await page(b, url);
    expect(onB.state).toBe("hit");
    const again = await page(a, url);
    expect(again.state).toBe("hit");
    const nonces = [first.nonce, onB.nonce, again.nonce];
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(3);
    for (const [i, answer] of [first, onB, again].entries()) {
      expect(new Set([...answer.html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([nonces[i]]));
    }

    // A new price and a new description, written to the database as an edit of the catalogue would.
    const marker = `Descrição revista ${Date.now()}`;
    await database.db.execute(
      sql`UPDATE produtos SET valor_venda = 4321.98, valor_usd = 4321.98, descritivo_pt = ${marker} WHERE id = ${product!.id}`,
    );
    const price = formatPrice("4321.98", 2);
    const changed = Date.now();
    const limit = (CATALOGUE_CACHE_SECONDS + FRESH_SECONDS + STALE_SECONDS + 5) * 1000;
    for (const server of [a, b]) {
      for (;;) {
        const { html } = await page(server, url);
        if (html.includes(marker) && html.includes(price)) break;
        expect(Date.now() - changed, `${server.name} still shows the old product`).toBeLessThan(limit);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    // Once shown, never the old one again: each process serves the new page.
    for (const server of [a, b, a, b]) expect((await page(server, url)).html).toContain(marker);
  }, 120_000);
});
