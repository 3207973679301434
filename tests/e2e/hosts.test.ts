import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";

/**
 * Every page and file that prints an absolute URL, asked for with a forged Host (and X-Forwarded-Host):
 * each URL must be the store's own (PUBLIC_URL, http://localhost:<port> on the test server), so no cache in
 * front can keep a page pointing at someone else's site.
 */
const baseURL = storeURL();
const { port } = new URL(baseURL);
const publicOrigin = `http://localhost:${port}`;

interface Answer {
  status: number;
  location?: string;
  body: string;
}

/** A GET straight to the server with the given Host header (fetch would not let us set it). */
function get(path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET", headers: { host, "accept-language": "pt-BR", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Absolute http(s) URLs in a page or file, HTML-escaped or JSON-escaped ones included. */
const absoluteUrls = (text: string) => [...text.replace(/\\\//g, "/").matchAll(/https?:\/\/[^\s"'<>\\)]+/g)].map((m) => m[0]);
/** Addresses of other sites the store legitimately links to (schema.org vocabulary, WhatsApp). */
const foreign = (url: string) => /^https?:\/\/(schema\.org|wa\.me|www\.sitemaps\.org|www\.w3\.org|api\.whatsapp\.com)\b/.test(url);

let paths: string[];
beforeAll(async () => {
  const res = await fetch(`${baseURL}/api/public/products?per_page=1`);
  const [product] = ((await res.json()) as { data: ProductSummary[] }).data;
  paths = [
    "/",
    "/produtos",
    `/produto/${product!.slug}`,
    "/marcas",
    "/vendedores",
    "/sobre-nos",
    "/como-comprar",
    "/login",
    "/nao-existe",
    "/robots.txt",
    "/sitemap.xml",
    "/sitemap-pages.xml",
    "/sitemap-products.xml?page=1",
  ];
});

describe("a forged Host", () => {
  it("never reaches a canonical or hreflang link, the JSON-LD, a sitemap or robots.txt", async () => {
    const cases: Record<string, string>[] = [
      { host: "evil.example" },
      { host: `evil.example:${port}` },
      { host: "ferreteriadeleste.com.py.evil.example" },
      { host: "x.ferreteriadeleste.com.py" },
      { host: `127.0.0.1:${port}`, "x-forwarded-host": "evil.example" },
    ];
    for (const forged of cases) {
      const { host = "", ...headers } = forged;
      for (const path of paths) {
        const res = await get(path, host, headers);
        const label = `${path} with ${JSON.stringify(forged)}`;
        expect(res.status, label).toBeLessThan(500);
        expect(res.body, label).not.toMatch(/evil\.example|x\.ferreteriadeleste/);
        const own = absoluteUrls(res.body).filter((url) => !foreign(url));
        expect(own.length, `${label} prints absolute URLs`).toBeGreaterThan(0);
        // The test server trusts loopback as its proxy: a forwarded host is the one it names, unknown here, so PUBLIC_URL.
        const expected = host.startsWith("127.0.0.1") && !headers["x-forwarded-host"] ? baseURL : publicOrigin;
        for (const url of own) expect(url.startsWith(`${expected}/`) || url === expected, `${label}: ${url}`).toBe(true);
      }
    }
  });

  it("the brand hosts, named exactly, get their own links and each other's as alternates", async () => {
    const [product] = paths.filter((p) => p.startsWith("/produto/"));
    const es = await get(product!, "ferreteriadeleste.com.py");
    expect(es.body).toContain(`<link rel="canonical" href="http://ferreteriadeleste.com.py${product}"/>`);
    expect(es.body).toContain(`hrefLang="pt-BR" href="http://ferramentasdoparaguai.com.br${product}"`);
    expect(es.body).toContain(`hrefLang="es" href="http://ferreteriadeleste.com.py${product}"`);
    const robots = await get("/robots.txt", "ferramentasdoparaguai.com.br");
    expect(robots.body).toContain("Sitemap: http://ferramentasdoparaguai.com.br/sitemap.xml");
  });

  it("a Host that names no host at all is refused plainly", async () => {
    for (const host of ["a b", `localhost:${port}:@evil.example`]) {
      const res = await get("/", host);
      expect(res.status, host).toBe(400);
      expect(res.body).not.toContain("evil.example");
    }
  });
});

describe("redirects", () => {
  it("never send a visitor to a path a browser reads as another host", async () => {
    for (const path of ["/.//evil.example/?lang=es-PY", "/%2e//evil.example/?lang=es-PY", "/a/..//evil.example?lang=pt-BR"]) {
      const res = await get(path, `127.0.0.1:${port}`);
      expect(res.status, path).toBeLessThan(500);
      if (res.location) expect(res.location, path).not.toMatch(/^(\/\/|\/\\|https?:)/);
    }
  });
});
