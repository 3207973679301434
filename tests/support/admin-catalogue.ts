import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { call } from "./customers.ts";
import { asStaff, type StaffAgent } from "./staff.ts";

/** The current addresses the storefront finds for old brand, category and department addresses. */
export const movedSlugs = async (app: FastifyInstance, query: Record<string, string>) =>
  (
    await call<{ data: { marca: string | null; categoria: string | null; departamento: string | null } }>(
      app,
      "GET",
      `/api/public/moved?${new URLSearchParams(query)}`,
    )
  ).body.data;

/** A product of the shop's catalogue in the given places, through the products' own back-office call. */
export async function productIn(
  app: FastifyInstance,
  member: StaffAgent,
  places: { category_id?: number; department_id?: number; brand_id?: number },
) {
  const res = await asStaff<{ data: { id: number; slug: string }; message: string }>(app, member, "POST", "/api/admin/products", {
    body: {
      codigo: `CAT-${randomUUID().slice(0, 12)}`,
      nome_pt: "Produto da categoria",
      nome_es: "Producto de la categoría",
      brand_id: places.brand_id ?? null,
      category_id: places.category_id ?? null,
      department_id: places.department_id ?? null,
      moeda_id: 2,
      valor_venda: "10.00",
      qtde_disponivel: 3,
      qtde_fisica: 3,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
