import { useTranslation } from "#app/i18n/react.tsx";
import { OrdersList } from "#app/features/orders/orders-list.tsx";
import { loadOrders } from "#app/features/orders/orders.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/profile-orders.ts";

export const meta = pageMeta("myOrders");

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadOrders(request, context) };
}

/** The profile's orders section (spec §2 /perfil/meus-pedidos). */
export default function ProfileOrdersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title" className="mb-4 text-xl font-bold">
        {t("cart.orders.title")}
      </h2>
      <OrdersList page={loaderData.page} pageHref={(n) => `/perfil/meus-pedidos?page=${n}`} />
    </section>
  );
}
