import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductDetails } from "#contract/api/catalog.ts";

// Loaded through below-the-fold.tsx, after the page's own code.

/** Value shown in the specification table: a dash when the value is empty (spec §2). */
export const specValue = (valor: string | null | undefined) => (valor == null || valor.trim() === "" ? "-" : valor);

/** The API sanitises `caracteristica` (sanitize-html) before sending it; only that field is raw HTML. */
export function Description({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const html = product.caracteristica?.trim();
  return (
    <section aria-labelledby="description-title">
      <h2 id="description-title" className="text-xl font-bold">
        {t("product.description.title")}
      </h2>
      {product.descritivo && <p className="mt-3 text-ink">{product.descritivo}</p>}
      {html ? (
        <div
          className="prose-product mt-3 max-w-none space-y-3 text-ink [&_a]:text-accent-ink [&_a]:underline [&_h3]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        !product.descritivo && <p className="mt-3 text-muted">{t("product.description.empty")}</p>
      )}
    </section>
  );
}

export function SpecTable({ specs }: { specs: ProductDetails["especificacoes"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="specs-title">
      <h2 id="specs-title" className="text-xl font-bold">
        {t("product.specs.title")}
      </h2>
      {specs.length === 0 ? (
        <p className="mt-3 text-muted">{t("product.specs.empty")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg ring-1 ring-slate-200">
          <table className="w-full border-collapse bg-panel text-left text-sm">
            <caption className="sr-only">{t("product.specs.title")}</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t("product.specs.name")}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t("product.specs.value")}
                </th>
              </tr>
            </thead>
            <tbody>
              {specs.map((spec, index) => (
                <tr key={`${spec.nome}-${index}`} className="border-t border-slate-200">
                  <th scope="row" className="w-2/5 px-4 py-2 font-medium text-muted">
                    {spec.nome}
                  </th>
                  <td className="px-4 py-2">{specValue(spec.valor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
