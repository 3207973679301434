import { Link, useActionData, useLoaderData } from "react-router";
import type { DocumentReviewBody } from "#contract/api/admin/customers.ts";
import { AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { CustomerData, CustomerDocuments, CustomerMails, CustomerOrders } from "#app/features/admin/customers/customer-detail.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/customer";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.customers.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/customers/{id}", { params: { id: params.id } }));
  return { customer: data };
}

/** The review of the document, or an e-mail to the customer, by the form's intent. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const intent = String(form.get("intent") ?? "");
  const id = params.id;
  switch (intent) {
    case "review": {
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" && value !== "" ? value : undefined;
      };
      const body = { estado: text("estado"), motivo: text("motivo"), nota: text("nota") } as DocumentReviewBody;
      return adminAction(request, intent, () => api("POST /api/admin/customers/{id}/documents/review", { params: { id }, body }));
    }
    case "resend":
      return adminAction(request, intent, () => api("POST /api/admin/customers/{id}/resend-confirmation", { params: { id } }));
    case "reset":
      return adminAction(request, intent, () => api("POST /api/admin/customers/{id}/password-reset", { params: { id } }));
    default:
      throw new Response(null, { status: 400 });
  }
}

export default function AdminCustomer() {
  const { t } = useTranslation();
  const { customer } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <AdminPage title={t("admin.customers.detailTitle", { name: `${customer.nome} ${customer.sobrenome}` })}>
      <p>
        <Link to="/admin/clientes" className="font-semibold underline">
          {t("admin.customers.back")}
        </Link>
      </p>
      <CustomerData customer={customer} />
      <CustomerDocuments customer={customer} result={result} />
      <CustomerMails customer={customer} result={result} />
      <CustomerOrders customer={customer} />
    </AdminPage>
  );
}
