import { afterEach, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import catalogPtBR from "../../app/i18n/locales/pt-BR/catalog.json" with { type: "json" };
import { FORM_BODY_LIMIT } from "../../server/plugins/web.ts";
import { openConnection, type RawConnection } from "../support/raw-http.ts";

/**
 * The storefront's form actions read whole bodies (registration copies its form again to forward it),
 * so a body past the limit is refused with 413 before React Router reads it; and pages that take an
 * id from the address answer 404 for one no row can have, never a 5xx.
 */
const baseURL = new URL(storeURL());
const port = Number(baseURL.port);
let conn: RawConnection | undefined;
afterEach(() => conn?.close());

const head = (path: string, extra: string) =>
  `POST ${path} HTTP/1.1\r\nHost: ${baseURL.host}\r\nConnection: keep-alive\r\nOrigin: ${baseURL.origin}\r\nContent-Type: multipart/form-data; boundary=x\r\n${extra}\r\n`;

describe("storefront form bodies", () => {
  it("refuses a declared length past the limit with 413, and the connection answers the next request", async () => {
    conn = await openConnection(port);
    const body = Buffer.alloc(FORM_BODY_LIMIT + 1, "a");
    const res = await conn.request(head("/cadastro", `Content-Length: ${body.length}\r\n`), body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe("Arquivo muito grande");
    const next = await conn.request(`GET /cadastro HTTP/1.1\r\nHost: ${baseURL.host}\r\nConnection: keep-alive\r\n\r\n`);
    expect(next.status).toBe(200);
  });

  it("cuts off a streamed body once it passes the limit and answers 413", async () => {
    conn = await openConnection(port);
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const chunks = Math.ceil(FORM_BODY_LIMIT / chunk.length) + 2;
    const framed = Buffer.concat([
      ...Array.from({ length: chunks }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])),
      Buffer.from("0\r\n\r\n"),
    ]);
    const res = await conn.request(head("/cadastro", "Transfer-Encoding: chunked\r\n"), framed);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe("Arquivo muito grande");
  });

  it("still hands a form under the limit to the page's action", async () => {
    const form = new FormData();
    form.set("nome", "Ana");
    const res = await fetch(new URL("/cadastro", baseURL), { method: "POST", body: form, headers: { origin: baseURL.origin } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("ids in page addresses", () => {
  it("answers 404 for product ids past the 32-bit range and for a NUL, never a 5xx", async () => {
    for (const id of ["99999999999", "2147483648", "9".repeat(40), "%00", "a%00b"]) {
      const res = await fetch(new URL(`/produto/${id}`, baseURL));
      expect(res.status, id).toBe(404);
    }
  });

  it("lists products, not the load error, for a brand filter past the id range or a search holding NUL", async () => {
    for (const query of ["brandSlug=99999999999", "brandSlug=1,2147483648", "text=chave%00", "page=99999999999"]) {
      const res = await fetch(new URL(`/produtos?${query}`, baseURL));
      expect(res.status, query).toBe(200);
      expect(await res.text(), query).not.toContain(catalogPtBR.catalog.list.errorText);
    }
    expect((await fetch(new URL("/produtos/99999999999", baseURL))).status).toBe(404);
    expect((await fetch(new URL("/marca/99999999999", baseURL))).status).toBe(404);
  });
});
