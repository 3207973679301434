import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiMessage } from "#contract/messages.ts";
import { openDatabase, type Database } from "#db/client.ts";
import { call, login, newCustomer, PASSWORD } from "../tests/support/customers.ts";
import { reachable, testRedisUrl, uniquePrefix } from "../tests/support/redis.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "#config/config.ts";
import { connectRedis } from "./lib/redis.ts";

/** Operations: health and readiness, request ids, and the state several processes share through Redis. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /healthz and /readyz", () => {
  it("answers that the process lives and that the database answers", async () => {
    expect((await call(t.app, "GET", "/healthz")).body).toEqual({ status: "ok" });
    const ready = await call(t.app, "GET", "/readyz");
    expect([ready.status, ready.body]).toEqual([200, { status: "ok", checks: { database: "ok", redis: "not configured" } }]);
  });

  it("answers 503 naming the database when it does not answer", async () => {
    const broken: Database = {
      ...t.database,
      db: { ...t.database.db, execute: () => Promise.reject(new Error("connection refused")) } as unknown as Database["db"],
    };
    const app = await buildApp({ config: t.config, database: broken });
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { status: "unavailable", failed: ["database"], checks: { database: "failed", redis: "not configured" } },
      ]);
    } finally {
      await app.close();
    }
  });

  it("stays ready, saying Redis is degraded, when REDIS_URL does not answer, and still closes", async () => {
    const app = await buildApp({ config: loadConfig({ ...envOf(t), REDIS_URL: "redis://127.0.0.1:1" }), database: t.database });
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect([res.statusCode, res.json()]).toEqual([200, { status: "degraded", checks: { database: "ok", redis: "degraded" } }]);
      // The shop serves from the database meanwhile.
      expect((await app.inject({ method: "GET", url: "/api/public/brands" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("a database out of reach", () => {
  it("answers 503 with the usual message in the visitor's language, quickly, never 500; /readyz 503", async () => {
    const nowhere = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", timeoutMs: 1000 });
    const app = await buildApp({ config: t.config, database: nowhere });
    try {
      const t0 = performance.now();
      const cart = await app.inject({
        method: "GET",
        url: "/ecom/venda/carrinho/8a6e0804-2bd0-4672-b79d-d97027f9071a",
        headers: { "accept-language": "es-PY" },
      });
      expect([cart.statusCode, cart.json()]).toEqual([503, { message: apiMessage("es-AR", "service_unavailable") }]);
      expect(performance.now() - t0).toBeLessThan(2000);
      const login = await app.inject({ method: "POST", url: "/ecom/login", payload: { email: "ana@example.com", password: "Ferramenta#2024" } });
      expect([login.statusCode, login.json().message]).toEqual([503, apiMessage("pt-BR", "service_unavailable")]);
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    } finally {
      await app.close();
      await nowhere.close();
    }
  });
});

describe("the API documentation page", () => {
  const docs = async (env: Record<string, string>) => {
    const app = await buildApp({ config: loadConfig({ ...envOf(t), ...env }), database: t.database });
    try {
      const res = await app.inject({ method: "GET", url: "/api/docs/" });
      return { status: res.statusCode, csp: res.headers["content-security-policy"] };
    } finally {
      await app.close();
    }
  };
  const secrets = { APP_SECRET: "s".repeat(40), SANDBOX_WEBHOOK_SECRET: "w".repeat(40) };

  it("is not served in production unless API_DOCS=1", async () => {
    expect((await docs({ NODE_ENV: "production", ...secrets })).status).toBe(404);
  });

  it("carries a Content-Security-Policy when it is served", async () => {
    for (const env of [{ NODE_ENV: "production", API_DOCS: "1", ...secrets }, {}]) {
      const res = await docs(env);
      expect(res.status).toBe(200);
      expect(res.csp).toContain("default-src 'none'");
      expect(res.csp).toContain("script-src 'self'");
      expect(res.csp).toContain("frame-ancestors 'none'");
    }
  });
});

describe("a shutdown", () => {
  it("turns /readyz to 503 and closes each connection after its answer", async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    try {
      expect((await app.inject({ method: "GET", url: "/readyz" })).headers.connection).not.toBe("close");
      app.drain();
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect([ready.statusCode, ready.json(), ready.headers.connection]).toEqual([503, { status: "draining" }, "close"]);
      const page = await app.inject({ method: "GET", url: "/api/public/brands" });
      expect([page.statusCode, page.headers.connection]).toEqual([200, "close"]);
    } finally {
      await app.close();
    }
  });
});

describe("request ids", () => {
  it("keeps an incoming X-Request-Id and echoes it", async () => {
    const res = await call(t.app, "GET", "/healthz", { headers: { "x-request-id": "lb-7f3a.42" } });
    expect(res.headers["x-request-id"]).toBe("lb-7f3a.42");
  });

  it("makes its own when there is none or it is not an id", async () => {
    const none = await call(t.app, "GET", "/healthz");
    const bad = await call(t.app, "GET", "/healthz", { headers: { "x-request-id": "a b\n{}" } });
    for (const res of [none, bad]) expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

const redisUp = await reachable(testRedisUrl);

describe.skipIf(!redisUp)("two apps sharing one database and one Redis", () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const prefix = uniquePrefix("ops");
  const redis = connectRedis(testRedisUrl);
  beforeAll(async () => {
    const config = loadConfig({ ...envOf(t), REDIS_URL: testRedisUrl, REDIS_PREFIX: prefix });
    a = await buildApp({ config, database: t.database });
    b = await buildApp({ config, database: t.database, redis });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("are ready when both answer", async () => {
    const res = await call(a, "GET", "/readyz");
    expect(res.body).toEqual({ status: "ok", checks: { database: "ok", redis: "ok" } });
  });

  it("count one client's requests together against a route's limit", async () => {
    const ip = "203.0.113.9";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      for (const app of [a, b]) {
        statuses.push((await call(app, "POST", "/api/public/contato-newsletter", { ip, body: { celular: "+595 981 000 111" } })).status);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("refuse one address after its failures spread over both", async () => {
    const { email } = await newCustomer(a, t.database.db);
    const ip = "198.51.100.20";
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, email, `Errada#${i}xyz`, ip)).status).toBe(401);
    expect((await login(a, email, PASSWORD, ip)).status).toBe(429);
    expect((await login(b, email, PASSWORD, ip)).status).toBe(429);
    // Another address is not locked out by them.
    expect((await login(b, email, PASSWORD, "198.51.100.21")).status).toBe(200);
  });

  it("slow an account down after failures from many addresses spread over both", async () => {
    const { email } = await newCustomer(a, t.database.db);
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, email, `Errada#${i}xyz`, `198.51.100.${30 + i}`)).status).toBe(401);
    // The first attempt of the pause goes through on one process; the other process sees the same pause.
    expect((await login(a, email, "Errada#5xyz", "198.51.100.40")).status).toBe(401);
    expect((await login(b, email, PASSWORD, "198.51.100.41")).status).toBe(429);
  });
});

function envOf(app: TestApp): Record<string, string> {
  return { NODE_ENV: "test", DATA_DIR: app.config.dataDir };
}
