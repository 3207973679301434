import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { AdminProduct } from "#contract/api/admin/products.ts";
import { imageSrcSet, MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffApi } from "#app/features/admin/staff-data.tsx";
import { refusalOf, refusedWith, type ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/**
 * A product's images: upload (straight to the API, one file a request, so each may be 10 MB), reorder
 * and remove. The server checks every file by its bytes; this only spares a pointless upload.
 */
export function ProductImages({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<ActionResult>();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ActionResult | undefined>();
  const images = product.imagens;

  async function upload(files: File[]) {
    setResult(undefined);
    setProgress({ done: 0, total: files.length });
    let last: ActionResult | undefined;
    for (const [i, file] of files.entries()) {
      if (file.size > MAX_IMAGE_BYTES) {
        last = refusedWith(t("admin.error"), { imagens: [`${file.name}: 10 MB`] });
        continue;
      }
      const form = new FormData();
      form.append("imagens", file);
      try {
        const answer = await api("POST /api/admin/products/{id}/images", { params: { id: product.id }, body: form });
        last = { ok: true, message: answer.message };
      } catch (error) {
        last = refusalOf(error, t("admin.error"), file.name);
      }
      setProgress({ done: i + 1, total: files.length });
    }
    setProgress(null);
    setResult(last);
    await revalidator.revalidate();
  }

  const order = (ids: number[]) => JSON.stringify(ids);
  const swap = (i: number, j: number) => {
    const ids = images.map((img) => img.id);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    return order(ids);
  };

  return (
    <div className="space-y-3">
      <FormResult result={fetcher.data ?? result} />
      {images.length === 0 ? <p className="text-muted">{t("admin.product.noImages")}</p> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {images.map((img, i) => (
          <li key={img.id} className="rounded-md border border-slate-200 bg-white p-2" data-testid="product-image">
            <img
              src={img.url}
              srcSet={imageSrcSet(img.url)}
              sizes="200px"
              alt={t("admin.product.imageAlt", { n: i + 1 })}
              width={200}
              height={200}
              className="aspect-square w-full object-contain"
            />
            <fetcher.Form method="post" className="mt-2 flex flex-wrap gap-1">
              <CsrfField />
              <input type="hidden" name="image_id" value={img.id} />
              <button
                type="submit"
                name="intent"
                value={`order:${swap(i, i - 1)}`}
                disabled={i === 0}
                aria-label={t("admin.product.moveUp", { n: i + 1 })}
                className="min-h-9 min-w-9 rounded border border-slate-300 px-2 disabled:opacity-40"
              >
                ↑
              </button>
              <button
                type="submit"
                name="intent"
                value={`order:${swap(i, i + 1)}`}
                disabled={i === images.length - 1}
                aria-label={t("admin.product.moveDown", { n: i + 1 })}
                className="min-h-9 min-w-9 rounded border border-slate-300 px-2 disabled:opacity-40"
              >
                ↓
              </button>
              <button
                type="submit"
                name="intent"
                value="remove-image"
                aria-label={t("admin.product.remove", { n: i + 1 })}
                className="min-h-9 rounded border border-red-300 px-2 text-sm font-semibold text-red-800"
              >
                ✕
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ol>
      <div>
        <label htmlFor="product-images-upload" className="block text-sm font-semibold">
          {t("admin.product.upload")}
        </label>
        <input
          id="product-images-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={progress !== null}
          aria-describedby="product-images-hint"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length > 0) void upload(files);
          }}
          className="mt-1 block text-sm"
        />
        <p id="product-images-hint" className="mt-1 text-xs text-muted">
          {t("admin.product.imagesHint")}
        </p>
        {progress ? (
          <div className="mt-2" role="status">
            <progress max={progress.total} value={progress.done} className="w-full" />
            <p className="text-sm">{t("admin.product.uploading", { done: progress.done, total: progress.total })}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
