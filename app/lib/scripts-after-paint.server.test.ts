import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./scripts-after-paint.server.ts";

const NONCE = "n0nce+/A==";
const CODE = 'import * as route0 from "/assets/root.js";\nwindow.__reactRouterManifest = {"path":"/ação"};\nimport("/assets/entry.client.js");';
const HEAD =
  '<!DOCTYPE html><html lang="pt-BR"><head><title>Serra mármore — 1.400 W</title>' +
  `<link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/><link rel="stylesheet" href="/assets/app.css"/>` +
  `<link rel="modulepreload" href="/assets/b.js?v=1&amp;x=2" nonce="${NONCE}"/></head>`;
const BODY_START = '<body><p>Furadeira — ação</p><script type="application/ld+json">{"name":"Serra"}</script>';
const MODULE = `<script nonce="${NONCE}" type="module" async="">${CODE}</script>`;
const BODY_END = `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;
const DOCUMENT = HEAD + BODY_START + MODULE + BODY_END;

/** The document cut into pieces of `size` bytes (cutting tags and multi-byte letters in two), through the transform. */
async function through(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  return text(Readable.from(pieces).pipe(scriptsAfterFirstPaint()));
}

interface Started {
  links: { rel: string; href: string }[];
  scripts: { type: string; nonce: string; text: string }[];
}

/** Runs the starter script of `html` in a page that is `visibility`, with `paint` deciding whether a frame is painted. */
function runStarter(html: string, visibility: "visible" | "hidden", paint: boolean): Started {
  const starter = /<script nonce="([^"]*)">(\(\(preloads, code\)[\s\S]*?)<\/script>/.exec(html);
  expect(starter, "the starter script").not.toBeNull();
  const started: Started = { links: [], scripts: [] };
  const element = () => ({}) as Record<string, string>;
  const listeners: (() => void)[] = [];
  const document = {
    currentScript: { nonce: starter![1] },
    visibilityState: visibility,
    createElement: element,
    head: { append: (link: Started["links"][number]) => started.links.push({ rel: link.rel, href: link.href }) },
    body: { append: (script: Started["scripts"][number]) => started.scripts.push({ ...script }) },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const queued: (() => void)[] = [];
  runInNewContext(starter![2]!, {
    document,
    requestAnimationFrame: (frame: () => void) => paint && frame(),
    setTimeout: (task: () => void) => queued.push(task),
  });
  while (queued.length) queued.shift()!();
  if (!paint) for (const listener of listeners) listener();
  return started;
}

describe("the page's scripts after its first paint", () => {
  it("takes the preloads out of the head and the module script out of the body, whatever the chunks", async () => {
    for (const size of [1, 2, 3, 7, 13, 64, 4096]) {
      const html = await through(DOCUMENT, size);
      expect(html, `chunks of ${size}`).not.toContain("<link rel=\"modulepreload\"");
      expect(html, `chunks of ${size}`).not.toContain('type="module"');
      // Everything else comes out as it came, byte for byte.
      const [before, after] = html.split(/<script nonce="[^"]*">\(\(preloads[\s\S]*?<\/script>/);
      expect(before, `chunks of ${size}`).toBe(
        '<!DOCTYPE html><html lang="pt-BR"><head><title>Serra mármore — 1.400 W</title><link rel="stylesheet" href="/assets/app.css"/></head>' +
          BODY_START,
      );
      expect(after, `chunks of ${size}`).toBe(BODY_END);
    }
  });

  it("adds the preloads back and runs the module script, with its nonce, once the first frame is painted", async () => {
    for (const size of [5, 4096]) {
      const started = runStarter(await through(DOCUMENT, size), "visible", true);
      expect(started.links).toEqual([
        { rel: "modulepreload", href: "/assets/a.js" },
        { rel: "modulepreload", href: "/assets/b.js?v=1&x=2" },
      ]);
      expect(started.scripts).toEqual([{ type: "module", nonce: NONCE, text: CODE }]);
    }
  });

  it("starts at once in a tab that is hidden, and in a visible one that was hidden before it painted", async () => {
    const html = await through(DOCUMENT, 4096);
    expect(runStarter(html, "hidden", false).scripts).toHaveLength(1);
    expect(runStarter(html, "visible", false).scripts).toHaveLength(1);
  });

  it("writes no `<` of the module's text into the starter, so nothing in it can end or comment out the script", async () => {
    const code = 'const less = 1 < 2; // <!-- <script>\nconst tag = "\\u003c/script>";';
    const html = await through(DOCUMENT.replace(CODE, code), 4096);
    const starter = /<script nonce="[^"]*">(\(\(preloads[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(starter).not.toContain("<");
    expect(runStarter(html, "visible", true).scripts[0]!.text).toBe(code);
  });

  it("passes a document without a module script through, and an unclosed one as it came", async () => {
    const plain = "<html><head><title>x</title></head><body><p>ação</p><script>1</script></body></html>";
    expect(await through(plain, 3)).toBe(plain);
    expect(await through(`<head></head><body>${MODULE.slice(0, -12)}`, 7)).toBe(`<head></head><body>${MODULE.slice(0, -12)}`);
    expect(await through("<p>ação</p><link rel=", 5)).toBe("<p>ação</p><link rel=");
  });
});
