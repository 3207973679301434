import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { storeURL } from "../../tests/support/e2e-store.ts";
import { brokenAssumptions } from "../../tests/support/scripts-after-paint-contract.ts";

/**
 * The documents of the production build the browser tests run (tests/e2e/global-setup.ts), as the store
 * serves them: what app/lib/scripts-after-paint.server.ts assumes of React Router still holds, so a
 * React Router upgrade that changes it fails here, naming the assumption, and not in shoppers' browsers.
 * It runs with the browser tests (vitest.config.ts) for their build.
 */
const baseURL = storeURL();
const buildDir = inject("buildDir");

/** The client entry as the build's own manifest names it: the module React Router's script must import last. */
function clientEntry(): string {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, "client", ".vite", "manifest.json"), "utf8")) as Record<string, { file: string }>;
  return `/${manifest["app/entry.client.tsx"]!.file}`;
}

describe("what the scripts-after-paint rewrite assumes of React Router's documents", () => {
  // A page rendered for its request alone, and a catalogue page as the page cache answers it (with a nonce of its own);
  // the query keeps the latter's cache entry apart from those the page cache's own tests look at.
  for (const page of ["/sobre-nos", "/?scripts-after-paint"]) {
    it(`still holds for ${page}`, async () => {
      const res = await fetch(`${baseURL}${page}`);
      expect(res.status).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce, "the production build sends a Content-Security-Policy with a nonce").toBeDefined();
      expect(brokenAssumptions(await res.text(), { nonce: nonce!, entry: clientEntry() })).toEqual([]);
    });
  }
});
