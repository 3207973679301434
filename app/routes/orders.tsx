import { useTranslation } from "#app/i18n/react.tsx";
import { OrdersList } from "#app/features/orders/orders-list.tsx";
import { loadOrders } from "#app/features/orders/orders.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/orders.ts";

export const meta = pageMeta("orders");

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadOrders(request, context) };
}

/** Order list (spec §2 /pedidos). */
export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <h1 id="page-title" className="mb-6 text-2xl font-bold md:text-3xl">
        {t("cart.orders.title")}
      </h1>
      <OrdersList page={loaderData.page} pageHref={(n) => `/pedidos?page=${n}`} />
    </section>
  );
}
