import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { AdminBrand } from "#contract/api/admin/catalogue.ts";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffApi } from "#app/features/admin/staff-data.tsx";
import { refusalOf, refusedWith, type ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/**
 * A brand's logo: its preview, an upload sent straight to the API (as a product's images are, so it
 * may be 10 MB) and its removal. The server checks the file by its bytes; this only spares a pointless upload.
 */
export function BrandLogo({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<ActionResult>();
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ActionResult | undefined>();
  const inputId = `brand-logo-${brand.id}`;

  async function upload(file: File) {
    setResult(undefined);
    if (file.size > MAX_IMAGE_BYTES) {
      setResult(refusedWith(t("admin.error"), { logo: [`${file.name}: 10 MB`] }));
      return;
    }
    const form = new FormData();
    form.append("logo", file);
    setUploading(true);
    try {
      const answer = await api("POST /api/admin/brands/{id}/logo", { params: { id: brand.id }, body: form });
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult(refusalOf(error, t("admin.error")));
    }
    setUploading(false);
    await revalidator.revalidate();
  }

  return (
    <div className="space-y-2">
      <FormResult result={fetcher.data ?? result} />
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-20 w-40 items-center justify-center rounded-md border border-slate-200 bg-white p-2">
          {brand.logo ? (
            <img src={brand.logo} alt={t("admin.brands.logoAlt", { name: brand.nome })} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-center text-xs text-muted">{t("admin.brands.noLogo")}</span>
          )}
        </div>
        {brand.logo ? (
          <fetcher.Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="remove-logo" />
            <input type="hidden" name="id" value={brand.id} />
            <button type="submit" className="min-h-11 rounded-md border border-red-300 px-3 text-sm font-semibold text-red-800 hover:bg-red-50">
              {t("admin.brands.removeLogo")}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      <div>
        <label htmlFor={inputId} className="block text-sm font-semibold">
          {t("admin.brands.upload")}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void upload(file);
          }}
          className="mt-1 block max-w-full text-sm"
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-muted">
          {t("admin.brands.uploadHint")}
        </p>
        {uploading ? (
          <p role="status" className="text-sm">
            {t("admin.brands.uploading")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
