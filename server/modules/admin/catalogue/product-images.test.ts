import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#db/client.ts";
import { diskStorage } from "../../../lib/storage.ts";
import { sweepPublicOriginals } from "../../../lib/media.ts";
import { multipart } from "../../../../tests/support/fixtures.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

/** What a phone writes into a photo: where it was taken and which device took it. */
const SECRETS = ["SpyCam", "SN-998877", "GPS"];
const photoWithExif = () =>
  sharp({ create: { width: 1400, height: 900, channels: 3, background: "#c84" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam", Model: "X1" },
      IFD2: { BodySerialNumber: "SN-998877" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "25/1 17/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "57/1 38/1 0/1" },
    })
    .toBuffer();

/** Whether a served image still carries a photo's metadata. */
async function carriesMetadata(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return meta.exif !== undefined || SECRETS.some((s) => bytes.includes(s));
}

let t: TestApp;
let manager: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
});
afterAll(() => t.close());

const mediaDir = () => path.join(t.config.dataDir, "media");

describe("a product photo's metadata", () => {
  it("is served nowhere: every public file of an uploaded photo is without EXIF, and no original is public", async () => {
    const original = await photoWithExif();
    expect(await carriesMetadata(original)).toBe(true);
    const [product] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM produtos WHERE ativo ORDER BY id DESC LIMIT 1`);
    const form = await multipart({}, { imagens: { name: "foto.jpg", type: "image/jpeg", data: original } });
    const res = await asStaff<{ data: { url: string }[] }>(t.app, manager, "POST", `/api/admin/products/${product!.id}/images`, { form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const url = res.body.data.at(-1)!.url;
    const key = /\/([0-9a-f]{16})-1200\.webp$/.exec(url)![1]!;

    // Every file of this photo under the public folder, fetched as a visitor would.
    const folder = path.join(mediaDir(), "produtos", String(product!.id));
    const files = readdirSync(folder).filter((f) => f.startsWith(key));
    expect(files.sort()).toEqual([`${key}-1200.webp`, `${key}-200.webp`, `${key}-600.webp`]);
    for (const file of files) {
      const served = await t.app.inject({ method: "GET", url: `/media/produtos/${product!.id}/${file}` });
      expect(served.statusCode, file).toBe(200);
      expect(await carriesMetadata(served.rawPayload), file).toBe(false);
    }
    // Where the original used to be published.
    expect((await t.app.inject({ method: "GET", url: `/media/produtos/${product!.id}/${key}-orig.jpg` })).statusCode).toBe(404);
    // It is kept, privately, as it came.
    const kept = path.join(t.config.dataDir, "uploads", "originais", "produtos", String(product!.id), `${key}.jpg`);
    expect(existsSync(kept)).toBe(true);
  });

  it("of originals a store published before is taken out of the public folder at start, and never served meanwhile", async () => {
    const media = mkdtempSync(path.join(os.tmpdir(), "media-sweep-"));
    const uploads = mkdtempSync(path.join(os.tmpdir(), "uploads-sweep-"));
    const folder = path.join(media, "produtos", "77");
    mkdirSync(folder, { recursive: true });
    const photo = await photoWithExif();
    writeFileSync(path.join(folder, "0123456789abcdef-orig.jpg"), photo);
    writeFileSync(path.join(folder, "0123456789abcdef-1200.webp"), await sharp(photo).webp().toBuffer());

    // Served by the running store before the sweep: refused all the same.
    const leftover = path.join(mediaDir(), "produtos", "77");
    mkdirSync(leftover, { recursive: true });
    writeFileSync(path.join(leftover, "fedcba9876543210-orig.jpg"), photo);
    for (const address of ["fedcba9876543210-orig.jpg", "fedcba9876543210-ORIG.JPG", "fedcba9876543210%2Dorig.jpg"]) {
      expect((await t.app.inject({ method: "GET", url: `/media/produtos/77/${address}` })).statusCode, address).toBe(404);
    }

    const storage = diskStorage(uploads);
    expect(await sweepPublicOriginals(media, storage)).toBe(1);
    expect(readdirSync(folder)).toEqual(["0123456789abcdef-1200.webp"]);
    expect(Buffer.compare(await storage.read("originais/produtos/77/0123456789abcdef.jpg"), photo)).toBe(0);
    expect(await sweepPublicOriginals(media, storage)).toBe(0);
    for (const dir of [media, uploads, leftover]) rmSync(dir, { recursive: true, force: true });
  });
});
