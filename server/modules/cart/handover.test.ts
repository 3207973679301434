import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call } from "../../../tests/support/customers.ts";
import { createCart, pickProducts, shopper, type Product } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { HANDOVER_TTL_MS } from "./handover.ts";

let t: TestApp;
let p: Product;
beforeAll(async () => {
  t = await createTestApp();
  [p] = await pickProducts(t.database.db, 1, 50);
});
afterAll(() => t.close());

const give = (externalId: string, token?: string) =>
  call<{ token: string; message?: string }>(t.app, "POST", `/ecom/venda/carrinho/${externalId}/passagem`, { token });
const take = (token: string) => call<{ external_id: string; message?: string }>(t.app, "POST", "/ecom/venda/carrinho/passagem", { body: { token } });

describe("a guest's cart handed to the other brand's host (docs/decisions/040)", () => {
  it("travels sealed: the hand-over names nothing of the cart, and opens it once", async () => {
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 2 }]);
    const given = await give(cart.external_id);
    expect(given.status).toBe(200);
    expect(given.body.token).not.toContain(cart.external_id);
    const taken = await take(given.body.token);
    expect([taken.status, taken.body.external_id]).toEqual([200, cart.external_id]);
    const again = await take(given.body.token);
    expect([again.status, again.body.message]).toEqual([404, "Carrinho não encontrado"]);
  });

  it("opens nothing once its two minutes are up, altered, or for a customer's cart", async () => {
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }]);
    const late = (await give(cart.external_id)).body.token;
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + HANDOVER_TTL_MS + 1000);
    try {
      expect((await take(late)).status).toBe(404);
    } finally {
      vi.restoreAllMocks();
    }
    const token = (await give(cart.external_id)).body.token;
    const altered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`;
    for (const bad of [altered, "v1.a.b.c", "nonsense"]) expect((await take(bad)).status, bad).toBe(404);
    expect((await take("")).status).toBe(422);

    const owner = await shopper(t.app, t.database.db, "py");
    const theirs = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: owner.token });
    expect((await give(theirs.external_id, owner.token)).status).toBe(404);
    expect((await give(theirs.external_id)).status).toBe(404);
  });
});
