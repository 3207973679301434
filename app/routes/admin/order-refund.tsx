import { data, Link, useActionData, useLoaderData } from "react-router";
import { formatPrice } from "#contract/money.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { RefundForm, RefundList } from "#app/features/admin/refunds/refund-form.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/order-refund";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.refunds.submit");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  const { data: order } = await adminLoad(request, () => adminApi(context)("GET /api/admin/orders/{id}/refunds", { params: { id: params.id } }));
  // A new key for each showing of the form: a second press of the same form sends the same one.
  return { order, chave: crypto.randomUUID() };
}

/** Each line's quantity field (qtde_<item id>) with a number above zero is a line of the refund. */
function linesOf(form: FormData) {
  const lines: { item_id: number; qtde: number }[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^qtde_(\d{1,9})$/.exec(name);
    const qtde = Number(value);
    if (match && String(value).trim() !== "" && qtde !== 0) lines.push({ item_id: Number(match[1]), qtde });
  }
  return lines;
}

/** POST /api/admin/orders/{id}/refunds with the form's lines, shipping, amount, reason, note, restock and key. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  return adminAction(request, "refund", () =>
    adminApi(context, form)("POST /api/admin/orders/{id}/refunds", {
      params: { id: params.id },
      body: {
        linhas: linesOf(form),
        frete: form.get("frete") === "on",
        valor: text("valor") || undefined,
        motivo: text("motivo") as never,
        nota: text("nota") || undefined,
        devolver_estoque: form.get("devolver_estoque") === "on",
        chave: text("chave"),
      },
    }),
  );
}

export default function AdminOrderRefund() {
  const { t } = useTranslation();
  const { order, chave } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const money = (value: string) => formatPrice(value, order.moeda_id);
  return (
    <AdminPage title={t("admin.refunds.title", { number: order.pedido })} intro={t("admin.refunds.intro")}>
      <Link to={`/admin/pedidos/${order.id}`} className="text-sm font-semibold underline underline-offset-2">
        ← {t("admin.refunds.back")}
      </Link>
      <Panel>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">{t("admin.refunds.total")}</dt>
            <dd className="font-semibold">{money(order.valor_total)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("admin.refunds.left")}</dt>
            <dd className="font-semibold" data-testid="refund-left">
              {money(order.restante)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("admin.refunds.gateway")}</dt>
            <dd className="font-semibold">{order.gateway ?? t("admin.refunds.noGateway")}</dd>
          </div>
        </dl>
      </Panel>
      <Panel title={t("admin.refunds.lines")}>
        <RefundForm order={order} chave={chave} answer={answer} />
      </Panel>
      <Panel title={t("admin.refunds.past")}>
        <RefundList order={order} />
      </Panel>
    </AdminPage>
  );
}
