import { useActionData } from "react-router";
import type { CounterHandover, CounterOrder } from "#contract/api/admin/counter.ts";
import { AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi } from "#app/features/admin/api.server.ts";
import { CounterOrderCard } from "#app/features/admin/counter/order-card.tsx";
import { CounterSearch } from "#app/features/admin/counter/counter-search.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/counter";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.counter.title");

type Answer = { orders?: CounterOrder[]; handover?: CounterHandover };

/**
 * The counter's two forms: a code looked up (its open orders, or why none may leave) and a handover. The code
 * travels in the form's body, never in an address a browser's history or a log would keep.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "handover") {
    const id = Number(form.get("id"));
    return adminAction<{ data: CounterHandover }, Answer>(
      request,
      "handover",
      () => adminApi(context, form)("POST /api/admin/counter/{id}/handover", { params: { id } }),
      (answer) => ({ handover: answer.data }),
    );
  }
  const codigo = String(form.get("codigo") ?? "").slice(0, 40);
  return adminAction<{ data: CounterOrder[] }, Answer>(
    request,
    "lookup",
    () => adminApi(context)("GET /api/admin/counter/{codigo}", { params: { codigo } }),
    (answer) => ({ orders: answer.data }),
  );
}

export default function AdminCounter() {
  const { t, i18n } = useTranslation();
  const result = useActionData<typeof action>() as ActionResult<Answer> | undefined;
  const orders = result?.ok ? (result.answer?.orders ?? []) : [];
  const done = result?.ok ? result.answer?.handover : undefined;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" }).format(new Date(iso));
  return (
    <AdminPage title={t("admin.counter.title")} intro={t("admin.counter.intro")}>
      <CounterSearch clear={done} refused={result && !result.ok ? result : undefined} />
      {done ? (
        <div role="status" className="rounded-lg border-2 border-green-600 bg-green-50 p-4 text-green-900" data-testid="counter-done">
          <p className="text-xl font-bold">
            {t("admin.counter.done", { pedido: done.pedido, who: done.entregue_por, when: when(done.entregue_em) })}
          </p>
          <p>{t("admin.counter.next")}</p>
        </div>
      ) : result && !result.ok ? (
        // Said at once to a screen reader, without taking the focus from the field the next scan types into.
        <p role="alert" className="rounded-lg border-2 border-red-400 bg-red-50 p-4 text-lg font-semibold text-red-900">
          {result.message}
        </p>
      ) : null}
      {orders.length > 1 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-semibold">
          {t("admin.counter.several", { n: orders.length })}
        </p>
      ) : null}
      {orders.map((order) => (
        <CounterOrderCard key={order.id} order={order} />
      ))}
    </AdminPage>
  );
}
