import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { startBancardDouble } from "../support/bancard-double.ts";
import { scratchDatabase } from "../support/db-urls.ts";
import { e2eShop } from "../support/e2e-shop.ts";
import { freePort } from "../support/free-port.ts";
import { startOtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver.ts";
import { forgetPrefix, reachable, testRedisUrl, uniquePrefix } from "../support/redis.ts";
import { startStore } from "../support/store-process.ts";

/**
 * The store started as `npm start` starts it, with OTEL_EXPORTER_OTLP_ENDPOINT naming an OTLP/HTTP receiver
 * here, on PostgreSQL and Redis when they answer (else the embedded database, without Redis). A buyer's
 * checkout, as a browser whose page load and payment call belong to one trace sends it: the /checkout page
 * (rendered on the server, calling the API in-process) and the payment start (the API calling Bancard's
 * double), both with one W3C traceparent. One trace then holds the page render, its in-process API call,
 * the SQL under it, Redis commands and the gateway call, and every log line of both requests names it.
 */

const KEYS = { publicKey: "pub-bancard", privateKey: "priv-bancard" };
const HTTP_SERVER = 2;
const CLIENT = 3;

const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const closers: (() => Promise<void>)[] = [];
const lines: string[] = [];
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let bancard: Awaited<ReturnType<typeof startBancardDouble>>;
let store: { url: string };
let onPostgres = false;
let withRedis = false;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  closers.push(() => receiver.close());
  bancard = await startBancardDouble(KEYS);
  closers.push(() => bancard.close());
  const env: Record<string, string> = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "store-under-test",
    // Spans leave at once rather than every 5 s.
    OTEL_BSP_SCHEDULE_DELAY: "100",
    LOG_LEVEL: "info",
    SEED_PRODUCTS: "60",
    PAYMENT_PROVIDERS: "bancard",
    BANCARD_PUBLIC_KEY: KEYS.publicKey,
    BANCARD_PRIVATE_KEY: KEYS.privateKey,
    BANCARD_URL: bancard.url,
  };
  if (await reachable(adminUrl)) {
    const database = await scratchDatabase(adminUrl, "store_traces");
    closers.push(() => database.drop());
    env.DATABASE_URL = database.url;
    onPostgres = true;
  }
  if (await reachable(testRedisUrl)) {
    const prefix = uniquePrefix("traces");
    closers.push(() => forgetPrefix(testRedisUrl, prefix));
    Object.assign(env, { REDIS_URL: testRedisUrl, REDIS_PREFIX: prefix });
    withRedis = true;
  }
  const port = await freePort();
  const started = await startStore({
    port,
    buildDir: inject("buildDir"),
    tracing: true,
    lines,
    env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  closers.unshift(() => started.close());
  store = started;
});

afterAll(async () => {
  for (const close of closers) await close();
});

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** The spans of one trace, and a way up from a span to its ancestors. */
function traceOf(traceId: string) {
  const spans = receiver.spans.filter((s) => s.traceId === traceId);
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const ancestors = (span: ReceivedSpan) => {
    const up: ReceivedSpan[] = [];
    for (let p = byId.get(span.parentSpanId ?? ""); p; p = byId.get(p.parentSpanId ?? "")) up.push(p);
    return up;
  };
  const under = (span: ReceivedSpan, ancestor: ReceivedSpan) => ancestors(span).includes(ancestor);
  return { spans, under };
}

/** The store's JSON log lines of one request id. */
const logLinesOf = (reqId: string) =>
  lines.flatMap((line) => {
    if (!line.startsWith("{")) return [];
    const record = JSON.parse(line) as Record<string, unknown>;
    return record.reqId === reqId ? [record] : [];
  });

describe("traces", () => {
  it("one checkout is one trace: the page render, its in-process API call, their SQL and Redis, the gateway call, and the log lines", async () => {
    const shop = e2eShop(store.url);
    const products = await shop.json<{ data: ProductSummary[] }>("/api/public/products?per_page=50&moeda_id=3");
    const product = products.data.find((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 5)!;
    const { email, token } = await shop.newCustomer("py");
    const cart = await shop.customerCart(token, 3, [{ produto_id: product.id, qtde: 1 }]);
    const me = await shop.json<{ enderecos: { cidade_id: number }[] }>("/ecom/me", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const quote = await shop.json<{ data: { token: string; valor: string; entrega_servico_id: number | null }[] }>(
      `/ecom/venda/carrinho/${cart.external_id}/calcular-frete`,
      {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: cart.id, external_id: cart.external_id, filial_id: 1, pais_id: 2, cidade_id: me.enderecos[0]!.cidade_id }),
      },
    );
    const pickup = quote.data.find((o) => o.entrega_servico_id === null)!;

    // The browser's trace: its page load and its payment call, each a span of the browser's own.
    const traceId = hex(16);
    const pageRequestId = `page-${hex(6)}`;
    const apiRequestId = `pay-${hex(6)}`;
    const page = await fetch(`${store.url}/checkout`, {
      headers: { cookie: `sid=${token}; lang=es-PY`, traceparent: `00-${traceId}-${hex(8)}-01`, "x-request-id": pageRequestId },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="page-title"');
    const pay = await fetch(`${store.url}/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        traceparent: `00-${traceId}-${hex(8)}-01`,
        "x-request-id": apiRequestId,
      },
      body: JSON.stringify({ token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null }),
    });
    const paid = (await pay.json()) as { link_pagamento: string[] };
    expect(pay.status, JSON.stringify(paid)).toBe(200);
    expect(paid.link_pagamento[0]).toContain(bancard.url);

    // The gateway was asked with the trace's traceparent.
    const singleBuy = bancard.calls.find((c) => c.path.endsWith("/single_buy"))!;
    expect(String(singleBuy.headers.traceparent)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const isPage = (s: ReceivedSpan) => s.kind === HTTP_SERVER && s.attributes["url.path"] === "/checkout";
    const isCheckoutCall = (s: ReceivedSpan) =>
      s.kind === HTTP_SERVER && s.attributes["http.route"] === "/ecom/venda/carrinho/:external_id/iniciar-checkout";
    const isSql = (s: ReceivedSpan) =>
      s.kind === CLIENT && s.attributes["db.system.name"] === "postgresql" && typeof s.attributes["db.query.text"] === "string";
    const isGatewayCall = (s: ReceivedSpan) =>
      s.kind === CLIENT && String(s.attributes["url.full"]).startsWith(`${bancard.url}/vpos/api/0.3/single_buy`);
    await expect
      .poll(() => {
        const { spans } = traceOf(traceId);
        return [spans.some(isPage), spans.some(isCheckoutCall), spans.some(isGatewayCall)];
      })
      .toEqual([true, true, true]);

    const { spans, under } = traceOf(traceId);
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(["store-under-test"]));
    const pageSpan = spans.find(isPage)!;
    // The page's loader reads the address book through the API, in-process: a server span of the API under the page's.
    const apiInPage = spans.find((s) => s.kind === HTTP_SERVER && s.attributes["http.route"] === "/ecom/cliente/address" && under(s, pageSpan));
    expect(apiInPage, "the page's in-process API call").toBeDefined();
    expect(apiInPage!.name).toBe("GET /ecom/cliente/address");
    // The page's own span keeps its own route, whatever API routes ran inside it.
    expect(pageSpan.name).toBe("GET /*");
    const sqlOfApi = spans.filter((s) => isSql(s) && under(s, apiInPage!));
    expect(sqlOfApi.length, "SQL under the in-process API call").toBeGreaterThan(0);
    if (onPostgres) expect(sqlOfApi.some((s) => s.scope === "@opentelemetry/instrumentation-pg")).toBe(true);
    const checkoutCall = spans.find(isCheckoutCall)!;
    expect(spans.some((s) => isSql(s) && under(s, checkoutCall))).toBe(true);
    expect(under(spans.find(isGatewayCall)!, checkoutCall)).toBe(true);
    if (withRedis) expect(spans.some((s) => s.kind === CLIENT && s.attributes["db.system.name"] === "redis")).toBe(true);

    // Every log line of both requests (the page's in-process API calls log under the page's id) names the trace.
    const pageLines = logLinesOf(pageRequestId);
    const apiLines = logLinesOf(apiRequestId);
    expect(pageLines.length).toBeGreaterThanOrEqual(4);
    expect(apiLines.length).toBeGreaterThanOrEqual(2);
    for (const record of [...pageLines, ...apiLines]) {
      expect(record.trace_id).toBe(traceId);
      expect(record.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(new Set(pageLines.map((r) => r.span_id))).toContain(pageSpan.spanId);
    expect(receiver.refused).toEqual([]);

    // What the logs keep out, the spans keep out too: a reset link's token, the customer's e-mail (a login
    // counter's Redis key holds it).
    const secret = hex(20);
    await fetch(`${store.url}/app/reset-password/${secret}?email=${encodeURIComponent(email)}`, {
      headers: { traceparent: `00-${traceId}-${hex(8)}-01` },
    });
    await expect.poll(() => traceOf(traceId).spans.some((s) => String(s.attributes["url.path"]).startsWith("/app/reset-password/"))).toBe(true);
    const everything = JSON.stringify(receiver.spans);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(encodeURIComponent(email));
  });
});
