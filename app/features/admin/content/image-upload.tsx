import { useState } from "react";
import { useRevalidator } from "react-router";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { refusalOf, refusedWith, type ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/**
 * A banner's image or a seller's photo: its preview and an upload sent straight to the API (as a product's
 * images are, so it may be 10 MB). The server checks the file by its bytes; this only spares a pointless upload.
 */
export function ImageUpload({
  id,
  label,
  image,
  alt,
  field,
  send,
  wide = false,
}: {
  id: string;
  label: string;
  image: string | null;
  alt: string;
  /** The form field the API reads. */
  field: string;
  send: (form: FormData) => Promise<{ message: string }>;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ActionResult | undefined>();

  async function upload(file: File) {
    setResult(undefined);
    if (file.size > MAX_IMAGE_BYTES) {
      setResult(refusedWith(t("admin.error"), { [field]: [t("admin.content.tooLarge", { name: file.name })] }));
      return;
    }
    const form = new FormData();
    form.append(field, file);
    setUploading(true);
    try {
      setResult({ ok: true, message: (await send(form)).message });
    } catch (error) {
      setResult(refusalOf(error, t("admin.error")));
    }
    setUploading(false);
    await revalidator.revalidate();
  }

  return (
    <div className="space-y-2">
      <FormResult result={result} />
      <div
        className={`flex items-center justify-center rounded-md border border-slate-200 bg-white p-1 ${wide ? "h-28 w-72 max-w-full" : "size-24"}`}
      >
        {image ? (
          <img src={image} alt={alt} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-center text-xs text-muted">{t("admin.content.noImage")}</span>
        )}
      </div>
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void upload(file);
          }}
          className="mt-1 block max-w-full text-sm"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {t("admin.content.uploadHint")}
        </p>
        {uploading ? (
          <p role="status" className="text-sm">
            {t("admin.content.uploading")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
