import { data, type AppLoadContext } from "react-router";
import type { Order, OrdersPage } from "#contract/api/cart.ts";
import { ApiError, serverApi } from "#app/lib/api-client.ts";
import { requireCustomer } from "#app/lib/session.server.ts";

/** `GET /ecom/venda/pedidos` (spec §7: the list is in data.data); null when the call fails. */
export async function loadOrders(request: Request, context: AppLoadContext): Promise<OrdersPage | null> {
  await requireCustomer(request, context);
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  try {
    return (await serverApi(context)("GET /ecom/venda/pedidos", { query: { page, per_page: 15 } })).data;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** One order of the logged-in customer; someone else's order, or none, is a 404 page. */
export async function loadOrder(request: Request, context: AppLoadContext, externalId: string): Promise<Order> {
  await requireCustomer(request, context);
  try {
    return (await serverApi(context)("GET /ecom/venda/pedidos/{external_id}", { params: { external_id: externalId } })).data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404 || error.status === 422 || error.status === 400) throw data(null, { status: 404 });
    throw data(null, { status: 502 });
  }
}
