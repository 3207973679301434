import { describe, expect, it } from "vitest";
import { listQuery } from "./list-filters.tsx";

describe("a list's query from its address", () => {
  it("keeps the named filters, trimmed, and leaves out empty and unnamed ones", () => {
    const request = new Request("http://shop.test/admin/pedidos?q=%20ana%40example.com%20&status=&tipo=retirada&page=2&sort=x&status_entrega=%20%20");
    expect(listQuery(request, ["q", "status", "status_entrega", "tipo", "page"])).toEqual({ q: "ana@example.com", tipo: "retirada", page: "2" });
  });
});
