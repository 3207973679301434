import { data, type AppLoadContext } from "react-router";
import type { Order } from "#contract/api/cart.ts";
import type { OrdersPage } from "./orders-list.tsx";
import { requireCustomer } from "#app/lib/session.server.ts";

/** `GET /ecom/venda/pedidos` (spec §7: the list is in data.data); null when the call fails. */
export async function loadOrders(request: Request, context: AppLoadContext): Promise<OrdersPage | null> {
  await requireCustomer(request, context);
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const res = await context.apiFetch(`/ecom/venda/pedidos?page=${page}&per_page=15`);
  if (!res.ok) return null;
  return ((await res.json()) as { data: OrdersPage }).data;
}

/** One order of the logged-in customer; someone else's order, or none, is a 404 page. */
export async function loadOrder(request: Request, context: AppLoadContext, externalId: string): Promise<Order> {
  await requireCustomer(request, context);
  const res = await context.apiFetch(`/ecom/venda/pedidos/${encodeURIComponent(externalId)}`);
  if (res.status === 404 || res.status === 422 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw data(null, { status: 502 });
  return ((await res.json()) as { data: Order }).data;
}
