import { useTranslation } from "#app/i18n/react.tsx";
import { usePostedAnswerOf } from "#app/features/admin/form-answer.ts";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { ImageFileInput, useImageUpload } from "#app/features/admin/image-file.tsx";
import "#app/i18n/admin-texts.ts";

/**
 * A banner's image or a seller's photo: its preview and an upload sent straight to the API (image-file.tsx);
 * without the page's scripts, a multipart form posted to the page's action as `post` names it.
 */
export function ImageUpload({
  id,
  label,
  image,
  alt,
  field,
  send,
  wide = false,
  post,
}: {
  id: string;
  label: string;
  image: string | null;
  alt: string;
  /** The form field the API reads. */
  field: string;
  send: (form: FormData) => Promise<{ message: string }>;
  wide?: boolean;
  /** The action's intent for this picture and the record's id. */
  post: { intent: string; id: number };
}) {
  const { t } = useTranslation();
  const { upload, uploading, result } = useImageUpload(field, send, (name) => t("admin.content.tooLarge", { name }));
  const posted = usePostedAnswerOf(post.intent, post.id);
  return (
    <div className="space-y-2">
      <FormResult result={result ?? posted} />
      <div
        className={`flex items-center justify-center rounded-md border border-slate-200 bg-white p-1 ${wide ? "h-28 w-72 max-w-full" : "size-24"}`}
      >
        {image ? (
          <img src={image} alt={alt} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-center text-xs text-muted">{t("admin.content.noImage")}</span>
        )}
      </div>
      <form method="post" encType="multipart/form-data" aria-label={t("admin.content.send")}>
        <CsrfField />
        <input type="hidden" name="intent" value={post.intent} />
        <input type="hidden" name="id" value={post.id} />
        <ImageFileInput
          id={id}
          label={label}
          hint={t("admin.content.uploadHint")}
          uploadingLabel={t("admin.content.uploading")}
          uploading={uploading}
          onFile={(file) => void upload(file)}
          name={field}
          send={t("admin.content.send")}
        />
      </form>
    </div>
  );
}
