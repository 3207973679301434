import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "#config/config.ts";
import { redactUrl } from "./lib/log-redaction.ts";
import { openSeededDatabase } from "../tests/support/test-app.ts";

const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
beforeAll(async () => {
  const opened = await openSeededDatabase();
  drop = opened.drop;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DATA_DIR: path.dirname(inject("mediaDir")) });
  app = await buildApp({ config, database: opened.database, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe("request logs", () => {
  it("never hold the token or the address of a confirmation or reset link", async () => {
    const uuid = randomUUID();
    const token = `tok${randomUUID().replace(/-/g, "")}`;
    const urls = [
      `/app/reset-password/${uuid}/${token}?email=ana%40example.com`,
      `/app/confirmation-email/${uuid}/${token}`,
      `/app/reset-password//${uuid}/${token}`,
      `/%61pp/reset-password/${uuid}/${token}`,
      `/produtos?token=${token}`,
    ];
    for (const url of urls) await app.inject({ method: "GET", url });
    await app.inject({ method: "POST", url: `/ecom/cliente/confirmar-email/${uuid}/${token}` });
    const logged = lines.join("");
    expect(logged).toContain("[redacted]");
    expect(logged).toContain('"url":"/produtos?token=%5Bredacted%5D"');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(uuid);
    expect(logged).not.toMatch(/ana(%40|@)example\.com/);
  });

  it("keep every other address as it was", () => {
    expect(redactUrl("/produtos/furadeira?page=2&order=preco")).toBe("/produtos/furadeira?page=2&order=preco");
    expect(redactUrl("/app/reset-password/a/b?email=x%40y.z")).toBe("/app/reset-password/[redacted]?email=%5Bredacted%5D");
  });
});
