import Fastify from "fastify";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import { createMailer } from "../lib/mailer.ts";
import { GatewayError, type PaymentProvider } from "../payments/provider.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { enableMetrics, record, storeMetrics, switchMetrics, watchDatabase, type StoreMetrics } from "./metrics.ts";
import { timedGateway } from "./metrics-gateway.ts";
import { pageTemplates, UNMATCHED } from "./metrics-routes.ts";
import { serveMetrics } from "./metrics-server.ts";
import { metricsPlugin } from "./metrics-plugin.ts";

/** The value of `name` (a histogram's count) summed over its series whose labels include `labels`; undefined when none. */
async function value(metrics: StoreMetrics, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) return undefined;
  const { values, type } = await metric.get();
  const sample = String(type) === "histogram" ? `${name}_count` : undefined;
  const found = values.filter(
    (v) =>
      (sample === undefined || (v as { metricName?: string }).metricName === sample) &&
      Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want),
  );
  return found.length === 0 ? undefined : found.reduce((sum, v) => sum + v.value, 0);
}

let metrics: StoreMetrics;
let t: TestApp;
beforeAll(async () => {
  metrics = enableMetrics({ version: "1.2.3", commit: "abc123" });
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the metrics listener", () => {
  it("serves the metrics in Prometheus's text format on its own port, and nothing else there", async () => {
    const { server, port } = await serveMetrics(metrics, 0, "127.0.0.1");
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
      const text = await res.text();
      expect(text).toContain('store_build_info{version="1.2.3",commit="abc123"} 1');
      expect(text).toContain("nodejs_heap_size_used_bytes");
      expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("is not served by the public listener: /metrics answers 404 there", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(404);
  });
});

describe("request timings", () => {
  it("label a request by its route's template, never its URL, and put unknown paths in one bucket", async () => {
    const before = (await value(metrics, "store_http_request_duration_seconds", { route: "/api/public/products/:id/details" })) ?? 0;
    const product = await t.app.inject({ method: "GET", url: "/api/public/products/1/details?moeda_id=2&lang=pt" });
    expect(product.statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: "/api/public/nothing-here-1" });
    await t.app.inject({ method: "GET", url: "/nothing-here-2" });
    const text = await metrics.registry.metrics();
    expect(text).not.toContain("nothing-here");
    expect(text).not.toContain("/api/public/products/1/");
    // Buckets from 5 ms to 10 s.
    expect(text).toMatch(/store_http_request_duration_seconds_bucket\{[^}]*le="0.005"/);
    expect(text).toMatch(/store_http_request_duration_seconds_bucket\{[^}]*le="10"/);
    expect(text).toMatch(
      /store_http_request_duration_seconds_count\{kind="api",method="GET",route="\/api\/public\/products\/:id\/details",status_class="2xx"\} \d+/,
    );
    expect(text).toMatch(/store_http_request_duration_seconds_count\{kind="other",method="GET",route="unmatched",status_class="4xx"\} \d+/);
    expect(text).toMatch(/store_http_request_duration_seconds_count\{kind="api",method="GET",route="unmatched",status_class="4xx"\} \d+/);
    expect(await value(metrics, "store_http_request_duration_seconds", { route: "/api/public/products/:id/details" })).toBeGreaterThan(before);
    expect(await value(metrics, "store_http_requests_in_flight", { kind: "api" })).toBe(0);
  });

  it("count a request in flight until it is answered, and not past the moment its visitor leaves", async () => {
    // Each call to /api/slow waits until the test lets it answer.
    const calls: { answer(): void; answered: boolean }[] = [];
    const app = Fastify();
    app.get("/api/slow", async () => {
      const call = { answer: () => {}, answered: false };
      const answered = new Promise<void>((resolve) => (call.answer = resolve));
      calls.push(call);
      await answered;
      call.answered = true;
      return { ok: true };
    });
    await app.register(metricsPlugin, { database: {} as Database });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const inFlight = () => value(metrics, "store_http_requests_in_flight", { kind: "api" });
    try {
      // One visitor waits for the answer: counted until it comes.
      const waited = fetch(`${address}/api/slow`);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(await inFlight()).toBe(1);
      calls[0]!.answer();
      expect((await waited).status).toBe(200);
      await vi.waitFor(async () => expect(await inFlight()).toBe(0));

      // Another leaves before its answer: no longer counted once its connection is gone, though the handler still runs.
      const leaving = new AbortController();
      const left = fetch(`${address}/api/slow`, { signal: leaving.signal }).catch(() => "left");
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      expect(await inFlight()).toBe(1);
      leaving.abort();
      expect(await left).toBe("left");
      await vi.waitFor(async () => expect(await inFlight()).toBe(0));
      expect(calls[1]!.answered).toBe(false);
      calls[1]!.answer();
      await vi.waitFor(() => expect(calls[1]!.answered).toBe(true));
      expect(await inFlight()).toBe(0);
    } finally {
      for (const call of calls) call.answer();
      await app.close();
    }
  });

  it("name a page by the storefront route that renders it, as React Router would match it", () => {
    const entries: [id: string, parentId: string | undefined, path: string | undefined, index?: boolean][] = [
      ["root", undefined, ""],
      ["home", "root", undefined, true],
      ["products", "root", "produtos/:categoriaSlug?/:departamentoSlug?"],
      ["product", "root", "produto/:slug?"],
      ["brand", "root", "marca/:brandSlug?/:categoriaSlug?"],
      ["reset", "root", "app/reset-password/:uuid/:token"],
      ["profile", "root", "perfil"],
      ["profile-index", "profile", undefined, true],
      ["profile-orders", "profile", "meus-pedidos"],
      ["checkout", "root", "checkout"],
      ["checkout-payment", "root", "checkout/payment"],
      ["sitemap", "root", "sitemap.xml"],
      ["admin", "root", "admin"],
      ["admin-home", "admin", undefined, true],
      ["admin-products", "admin", "produtos"],
      ["admin-product-new", "admin", "produtos/novo"],
      ["admin-product", "admin", "produtos/:id"],
      ["not-found", "root", "*"],
    ];
    const build = { routes: Object.fromEntries(entries.map(([id, parentId, path, index]) => [id, { id, parentId, path, index }])) };
    const template = pageTemplates(build as unknown as ServerBuild);
    // React Router's own matching, which the compiled patterns stand in for.
    const tree = (parentId: string | undefined): RouteObject[] =>
      entries.filter((e) => e[1] === parentId).map(([id, , path, index]) => (index ? { id, path, index: true } : { id, path, children: tree(id) }));
    const reference = (pathname: string) => {
      const matches = matchRoutes(tree(undefined), pathname) ?? [];
      if (matches.length === 0 || matches.some((m) => m.route.path === "*")) return UNMATCHED;
      const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p);
      return `/${parts.join("/")}`;
    };
    const paths = [
      "/",
      "/produtos",
      "/produtos/ferramentas",
      "/produtos/ferramentas/eletricas",
      "/produtos/a/b/c",
      "/produto",
      "/produto/furadeira-de-impacto-123",
      "/Produto/Furadeira",
      "/marca/bosch",
      "/app/reset-password/1/abc",
      "/app/reset-password/1",
      "/perfil",
      "/perfil/",
      "/perfil/meus-pedidos",
      "/perfil/nada",
      "/checkout",
      "/checkout/payment",
      "/sitemap.xml",
      "/admin",
      "/admin/produtos",
      "/admin/produtos/novo",
      "/admin/produtos/42",
      "/admin/produtos/42/x",
      "/some/unknown/page",
      "/produto/caf%C3%A9",
    ];
    for (const p of paths) expect(template(p), p).toBe(reference(p));
    expect(template("/produto/furadeira-de-impacto-123")).toBe("/produto/:slug?");
    expect(template("/admin/produtos/novo")).toBe("/admin/produtos/novo");
    expect(template("/some/unknown/page")).toBe(UNMATCHED);
  });

  it("count a 429 under the limit's route", async () => {
    // The newsletter sign-up allows 10 a minute per address.
    for (let i = 0; i < 11; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/public/contato-newsletter",
        remoteAddress: "10.9.9.9",
        payload: { celular: "+595 981 222 333" },
      });
    }
    expect(await value(metrics, "store_rate_limit_refusals_total", { limit: "/api/public/contato-newsletter" })).toBe(1);
  });
});

describe("the store's parts", () => {
  const provider = (fail?: Error): PaymentProvider =>
    ({
      name: "bancard",
      methods: () => ["cartao"],
      parseNotification: () => undefined,
      createPayment: async () => {
        if (fail) throw fail;
        return { ref: "r1", link: "https://pay.example/r1" };
      },
      fetchStatus: async () => ({ status: "AGUARDANDO" }),
    }) as PaymentProvider;

  it("time each gateway call by provider, operation and outcome, leaving its answers and errors as they were", async () => {
    const ok = timedGateway(provider());
    expect(ok.name).toBe("bancard");
    expect(ok.methods(3)).toEqual(["cartao"]);
    await expect(ok.createPayment({} as never)).resolves.toEqual({ ref: "r1", link: "https://pay.example/r1" });
    const slow = new GatewayError("bancard", "no answer from /vpos/api/0.3/single_buy: TimeoutError");
    await expect(timedGateway(provider(slow)).createPayment({} as never)).rejects.toBe(slow);
    const refused = new GatewayError("bancard", "answered 500 without JSON");
    await expect(timedGateway(provider(refused)).createPayment({} as never)).rejects.toBe(refused);
    for (const outcome of ["ok", "timeout", "error"]) {
      expect(await value(metrics, "store_gateway_call_duration_seconds", { provider: "bancard", operation: "createPayment", outcome })).toBe(1);
    }
  });

  it("count e-mails sent and failed", async () => {
    let fail = false;
    const mailer = createMailer(t.database.db, {
      from: "Loja <no-reply@example.com>",
      keepBodies: false,
      log: () => {},
      transport: {
        sendMail: async () => {
          if (fail) throw new Error("550 mailbox unavailable");
          return {} as never;
        },
      },
    });
    const message = { to: "a@example.com", subject: "Pedido", html: "<p>ok</p>", text: "ok" };
    await mailer.send(message);
    fail = true;
    await mailer.send(message);
    await mailer.send(message);
    expect(await value(metrics, "store_emails_total", { outcome: "sent" })).toBe(1);
    expect(await value(metrics, "store_emails_total", { outcome: "failed" })).toBe(2);
  });

  it("count nothing while switched off, and count again into the same series once switched back", async () => {
    const before = (await value(metrics, "store_page_cache_lookups_total", { result: "hit" })) ?? 0;
    switchMetrics(undefined);
    try {
      record.pageCache("hit");
      expect(storeMetrics()).toBeUndefined();
    } finally {
      switchMetrics(metrics);
    }
    expect((await value(metrics, "store_page_cache_lookups_total", { result: "hit" })) ?? 0).toBe(before);
    record.pageCache("hit");
    expect(await value(metrics, "store_page_cache_lookups_total", { result: "hit" })).toBe(before + 1);
  });

  it("open PostgreSQL's circuit when a request finds it out of reach, and close it once a probe answers", async () => {
    vi.useFakeTimers();
    try {
      let answers = false;
      watchDatabase(() => (answers ? Promise.resolve() : Promise.reject(new Error("connect ECONNREFUSED"))));
      const open = () => value(metrics, "store_circuit_open", { dependency: "postgres" });
      expect(await open()).toBe(0);
      record.databaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
      record.databaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
      expect(await open()).toBe(1);
      await vi.advanceTimersByTimeAsync(2500);
      expect(await open()).toBe(1);
      answers = true;
      await vi.advanceTimersByTimeAsync(2500);
      expect(await open()).toBe(0);
      // One outage however many requests met it.
      expect(await value(metrics, "store_outages_total", { dependency: "postgres" })).toBe(1);
      // A statement over its time limit is counted, and is no outage: the database answered.
      record.databaseUnavailable(
        new Error("wrapped", { cause: Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }) }),
      );
      expect(await value(metrics, "store_db_statement_timeouts_total")).toBe(1);
      expect(await open()).toBe(0);
    } finally {
      watchDatabase(undefined);
      vi.useRealTimers();
    }
  });

  it("report the in-memory catalogue's products and a lag of a moment", async () => {
    const products = await value(metrics, "store_catalogue_index_products");
    expect(products).toBeGreaterThan(0);
    const lag = await value(metrics, "store_catalogue_index_lag_seconds");
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(2);
  });
});

describe("the dashboard and the alerting rules", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  it("read only metrics the store exports", async () => {
    const dir = import.meta.dirname;
    // Those the registry holds now, and those a part registers when it is there (the PostgreSQL pool).
    const exported = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      for (const [, name] of readFileSync(path.join(dir, file), "utf8").matchAll(/name: "(\w+)"/g)) exported.add(name!);
    }
    for (const file of ["ops/grafana/store-dashboard.json", "ops/prometheus/alerts.yml"]) {
      const text = readFileSync(path.join(root, file), "utf8");
      const used = new Set([...text.matchAll(/\b((?:store|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, "")));
      const unknown = [...used].filter((name) => !exported.has(name));
      expect(unknown, file).toEqual([]);
      expect(used.size, file).toBeGreaterThan(5);
    }
  });
});
