import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "#config/config.ts";
import { errorSerializer, redactUrl } from "./lib/log-redaction.ts";
import { openSeededDatabase } from "../tests/support/test-app.ts";

const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let opened: Awaited<ReturnType<typeof openSeededDatabase>>;
beforeAll(async () => {
  opened = await openSeededDatabase();
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

describe("a failed statement in the logs", () => {
  it("is logged by its text, never with its values, and the answer says nothing of either", async () => {
    const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
    // An outage of one table: the recovery's lookup by e-mail fails in PostgreSQL.
    await opened.database.db.execute(sql`ALTER TABLE clientes RENAME COLUMN email TO email_fora`);
    const from = lines.length;
    let res;
    try {
      res = await app.inject({ method: "POST", url: "/ecom/cliente/recuperar-senha", payload: { email } });
    } finally {
      await opened.database.db.execute(sql`ALTER TABLE clientes RENAME COLUMN email_fora TO email`);
    }
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(email);
    expect(res.body).not.toMatch(/select|clientes/i);
    const logged = lines.slice(from).join("");
    expect(logged).toContain("request failed");
    expect(logged).toMatch(/Failed query: select .*from \\"clientes\\"/);
    expect(logged).not.toContain(email);
    expect(logged).not.toContain("params");
  });

  it("keeps an error's own fields but no values: not drizzle's params, not PostgreSQL's detail", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "ana@example.com"'), {
      code: "22P02",
      detail: "Key (email)=(ana@example.com) already exists.",
      routine: "string_to_uuid",
    });
    const failed = Object.assign(new Error('Failed query: select 1 where email = $1\nparams: ana@example.com,"Ana Lima"'), {
      query: "select 1 where email = $1",
      params: ["ana@example.com", "Ana Lima"],
      cause,
    });
    const out = errorSerializer(failed) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(out.message).toBe("Failed query: select 1 where email = $1");
    expect(out.query).toBe("select 1 where email = $1");
    expect(text).not.toMatch(/ana@example\.com|Ana Lima/);
    expect((out.cause as Record<string, unknown>).code).toBe("22P02");
    expect((out.cause as Record<string, unknown>).routine).toBe("string_to_uuid");
    // A log line written by hand with the message alone is cleaned too.
    expect(JSON.stringify(errorSerializer({ message: failed.message, code: "57P01" }))).not.toContain("ana@example.com");
  });
});
