import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConnection, type RawConnection } from "../tests/support/raw-http.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";

/**
 * A refused request (too large, malformed, invalid) is answered and the kept-alive connection goes
 * on serving: a load balancer's pooled connection is never left hanging or dropped by one bad client.
 */
let t: TestApp;
let port: number;
let conn: RawConnection;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  conn?.close();
  await t.close();
});

const post = (path: string, body: Buffer | string, type = "application/json") =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;

async function stillAnswers(c: RawConnection) {
  const next = await c.request(get("/api/public/brands"));
  expect(next.status).toBe(200);
  expect(JSON.parse(next.body).data.length).toBeGreaterThan(0);
  expect(c.closed).toBe(false);
}

describe("one kept-alive connection", () => {
  it("answers an oversized JSON body with 413 and then the next request", async () => {
    conn = await openConnection(port);
    const huge = JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) });
    const res = await conn.request(post("/ecom/login", huge), huge);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe("Arquivo muito grande");
    expect(res.headers.connection).not.toBe("close");
    await stillAnswers(conn);
  });

  it("answers malformed JSON, a NUL, a huge id and a wrong content type, each followed by a good request", async () => {
    conn = await openConnection(port);
    const cases: [string, string, string, number][] = [
      ["/ecom/login", "{not json", "application/json", 400],
      ["/ecom/cliente/cadastrar/check-email", JSON.stringify({ email: "a\u0000@b.co" }), "application/json", 422],
      ["/ecom/endereco/cidade-por-codigo", JSON.stringify({ pais_id: 99999999999, codigo: "1" }), "application/json", 422],
      ["/ecom/login", "email=a", "text/csv", 415],
    ];
    for (const [path, body, type, status] of cases) {
      const res = await conn.request(post(path, body, type), body);
      expect(res.status, `${path} ${type}`).toBe(status);
      await stillAnswers(conn);
    }
    const missing = await conn.request(get("/api/public/products/99999999999/details"));
    expect(missing.status).toBe(404);
    await stillAnswers(conn);
  });
});
