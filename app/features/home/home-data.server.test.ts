import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "#app/lib/api-client.ts";
import { loadHome } from "./home-data.server.ts";

afterEach(() => vi.restoreAllMocks());

const category = { id: 4, slug: "ferramentas", name: "Ferramentas", icone: null, visivel_menu: true, departments: [] };
const brand = { id: 9, slug: "bosch", nome: "Bosch", logo: "/media/bosch.png", destaque: true };

/** The home loader over an API whose calls answer 503 where `failing` matches, and the seeded shapes elsewhere. */
function apiFailing(failing: RegExp) {
  const asked: string[] = [];
  const api = createApiClient(async (path) => {
    asked.push(path.split("?")[0]!);
    if (failing.test(path)) return Response.json({ message: "Serviço indisponível" }, { status: 503 });
    if (path.startsWith("/api/public/categories")) return Response.json({ data: [category] });
    if (path.startsWith("/api/public/brands")) return Response.json({ data: [brand] });
    if (path.startsWith("/api/public/products")) return Response.json({ data: [], total: 0, page: 1, per_page: 8, last_page: 1 });
    return Response.json({}, { status: 404 });
  });
  return { api, asked };
}

describe("the home page's loader (spec §4: each region fails and retries on its own)", () => {
  it("asks for the categories and the brands on their own when the start data fails, so one failure is not three", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { api, asked } = apiFailing(/\/api\/public\/(start|brands)/);
    const data = await loadHome(api, "pt-BR", 2);
    expect(data.content).toBeNull();
    expect(data.categories).toEqual([{ id: 4, slug: "ferramentas", name: "Ferramentas", icon: "ferramentas" }]);
    expect(data.brands).toBeNull();
    expect(asked).toContain("/api/public/categories");
    expect(asked).toContain("/api/public/brands");
  });

  it("gives the brands when only the categories fail, and no first tab without categories", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { api } = apiFailing(/\/api\/public\/(start|categories)/);
    const data = await loadHome(api, "es-PY", 3);
    expect(data.categories).toBeNull();
    expect(data.firstTab).toBeNull();
    expect(data.brands?.stripBrands.map((b) => b.slug)).toEqual(["bosch"]);
  });
});
