import { afterEach, describe, expect, it } from "vitest";
import { uniqueEmail } from "../tests/support/customers.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** POST /ecom/cliente/recuperar-senha (5 a client in 15 minutes) from a connection and an X-Forwarded-For. */
const recover = (app: TestApp["app"], remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: "POST",
    url: "/ecom/cliente/recuperar-senha",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload: { email: uniqueEmail("limite") },
  });

describe("per-IP limits behind a proxy", () => {
  it("with the proxy's address configured, a client's own X-Forwarded-For changes nothing", async () => {
    t = await createTestApp({ TRUST_PROXY: "10.0.0.1" });
    const direct = [];
    for (let i = 0; i < 6; i++) direct.push((await recover(t.app, "198.51.100.9", `203.0.113.${i}`)).statusCode);
    expect(direct).toEqual([200, 200, 200, 200, 200, 429]);
    // Through the proxy, whatever the client wrote before the proxy's own entry is ignored.
    const proxied = [];
    for (let i = 0; i < 6; i++) proxied.push((await recover(t.app, "10.0.0.1", `192.0.2.${i}, 198.51.100.10`)).statusCode);
    expect(proxied).toEqual([200, 200, 200, 200, 200, 429]);
    // Two clients behind the proxy are two clients.
    expect((await recover(t.app, "10.0.0.1", "198.51.100.11")).statusCode).toBe(200);
  });

  it("with a number of hops, only that many entries from the right are believed", async () => {
    t = await createTestApp({ TRUST_PROXY: "1" });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await recover(t.app, "10.0.0.1", `192.0.2.${i}, 198.51.100.20`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
