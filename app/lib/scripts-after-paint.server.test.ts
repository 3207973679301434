import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ASSUMPTIONS, brokenAssumptions } from "../../tests/support/scripts-after-paint-contract.ts";
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

/**
 * Runs the starter script of `html` in a page that is `visibility`. `paint`: the browser records the first
 * contentful paint ("timing"), has no paint timing but paints frames ("frames"), or paints nothing ("none");
 * `waited` lets the starter's fallback time pass, `shown` makes a hidden page visible.
 */
function runStarter(
  html: string,
  {
    visibility = "visible",
    paint = "timing",
    waited = false,
    shown = false,
  }: { visibility?: "visible" | "hidden"; paint?: "timing" | "frames" | "none"; waited?: boolean; shown?: boolean } = {},
): Started {
  const starter = /<script nonce="([^"]*)">(\(\(preloads, code\)[\s\S]*?)<\/script>/.exec(html);
  expect(starter, "the starter script").not.toBeNull();
  const started: Started = { links: [], scripts: [] };
  const listeners: (() => void)[] = [];
  const document = {
    currentScript: { nonce: starter![1] },
    visibilityState: visibility,
    createElement: () => ({}),
    head: { append: (link: Started["links"][number]) => started.links.push({ rel: link.rel, href: link.href }) },
    body: { append: (script: Started["scripts"][number]) => started.scripts.push({ ...script }) },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const soon: (() => void)[] = [];
  const later: (() => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paint === "timing" ? ["paint", "largest-contentful-paint"] : ["navigation"];
    constructor(private callback: (list: unknown, observer: unknown) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      const names = paint === "timing" ? ["first-paint", "first-contentful-paint"] : [];
      if (names.length) this.callback({ getEntriesByName: (name: string) => names.filter((n) => n === name) }, { disconnect: () => {} });
    }
  }
  runInNewContext(starter![2]!, {
    document,
    PerformanceObserver,
    requestAnimationFrame: (frame: () => void) => paint === "frames" && soon.push(frame),
    setTimeout: (task: () => void, ms = 0) => (ms > 1000 ? later : soon).push(task),
  });
  while (soon.length) soon.shift()!();
  if (shown) for (const listener of listeners) listener();
  if (waited) for (const task of later) task();
  return started;
}

describe("the page's scripts after its first paint", () => {
  it("takes the preloads out of the head and the module script out of the body, whatever the chunks", async () => {
    for (const size of [1, 2, 3, 7, 13, 64, 4096]) {
      const html = await through(DOCUMENT, size);
      expect(html, `chunks of ${size}`).not.toContain('<link rel="modulepreload"');
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
      const started = runStarter(await through(DOCUMENT, size));
      expect(started.links).toEqual([
        { rel: "modulepreload", href: "/assets/a.js" },
        { rel: "modulepreload", href: "/assets/b.js?v=1&x=2" },
      ]);
      expect(started.scripts).toEqual([{ type: "module", nonce: NONCE, text: CODE }]);
    }
  });

  it("waits for the first painted frame where the browser has no paint timing, and for nothing while nothing is painted", async () => {
    const html = await through(DOCUMENT, 4096);
    expect(runStarter(html, { paint: "frames" }).scripts).toHaveLength(1);
    expect(runStarter(html, { paint: "none" }).scripts).toHaveLength(0);
    // A page that never paints (or takes very long to) starts all the same, once.
    expect(runStarter(html, { paint: "none", waited: true }).scripts).toHaveLength(1);
    expect(runStarter(html, { waited: true, shown: true }).scripts).toHaveLength(1);
  });

  it("starts at once in a tab that is hidden, and in a visible one once it is hidden or shown again", async () => {
    const html = await through(DOCUMENT, 4096);
    expect(runStarter(html, { visibility: "hidden", paint: "none" }).scripts).toHaveLength(1);
    expect(runStarter(html, { paint: "none", shown: true }).scripts).toHaveLength(1);
  });

  it("writes no `<` of the module's text into the starter, so nothing in it can end or comment out the script", async () => {
    const code = 'const less = 1 < 2; // <!-- <script>\nconst tag = "\\u003c/script>";';
    const html = await through(DOCUMENT.replace(CODE, code), 4096);
    const starter = /<script nonce="[^"]*">(\(\(preloads[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(starter).not.toContain("<");
    expect(runStarter(html).scripts[0]!.text).toBe(code);
  });

  it("passes a document without a module script through, and an unclosed one as it came", async () => {
    const plain = "<html><head><title>x</title></head><body><p>ação</p><script>1</script></body></html>";
    expect(await through(plain, 3)).toBe(plain);
    expect(await through(`<head></head><body>${MODULE.slice(0, -12)}`, 7)).toBe(`<head></head><body>${MODULE.slice(0, -12)}`);
    expect(await through("<p>ação</p><link rel=", 5)).toBe("<p>ação</p><link rel=");
  });
});

/**
 * The rewrite's assumptions about React Router's documents (tests/support/scripts-after-paint-contract.ts) are
 * checked on a real build's pages by scripts-after-paint.server.contract.test.ts; here, that the check
 * fails, naming the assumption, on documents React Router might write after an upgrade.
 */
describe("the check of what the rewrite assumes of React Router", () => {
  const ENTRY = "/assets/entry.client-1.js";
  const ROUTES = 'import * as route0 from "/assets/root-1.js";\nimport * as route1 from "/assets/about-1.js";';
  const HYDRATE = `;\n${ROUTES}\n  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};\n\nimport("${ENTRY}");`;
  const preload = (href: string) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`;
  const PRELOADS = [ENTRY, "/assets/react-1.js", "/assets/root-1.js", "/assets/about-1.js"].map(preload).join("");
  const CONTEXT = `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`;
  // As React Router 7 writes a page (React hoists the preloads <Scripts> renders into the head).
  const WRITTEN =
    `<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/><link nonce="${NONCE}" rel="stylesheet" href="/assets/app.css"/>${PRELOADS}</head>` +
    `<body><main>Sobre nós</main>${CONTEXT}<script nonce="${NONCE}" type="module" async="">${HYDRATE}</script>` +
    `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;
  const broken = async (written: string) => brokenAssumptions(await through(written, 4096), { nonce: NONCE, entry: ENTRY });

  it("finds nothing broken in a document as React Router writes it", async () => {
    expect(await broken(WRITTEN)).toEqual([]);
  });

  it("names the preloads when they are not in the head, or not written as the rewrite reads them", async () => {
    const inBody = WRITTEN.replace(PRELOADS, "").replace("<main>", `${PRELOADS}<main>`);
    const reordered = WRITTEN.replace(/<link rel="modulepreload" href="([^"]*)"/g, '<link href="$1" rel="modulepreload"');
    const missing = WRITTEN.replace(preload("/assets/about-1.js"), "");
    for (const written of [inBody, reordered, missing]) {
      const found = await broken(written);
      expect(found.length).toBeGreaterThan(0);
      for (const message of found) expect(message).toMatch(new RegExp(`^${escape(ASSUMPTIONS.preloads)}: `));
    }
  });

  it("names the module script when hydration starts from a file, from two inline modules, or from something else", async () => {
    const fromFile = WRITTEN.replace(
      /<script nonce="[^"]*" type="module" async="">[\s\S]*?<\/script>/,
      `<script nonce="${NONCE}" type="module" src="${ENTRY}"></script>`,
    );
    const twoModules = WRITTEN.replace(CONTEXT, CONTEXT.replace("<script ", '<script type="module" '));
    const inHead = WRITTEN.replace(/(<script nonce="[^"]*" type="module" async="">[\s\S]*?<\/script>)/, "").replace(
      "</head>",
      `${CONTEXT}<script nonce="${NONCE}" type="module" async="">${HYDRATE}</script></head>`,
    );
    const noEntry = WRITTEN.replace(`import("${ENTRY}");`, "");
    for (const written of [fromFile, twoModules, inHead, noEntry]) {
      const found = await broken(written);
      expect(found.length, written).toBeGreaterThan(0);
      expect(found[0]).toMatch(new RegExp(`^${escape(ASSUMPTIONS.moduleScript)}: `));
    }
  });

  it("names the nonce when the module script has none, or not as an attribute the rewrite reads", async () => {
    const none = WRITTEN.replace(`<script nonce="${NONCE}" type="module"`, '<script type="module"');
    const unquoted = WRITTEN.replace(`<script nonce="${NONCE}" type="module"`, `<script nonce=${NONCE} type="module"`);
    for (const written of [none, unquoted]) {
      expect(await broken(written)).toEqual([expect.stringMatching(new RegExp(`^${escape(ASSUMPTIONS.nonce)}: `))]);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
