import { Link, useLoaderData } from "react-router";
import type { FulfilmentBody } from "#contract/api/admin/orders.ts";
import { AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad, readAdminForm } from "#app/features/admin/api.server.ts";
import { usePostedAnswer } from "#app/features/admin/form-answer.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { FulfilmentActions, NoteForm } from "#app/features/admin/orders/order-actions.tsx";
import { OrderMoney, OrderSummary, OrderTimeline } from "#app/features/admin/orders/order-detail.tsx";
import { PendingRefunds } from "#app/features/admin/refunds/pending-refunds.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/order";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.orders.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/orders/{id}", { params: { id: params.id } }));
  return { order: data };
}

/** A note, a fulfilment move (shipping with carrier and tracking code) or the cancellation, by the form's intent. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api, intent, field: text } = await readAdminForm(request, context);
  const id = params.id;
  switch (intent) {
    case "note":
      return adminAction(request, intent, () => api("POST /api/admin/orders/{id}/notes", { params: { id }, body: { texto: text("texto") } }));
    case "cancel":
      return adminAction(request, intent, () => api("POST /api/admin/orders/{id}/cancel", { params: { id }, body: { motivo: text("motivo") } }));
    case "refund-check":
      return adminAction(request, intent, () =>
        api("POST /api/admin/orders/{id}/refunds/{refundId}/check", { params: { id, refundId: text("estorno") } }),
      );
    case "refund-settle":
      return adminAction(request, intent, () =>
        api("POST /api/admin/orders/{id}/refunds/{refundId}/settle", {
          params: { id, refundId: text("estorno") },
          body: { resultado: text("resultado") as never, nota: text("nota") },
        }),
      );
    default: {
      const body = { status: text("status"), transportadora: text("transportadora"), codigo_rastreio: text("codigo_rastreio") } as FulfilmentBody;
      return adminAction(request, intent === "ship" ? "ship" : "move", () => api("POST /api/admin/orders/{id}/fulfilment", { params: { id }, body }));
    }
  }
}

/** One order: its state, money, customer, the moves open now, and its timeline with a note form. */
export default function AdminOrder() {
  const { t } = useTranslation();
  const { order } = useLoaderData<typeof loader>();
  // The answer of a post made without the page's scripts (a refusal, or the success it was redirected after).
  const result = usePostedAnswer() as ActionResult | undefined;
  return (
    <AdminPage title={t("admin.orders.detailTitle", { number: order.pedido })}>
      <Link to="/admin/pedidos" className="text-sm font-semibold underline underline-offset-2">
        ← {t("admin.orders.back")}
      </Link>
      <OrderSummary order={order} />
      <PendingRefunds order={order} result={result} />
      <FulfilmentActions order={order} result={result} />
      <OrderMoney order={order} />
      <OrderTimeline order={order}>
        <NoteForm result={result} />
      </OrderTimeline>
    </AdminPage>
  );
}
