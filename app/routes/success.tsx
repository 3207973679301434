import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { CheckCircleIcon } from "#app/components/ui/icons.tsx";
import { ticketHref } from "#app/features/orders/order-links.ts";
import { ApiError, serverApi } from "#app/lib/api-client.ts";
import { getSessionToken } from "#app/lib/session.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/success.ts";

export const meta = pageMeta("success");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order whose receipt is offered: ?pedido= when given, else the customer's latest order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pedido = new URL(request.url).searchParams.get("pedido");
  if (pedido && UUID.test(pedido)) return { externalId: pedido };
  if (!getSessionToken(request)) return { externalId: null };
  try {
    const { data } = await serverApi(context)("GET /ecom/venda/pedidos", { query: { page: 1, per_page: 1 } });
    return { externalId: data.data[0]?.external_id ?? null };
  } catch (error) {
    if (error instanceof ApiError) return { externalId: null };
    throw error;
  }
}

/** Payment concluded (spec §2 /success; ARCHITECTURE decision 7: the receipt is the ticket PDF). */
export default function SuccessRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl px-4 py-12 text-center">
      <CheckCircleIcon className="mx-auto size-16 text-emerald-600" />
      <h1 id="page-title" className="mt-4 text-2xl font-bold md:text-3xl">
        {t("cart.success.title")}
      </h1>
      <p className="mt-3 text-muted">{t("cart.success.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/perfil" className="rounded-md bg-accent px-5 py-2.5 font-bold text-ink hover:bg-accent-strong">
          {t("cart.success.profile")}
        </Link>
        {loaderData.externalId ? (
          <a href={ticketHref(loaderData.externalId)} download className="rounded-md bg-panel px-5 py-2.5 font-bold text-ink ring-1 ring-slate-300">
            {t("cart.success.receipt")}
          </a>
        ) : null}
      </div>
    </section>
  );
}
