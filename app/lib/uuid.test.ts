import { afterEach, expect, it, vi } from "vitest";
import { randomUuid } from "./uuid.ts";

afterEach(() => vi.unstubAllGlobals());

it("makes v4 UUIDs also where crypto.randomUUID is missing (plain-http pages)", () => {
  const { getRandomValues } = crypto;
  vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(crypto) });
  const ids = new Set(Array.from({ length: 50 }, () => randomUuid()));
  expect(ids.size).toBe(50);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
