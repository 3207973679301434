import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase, type ScratchDatabase } from "../support/db-urls.ts";
import { freePort } from "../support/free-port.ts";
import { forgetPrefix, testRedisUrl } from "../support/redis.ts";
import type { ImageEnv } from "./global-setup.ts";

/**
 * The production image as docs/deploy.md runs it: `npm run migrate` as a release step of its own, then the
 * server with MIGRATE_ON_START=0 over PostgreSQL and Redis (host network, so 127.0.0.1 reaches them).
 */

const run = promisify(execFile);
const docker = async (...args: string[]) => (await run("docker", args, { timeout: 300_000, maxBuffer: 32 << 20 })).stdout.trim();

/** What a container printed, stdout and stderr, the last `tail` lines. */
const logsOf = async (container: string, tail?: number) => {
  const { stdout, stderr } = await run("docker", ["logs", ...(tail ? ["--tail", String(tail)] : []), container], { maxBuffer: 32 << 20 });
  return stdout + stderr;
};

const found = inject("image");
const image = (found as Extract<ImageEnv, { available: true }>).image;
const adminUrl = process.env.MULTI_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = testRedisUrl;

describe.skipIf(!found.available)("the production image", () => {
  let scratch: ScratchDatabase;
  const redisPrefix = `image:${randomBytes(5).toString("hex")}:`;
  let port = 0;
  let base = "";
  let container = "";
  // A named volume at /data/media, as in docs/deploy.md's Compose file: the seeding process writes the images there.
  const volume = `store-media-${randomBytes(4).toString("hex")}`;

  const env = () =>
    [
      ["DATABASE_URL", scratch.url],
      ["REDIS_URL", redisUrl],
      ["REDIS_PREFIX", redisPrefix],
      ["PORT", String(port)],
      ["PUBLIC_URL", base],
      ["MIGRATE_ON_START", "0"],
      ["SEED_PRODUCTS", "60"],
      ["APP_SECRET", randomBytes(24).toString("hex")],
      ["SANDBOX_WEBHOOK_SECRET", randomBytes(24).toString("hex")],
      // A test shop: the sandbox gateway is otherwise refused in production.
      ["TEST_SHOP", "1"],
    ].flatMap(([k, v]) => ["-e", `${k}=${v}`]);

  beforeAll(async () => {
    scratch = await scratchDatabase(adminUrl, "store_image");
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (container) await docker("rm", "-f", container).catch(() => "");
    await docker("volume", "rm", "-f", volume).catch(() => "");
    await scratch?.drop();
    await forgetPrefix(redisUrl, redisPrefix);
  });

  it("runs on Node 22 as an unprivileged user that can write only /data", async () => {
    const probe = await docker(
      "run",
      "--rm",
      "--network",
      "none",
      image,
      "sh",
      "-c",
      "node -p process.versions.node; id -u; touch /app/x 2>/dev/null && echo app-writable; touch /data/media/x /data/uploads/x && echo data-writable",
    );
    const [version, uid, ...rest] = probe.split("\n");
    expect(version).toMatch(/^22\./);
    expect(Number(uid)).not.toBe(0);
    expect(rest).toEqual(["data-writable"]);
  });

  it("migrates with `npm run migrate`, a step of its own", async () => {
    const out = await docker("run", "--rm", "--network", "host", ...env(), image, "npm", "run", "migrate");
    expect(out).toContain("Migrations applied (postgres).");
  });

  it("serves the API and the storefront, seeded, once /readyz answers", async () => {
    container = await docker("run", "-d", "--network", "host", "-v", `${volume}:/data/media`, ...env(), image);
    const deadline = Date.now() + 120_000;
    let ready: Response | undefined;
    while (Date.now() < deadline) {
      ready = await fetch(`${base}/readyz`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(ready?.status, await logsOf(container, 30)).toBe(200);
    expect(await ready!.json()).toEqual({ status: "ok", checks: { database: "ok", redis: "ok" } });

    const list = await fetch(`${base}/api/public/products?per_page=5&moeda_id=3`);
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: { preco_atual: { formatado: string }; imagens: { url: string }[] }[] };
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.preco_atual.formatado).toMatch(/^G\$ [\d.]+$/);
    const picture = data.flatMap((p) => p.imagens)[0]!.url;
    const served = await fetch(new URL(picture, base));
    expect([served.status, served.headers.get("content-type")]).toEqual([200, expect.stringContaining("image/")]);

    const home = await fetch(`${base}/?lang=es-PY`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('lang="es-PY"');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html) ?? /href="(\/assets\/[^"]+\.js)"/.exec(html);
    expect(script, "the page links its JavaScript").not.toBeNull();
    expect((await fetch(base + script![1]!)).status).toBe(200);

    // NODE_ENV=production: no development outbox.
    expect((await fetch(`${base}/dev/mail`)).status).toBe(404);

    // The image's HEALTHCHECK (GET /healthz every 15 s) reports the container healthy.
    await expect
      .poll(() => docker("inspect", "--format", "{{.State.Health.Status}}", container), { timeout: 60_000, interval: 1_000 })
      .toBe("healthy");
  });

  it("writes JSON logs and stops cleanly on SIGTERM (docker stop)", async () => {
    await fetch(`${base}/healthz`, { headers: { "x-request-id": "image-check-1" } });
    await docker("stop", "-t", "30", container);
    expect(await docker("inspect", "--format", "{{.State.ExitCode}}", container)).toBe("0");
    const records = (await logsOf(container))
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.some((r) => r.reqId === "image-check-1")).toBe(true);
    expect(records.map((r) => r.msg)).toEqual(expect.arrayContaining(["shutting down", "stopped"]));
  });
});
