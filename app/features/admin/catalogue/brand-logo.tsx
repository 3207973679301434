import { useFetcher } from "react-router";
import type { AdminBrand } from "#contract/api/admin/catalogue.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { ImageFileInput, RemovePicture, useImageUpload } from "#app/features/admin/image-file.tsx";
import { useStaffApi } from "#app/features/admin/staff-data.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/** A brand's logo: its preview, an upload sent straight to the API (image-file.tsx) and its removal. */
export function BrandLogo({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const fetcher = useFetcher<ActionResult>();
  const { upload, uploading, result } = useImageUpload(
    "logo",
    (body) => api("POST /api/admin/brands/{id}/logo", { params: { id: brand.id }, body }),
    (name) => `${name}: 10 MB`,
  );

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
        {brand.logo ? <RemovePicture fetcher={fetcher} intent="remove-logo" id={brand.id} label={t("admin.brands.removeLogo")} /> : null}
      </div>
      <ImageFileInput
        id={`brand-logo-${brand.id}`}
        label={t("admin.brands.upload")}
        hint={t("admin.brands.uploadHint")}
        uploadingLabel={t("admin.brands.uploading")}
        uploading={uploading}
        onFile={(file) => void upload(file)}
      />
    </div>
  );
}
