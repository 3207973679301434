import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, queryRows, type Database } from "#db/client.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { uniqueEmail } from "../support/customers.ts";
import { startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";

/**
 * A back-office write on one process shows on another process's pages at once (docs/decisions/020):
 * the pages live a minute here, so only the write's clear of every process's caches can explain it.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;
const root = path.resolve(import.meta.dirname, "../..");
const STORE_HOST = "ferramentasdoparaguai.com.br";
/** What "at once" allows: the page cache reads the shared generation every second. */
const AT_ONCE_MS = 4000;

function request(server: ServerProcess, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      server.url + url,
      {
        method,
        headers: { ...headers, ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe.skipIf(!multi.available)("back-office writes seen by another process", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  const buildDir = path.join(root, "build", `multi-office-${process.pid}`);

  beforeAll(async () => {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    });
    database = await openDatabase({ url: env.databaseUrl, poolSize: 2 });
    const web = { API_ONLY: "0", BUILD_DIR: buildDir, PAGE_CACHE_FRESH_SECONDS: "60", PAGE_CACHE_STALE_SECONDS: "60" };
    [a, b] = await Promise.all([startServer(env, "office-a", web), startServer(env, "office-b", web)]);
  }, 600_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await database?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  /** A guest's page of `server`, as the load balancer forwards it. */
  const page = (server: ServerProcess, url: string) => request(server, "GET", url, { host: STORE_HOST });

  /** Waits until `server`'s page (or the part `part` picks of it) holds, or no longer holds, `text`; fails past "at once". */
  async function until(server: ServerProcess, url: string, text: string, present: boolean, part = (html: string) => html) {
    const since = Date.now();
    for (;;) {
      const { text: html } = await page(server, url);
      if (part(html).includes(text) === present) return Date.now() - since;
      expect(Date.now() - since, `${server.name} ${url} ${present ? "lacks" : "still shows"} ${text}`).toBeLessThan(AT_ONCE_MS);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("renames and hides a category and adds a brand through one process; the other's cached pages follow at once", async () => {
    const email = uniqueEmail("gerente");
    await upsertStaffMember(database.db, { email, nome: "Gerente", papel: "manager", password: "Gerente#Multi2026" });
    const own = { host: new URL(a.url).host, origin: a.url, "x-forwarded-for": "10.9.9.9" };
    const login = await request(a, "POST", "/api/admin/login", own, { email, password: "Gerente#Multi2026" });
    expect(login.status, login.text).toBe(200);
    const cookie = /staff_sid=([^;]+)/.exec(String(login.headers["set-cookie"]))![1]!;
    const staff = { ...own, cookie: `staff_sid=${cookie}`, "x-csrf-token": (JSON.parse(login.text) as { csrf_token: string }).csrf_token };

    // The first category of the menu, in the footer of every page; B's home and brand list, cached.
    const [category] = await queryRows<{ id: number; slug: string; name_pt: string; name_es: string }>(
      database.db,
      sql`SELECT id, slug, name_pt, name_es FROM categorias WHERE visivel_menu ORDER BY ordem, id LIMIT 1`,
    );
    for (const url of ["/", "/marcas"]) {
      await page(b, url);
      expect((await page(b, url)).headers["x-page-cache"], url).toBe("hit");
    }
    expect((await page(b, "/")).text).toContain(category!.name_pt);

    const renamed = `Renomeada ${Date.now()}`;
    const body = { name_pt: renamed, name_es: category!.name_es, slug: category!.slug, visivel_menu: true, ordem: 0 };
    expect((await request(a, "PUT", `/api/admin/categories/${category!.id}`, staff, body)).status).toBe(200);
    await until(b, "/", renamed, true);

    expect((await request(a, "PUT", `/api/admin/categories/${category!.id}`, staff, { ...body, visivel_menu: false })).status).toBe(200);
    // The footer lists the menu's categories (the page's data still names the hidden one, for its own list).
    const footer = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
    expect(footer((await page(b, "/")).text)).toContain(renamed);
    await until(b, "/", renamed, false, footer);

    const brand = `Marca Nova ${Date.now()}`;
    expect((await request(a, "POST", "/api/admin/brands", staff, { nome: brand })).status).toBe(201);
    await until(b, "/marcas", brand, true);
  }, 180_000);
});
