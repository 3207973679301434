import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiMessage } from "#contract/messages.ts";
import { loadConfig } from "#config/config.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { lastLink, newCustomer } from "../../tests/support/customers.ts";
import { siteFor, VISITOR_SITE_HEADER, withVisitorSite } from "./site.ts";

const production = loadConfig({
  NODE_ENV: "production",
  PORT: "3000",
  PUBLIC_URL: "https://ferramentasdoparaguai.com.br",
  HOST_PT: "ferramentasdoparaguai.com.br",
  HOST_ES: "ferreteriadeleste.com.py",
});
const development = loadConfig({ PORT: "3917", PUBLIC_URL: "http://localhost:3917" });

describe("siteFor", () => {
  it("serves each brand host as itself, with both hosts as alternates", () => {
    const es = siteFor(production, "FerreteriaDelEste.com.py", "https");
    expect(es).toMatchObject({
      brand: "es",
      origin: "https://ferreteriadeleste.com.py",
      originPt: "https://ferramentasdoparaguai.com.br",
      originEs: "https://ferreteriadeleste.com.py",
    });
    expect(siteFor(production, "ferramentasdoparaguai.com.br", "http")).toMatchObject({
      brand: "pt",
      origin: "https://ferramentasdoparaguai.com.br",
    });
  });

  it("answers any other host, look-alikes and subdomains included, as PUBLIC_URL", () => {
    for (const host of [
      "evil.example",
      "x.ferreteriadeleste.com.py",
      "ferreteriadeleste.com.py.evil.example",
      "ferreteriadeleste.com.py:8080",
      "localhost:3000",
      "127.0.0.1:3000",
      "store:@evil.example",
      "",
      undefined,
    ]) {
      const site = siteFor(production, host, "https");
      expect([site.origin, site.originPt, site.originEs], String(host)).toEqual([
        "https://ferramentasdoparaguai.com.br",
        "https://ferramentasdoparaguai.com.br",
        "https://ferreteriadeleste.com.py",
      ]);
    }
  });

  it("off production, also the machine itself on the server's port, and nothing else", () => {
    expect(siteFor(development, "127.0.0.1:3917", "http").origin).toBe("http://127.0.0.1:3917");
    expect(siteFor(development, "[::1]:3917", "http").origin).toBe("http://[::1]:3917");
    expect(siteFor(development, "localhost:3917", "https").origin).toBe("http://localhost:3917");
    for (const host of ["127.0.0.1:4000", "evil.localhost:3917", "192.168.0.10:3917"]) {
      const site = siteFor(development, host, "http");
      expect([site.origin, site.originPt, site.originEs], host).toEqual(Array(3).fill("http://localhost:3917"));
    }
  });
});

describe("requests to the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://loja.example.test", HOST_ES: "ferreteria.example.test" });
  });
  afterAll(() => t.close());

  const recover = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/ecom/cliente/recuperar-senha", headers, payload: { email }, remoteAddress: "10.1.2.3" });

  it("an in-process call of the storefront links to its visitor's host; an outside client cannot claim one", async () => {
    const { email } = await newCustomer(t.app, t.database.db);
    const visitor = siteFor(t.config, "ferreteria.example.test", "https");
    await withVisitorSite(visitor, (key) => recover(email, { [VISITOR_SITE_HEADER]: key }));
    expect((await lastLink(t.app, email, "reset-password")).origin).toBe("https://ferreteria.example.test");
    await recover(email, { [VISITOR_SITE_HEADER]: "00000000-0000-4000-8000-000000000000", host: "evil.example" });
    expect((await lastLink(t.app, email, "reset-password")).origin).toBe("https://loja.example.test");
  });

  it("answers a storefront call in its visitor's host language on a first visit, whatever the browser's Accept-Language", async () => {
    const { email } = await newCustomer(t.app, t.database.db);
    const spanishHost = siteFor(t.config, "ferreteria.example.test", "https");
    const es = await withVisitorSite(spanishHost, (key) => recover(email, { [VISITOR_SITE_HEADER]: key, "accept-language": "pt-BR" }));
    expect(es.json().message).toBe(apiMessage("es-AR", "recovery_sent"));
    // The visitor's chosen language (the storefront's cookie) still wins.
    const chosen = await withVisitorSite(spanishHost, (key) => recover(email, { [VISITOR_SITE_HEADER]: key, cookie: "lang=pt-BR" }));
    expect(chosen.json().message).toBe(apiMessage("pt-BR", "recovery_sent"));
  });

  it("is answered 400 with the plain message, in the visitor's language", async () => {
    for (const host of ["a b", "store.example:@evil.example", "evil.example/x"]) {
      const res = await t.app.inject({ method: "GET", url: "/api/public/start", headers: { host, "accept-language": "es" } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toEqual({ message: "Solicitud inválida" });
    }
  });
});
