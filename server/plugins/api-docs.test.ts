import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, inject, it } from "vitest";
import { operations, type Operation } from "#contract/api/operations.ts";
import { loadConfig } from "#config/config.ts";
import { openSeededDatabase } from "../../tests/support/test-app.ts";
import { buildApp } from "../app.ts";

interface Described {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}
interface Description {
  paths: Record<string, Record<string, { responses?: Record<string, Described> }>>;
}

/**
 * /api/docs as the store serves it with its storefront: API operations only, each saying what it answers.
 * The storefront's build is a stand-in that renders nothing: the description needs only its routes.
 */
const clientDir = mkdtempSync(path.join(tmpdir(), "store-docs-"));
const { database, drop } = await openSeededDatabase();
const build = { assets: { version: "docs" }, routes: {}, entry: { module: {} } } as unknown as ServerBuild;
const app = await buildApp({
  config: loadConfig({ NODE_ENV: "test", DATA_DIR: path.dirname(inject("mediaDir")) }),
  database,
  web: { build, clientDir },
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(clientDir, { recursive: true, force: true });
});

const description = async () => (await app.inject("/api/docs/json")).json<Description>();
const operationsOf = (docs: Description) =>
  Object.entries(docs.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, ...op })),
  );

describe("the API description at /api/docs", () => {
  it("leaves out the storefront's pages", async () => {
    const docs = await description();
    // The pages answer every other address: routes of the app, but not of its description.
    expect(app.hasRoute({ method: "GET", url: "/*" })).toBe(true);
    expect(Object.keys(docs.paths).filter((p) => p === "/" || p.includes("*"))).toEqual([]);
    expect(operationsOf(docs).length).toBeGreaterThanOrEqual(Object.keys(operations).length);
  });

  it("says what every operation answers on success: its content, or its status and headers", async () => {
    for (const op of operationsOf(await description())) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      const described = success.filter(
        ([status, r]) => (r.content && Object.keys(r.content).length > 0) || (status.startsWith("3") && r.headers?.location),
      );
      expect(described.length, `${op.key}: ${JSON.stringify(op.responses)}`).toBeGreaterThan(0);
    }
  });

  it("describes the files by their media types and the pay-now link as a redirect", async () => {
    const docs = await description();
    const success = (key: string) => {
      const [method, path] = key.split(" ") as [string, string];
      const op = (operations as Record<string, Operation>)[key]!;
      return docs.paths[path]![method.toLowerCase()]!.responses![String(op.status ?? 200)]!;
    };
    const binary = { schema: { type: "string", format: "binary" } };
    expect(success("GET /ecom/cliente/documento/{lado}").content).toEqual({
      "image/png": binary,
      "image/jpeg": binary,
      "image/gif": binary,
      "application/pdf": binary,
    });
    expect(success("GET /ecom/venda/pedidos/{external_id}/ticket.pdf").content).toEqual({ "application/pdf": binary });
    expect(Object.keys(success("GET /api/admin/export").content!)).toEqual([
      "text/csv",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    const pay = success("GET /ecom/venda/pedidos/{external_id}/pagar");
    expect(pay.content).toBeUndefined();
    expect(pay.headers?.location).toMatchObject({ schema: { type: "string" } });
    expect(pay.description).toMatch(/gateway/);
  });
});
