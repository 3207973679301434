import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityPreloads } from "./preload-priority.server.ts";

const HEAD =
  '<!DOCTYPE html><html lang="pt-BR"><head><title>Serra mármore — 1.400 W</title><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head>';
const BODY = '<body><p>Furadeira — ação</p><link rel="modulepreload" href="/not-in-head.js"/></body></html>';

/** The document cut into pieces of `size` bytes (cutting tags and multi-byte letters in two), through the transform. */
async function through(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  return text(Readable.from(pieces).pipe(lowPriorityPreloads()));
}

describe("module preloads at low priority", () => {
  it("marks every preload of the head, whatever the chunks, and leaves the rest of the document as it was", async () => {
    const expected =
      '<!DOCTYPE html><html lang="pt-BR"><head><title>Serra mármore — 1.400 W</title><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>' +
      '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/></head>' +
      BODY;
    for (const size of [1, 2, 3, 7, 13, 64, 4096]) expect(await through(HEAD + BODY, size), `chunks of ${size}`).toBe(expected);
  });

  it("passes a document without a head end through whole", async () => {
    expect(await through("<p>ação</p><link rel=", 5)).toBe("<p>ação</p><link rel=");
  });
});
