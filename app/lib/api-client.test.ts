import { describe, expect, it } from "vitest";
import { createApiClient } from "./api-client.ts";

/** A client whose calls are recorded instead of sent; each answers `{ data: [] }`. */
function recording(currency?: () => number | undefined) {
  const urls: string[] = [];
  const client = createApiClient(
    async (path) => {
      urls.push(path);
      return new Response(JSON.stringify({ data: [], message: "ok", link_pagamento: [] }), { headers: { "content-type": "application/json" } });
    },
    { currency },
  );
  return { client, urls };
}

describe("the storefront's API client", () => {
  it("names the page's currency on every call (spec §7), unless the call names its own", async () => {
    const { client, urls } = recording(() => 3);
    await client("GET /ecom/favoritos");
    await client("POST /ecom/favoritos", { body: { produto_id: 5 } });
    await client("GET /api/public/products", { query: { lang: "es", page: 2 } });
    await client("GET /ecom/venda/carrinho/{external_id}", {
      params: { external_id: "6f1c2a4e-8d1b-4c47-9a59-0d6f3e2b7c10" },
      query: { moeda_id: 2 },
    });
    expect(urls).toEqual([
      "/ecom/favoritos?moeda_id=3",
      "/ecom/favoritos?moeda_id=3",
      "/api/public/products?lang=es&page=2&moeda_id=3",
      "/ecom/venda/carrinho/6f1c2a4e-8d1b-4c47-9a59-0d6f3e2b7c10?moeda_id=2",
    ]);
  });

  it("adds nothing while the page has no currency, nor for a client without one (the back office's)", async () => {
    const none = recording(() => undefined);
    await none.client("GET /ecom/favoritos");
    const staff = recording();
    await staff.client("GET /ecom/favoritos");
    expect([...none.urls, ...staff.urls]).toEqual(["/ecom/favoritos", "/ecom/favoritos"]);
  });
});
