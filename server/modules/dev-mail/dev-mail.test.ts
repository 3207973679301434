import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // Development mode, as `npm start` without NODE_ENV.
  t = await createTestApp({ NODE_ENV: "development", LOG_LEVEL: "silent" });
});
afterAll(() => t.close());

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, remoteAddress, headers });

describe("the development outbox", () => {
  it("answers the machine itself", async () => {
    expect(t.config.env).toBe("development");
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await get("/dev/mail", address)).statusCode, address).toBe(200);
      expect((await get("/dev/mail.json", address)).statusCode, address).toBe(200);
    }
  });

  it("is not there for anyone else on the network, nor through a proxy on the machine", async () => {
    for (const address of ["192.168.1.20", "10.0.0.7", "203.0.113.5"]) {
      for (const url of ["/dev/mail", "/dev/mail.json"]) {
        const res = await get(url, address);
        expect(res.statusCode, `${url} from ${address}`).toBe(404);
        expect(res.body).not.toMatch(/Outbox|reset-password/);
      }
    }
    expect((await get("/dev/mail", "127.0.0.1", { "x-forwarded-for": "192.168.1.20" })).statusCode).toBe(404);
    expect((await get("/dev/mail.json", "127.0.0.1", { forwarded: "for=192.168.1.20" })).statusCode).toBe(404);
  });
});
