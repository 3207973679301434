import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { StartData } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("keeps banner links on the store: a full URL becomes its path, anything leading to another host is dropped", async () => {
  const links = {
    "https://other.example/produtos?x=1": "/produtos?x=1",
    "/marca/bosch": "/marca/bosch",
    "//evil.com": null,
    "/\\evil.com": null,
    "/.//evil.com/x": null,
    "/%2e//evil.com": null,
  };
  const ids = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM banners WHERE ativo AND imagem_url IS NOT NULL ORDER BY id DESC LIMIT 6`,
  );
  expect(ids).toHaveLength(6);
  const stored = Object.keys(links);
  for (const [i, { id }] of ids.entries()) await t.database.db.execute(sql`UPDATE banners SET link = ${stored[i]} WHERE id = ${id}`);

  const res = await t.app.inject({ method: "GET", url: "/api/public/start?lang=pt" });
  expect(res.statusCode).toBe(200);
  const banners = (res.json() as StartData).banners;
  for (const [i, { id }] of ids.entries()) {
    expect(banners.find((b) => b.id === id)?.link, stored[i]).toBe(Object.values(links)[i]);
  }
});
