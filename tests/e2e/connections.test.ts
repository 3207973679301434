import { describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { rawExchange, statusLines } from "../support/raw-http.ts";

/** What a browser or a load balancer does on one kept-alive connection, byte by byte. */

const baseURL = storeURL();

describe("a kept-alive connection to the storefront", () => {
  it("answers its next request after a 2 MB body sent to a page that takes none (405)", async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, "a");
    const { text } = await rawExchange(
      baseURL,
      [
        `POST /sobre-nos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      ],
      { ms: 10_000, until: (t) => t.includes('{"status":"ok"}') },
    );
    expect(statusLines(text)).toEqual(["HTTP/1.1 405", "HTTP/1.1 200"]);
    expect(text).toContain('{"status":"ok"}');
  });
});
