import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#config/config.ts";
import { diskStorage, s3Storage, storageFor, type Storage } from "./storage.ts";

/** A minimal S3-compatible server (path-style PUT/GET/DELETE) that records what it was sent. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; url: string; authorization: string }[] = [];
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (req, res) => {
    const url = decodeURIComponent(new URL(req.url!, "http://s3").pathname);
    requests.push({ method: req.method!, url, authorization: String(req.headers.authorization ?? "") });
    if (req.method === "PUT") {
      objects.set(url, await body(req));
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === "GET" && objects.has(url)) {
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(objects.get(url));
    } else if (req.method === "DELETE") {
      objects.delete(url);
      res.writeHead(204).end();
    } else {
      res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>");
    }
  });
  return { server, objects, requests };
}

async function roundTrip(storage: Storage) {
  const data = Buffer.from("%PDF-1.4 documento");
  await storage.put("documents/abc/frente-1.pdf", data);
  expect(await storage.read("documents/abc/frente-1.pdf")).toEqual(data);
  await storage.remove("documents/abc/frente-1.pdf");
  await expect(storage.read("documents/abc/frente-1.pdf")).rejects.toThrow();
  await expect(storage.put("../etc/passwd", data)).rejects.toThrow(/bad storage key/);
}

describe("disk storage", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "store-disk-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes, reads and removes private files under its folder", () => roundTrip(diskStorage(dir)));
});

describe("S3-compatible storage", () => {
  const s3 = fakeS3();
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (s3.server as Server).close(() => resolve())));

  it("is chosen by S3_BUCKET, and the disk otherwise", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const config = loadConfig({ S3_BUCKET: "loja", S3_ENDPOINT: endpoint, S3_PREFIX: "/prod/" });
    expect(config.s3).toMatchObject({ bucket: "loja", endpoint, region: "us-east-1", forcePathStyle: true, prefix: "prod/" });
    expect(loadConfig({ S3_BUCKET: "loja" }).s3?.forcePathStyle).toBe(false);
  });

  it("puts, reads and deletes signed objects under the prefix in the bucket", async () => {
    const config = loadConfig({
      S3_BUCKET: "loja",
      S3_ENDPOINT: endpoint,
      S3_PREFIX: "prod/",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    });
    const storage = storageFor(config);
    await storage.put("documents/u1/verso-2.png", Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect([...s3.objects.keys()]).toEqual(["/loja/prod/documents/u1/verso-2.png"]);
    await roundTrip(s3Storage(config.s3!));
    expect(s3.requests.length).toBeGreaterThan(3);
    for (const r of s3.requests) expect(r.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/);
  });
});
