import net from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange, statusLines } from "../../tests/support/raw-http.ts";
import { DRAIN_LIMIT_BYTES, requestBody } from "./request-body.ts";

/**
 * A handler that answers without reading the body (as the storefront's 405 for a page without an
 * action does) must leave the kept-alive connection able to carry the next request.
 */

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = Fastify();
  // As the storefront does: bodies reach the handler unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, _payload, done) => done(null));
  app.post("/refuse", async (request, reply) => {
    const body = requestBody(request.raw);
    if (body.settle()) reply.header("connection", "close");
    return reply.status(405).send("no action here");
  });
  app.post("/echo-size", async (request) => {
    const body = requestBody(request.raw);
    let size = 0;
    const reader = body.stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) size += r.value.byteLength;
    body.settle();
    return { size };
  });
  app.get("/next", async () => "next answered");
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

const exchange = (data: Buffer[]) => rawExchange(`http://127.0.0.1:${port}`, data, { ms: 1500 });

const post = (path: string, size: number, declared = size) =>
  Buffer.concat([
    Buffer.from(`POST ${path} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n`),
    Buffer.alloc(size, "a"),
  ]);
const next = Buffer.from("GET /next HTTP/1.1\r\nHost: shop\r\n\r\n");

describe("a request body the handler did not read", () => {
  it("is read and dropped, so the same connection answers the next request", async () => {
    const { text } = await exchange([post("/refuse", 2 * 1024 * 1024), next]);
    expect(statusLines(text)).toEqual(["HTTP/1.1 405", "HTTP/1.1 200"]);
    expect(text).toContain("next answered");
  });

  it("closes the connection instead when it is larger than is worth reading", async () => {
    const declared = DRAIN_LIMIT_BYTES + 1;
    const { text, closed } = await exchange([post("/refuse", 64 * 1024, declared)]);
    expect(statusLines(text)).toEqual(["HTTP/1.1 405"]);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(closed).toBe(true);
  });

  it("still reaches a handler that reads it, whole", async () => {
    const { text } = await exchange([post("/echo-size", 300_000), next]);
    expect(statusLines(text)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    expect(text).toContain('{"size":300000}');
  });
});
