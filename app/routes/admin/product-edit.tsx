import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { AdminProductBody } from "#contract/api/admin/products.ts";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { ProductEditor } from "#app/features/admin/catalogue/product-editor.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/product-edit";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.products.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminApi(context);
  const options = await adminLoad(request, () => api("GET /api/admin/catalog-options"));
  if (!params.id) return { product: null, options };
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  const { data: product } = await adminLoad(request, () => api("GET /api/admin/products/{id}", { params: { id: params.id! } }));
  return { product, options };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The form's fields as the API's body: specifications come as parallel lists, one entry a row. */
function bodyOf(form: FormData): AdminProductBody {
  const names = {
    nome_pt: form.getAll("spec_nome_pt"),
    nome_es: form.getAll("spec_nome_es"),
    valor_pt: form.getAll("spec_valor_pt"),
    valor_es: form.getAll("spec_valor_es"),
  };
  const especificacoes = names.nome_pt
    .map((_, i) => ({
      nome_pt: String(names.nome_pt[i] ?? ""),
      nome_es: String(names.nome_es[i] ?? ""),
      valor_pt: String(names.valor_pt[i] ?? ""),
      valor_es: String(names.valor_es[i] ?? ""),
    }))
    // A row left wholly empty is no row.
    .filter((row) => Object.values(row).some((v) => v.trim() !== ""));
  return {
    codigo: text(form, "codigo"),
    slug: text(form, "slug"),
    nome_pt: text(form, "nome_pt"),
    nome_es: text(form, "nome_es"),
    descritivo_pt: text(form, "descritivo_pt"),
    descritivo_es: text(form, "descritivo_es"),
    caracteristica_pt: text(form, "caracteristica_pt"),
    caracteristica_es: text(form, "caracteristica_es"),
    brand_id: text(form, "brand_id"),
    category_id: text(form, "category_id"),
    department_id: text(form, "department_id"),
    moeda_id: text(form, "moeda_id"),
    valor_venda: text(form, "valor_venda"),
    mostrar_preco: form.get("mostrar_preco") === "on",
    especial: form.get("especial") === "on",
    ativo: form.get("ativo") === "on",
    qtde_disponivel: text(form, "qtde_disponivel"),
    qtde_fisica: text(form, "qtde_fisica"),
    especificacoes,
  } as AdminProductBody;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const intent = text(form, "intent");
  const id = params.id;
  if (intent === "duplicate" && id) {
    return adminAction(request, intent, async () => {
      const { data: copy } = await api("POST /api/admin/products/{id}/duplicate", { params: { id } });
      throw redirect(`/admin/produtos/${copy.id}?copia=1`);
    });
  }
  if (intent === "remove-image" && id) {
    return adminAction(request, intent, () =>
      api("DELETE /api/admin/products/{id}/images/{imageId}", { params: { id, imageId: text(form, "image_id") } }),
    );
  }
  if (intent.startsWith("order:") && id) {
    let ids: unknown;
    try {
      ids = JSON.parse(intent.slice("order:".length));
    } catch {
      ids = [];
    }
    return adminAction(request, "order", () => api("PUT /api/admin/products/{id}/images", { params: { id }, body: { ids: ids as number[] } }));
  }
  const body = bodyOf(form);
  if (!id) {
    return adminAction(request, "save", async () => {
      const { data: created } = await api("POST /api/admin/products", { body });
      throw redirect(`/admin/produtos/${created.id}?salvo=1`);
    });
  }
  return adminAction(request, "save", () => api("PUT /api/admin/products/{id}", { params: { id }, body }));
}

/** One editor per product: moving from the new product's form to the saved one, or to a copy, starts afresh. */
export default function AdminProductRoute() {
  const { product, options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  return <ProductEditor key={product?.id ?? "new"} product={product} options={options} answer={answer} />;
}
