import { useState, useSyncExternalStore, type ReactNode } from "react";
import { useRevalidator, type FetcherWithComponents } from "react-router";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { refusalOf, refusedWith, type ActionResult } from "#app/lib/action-result.ts";
import { CsrfField } from "./staff-data.tsx";
import "#app/i18n/admin-texts.ts";

/**
 * A picture sent straight to the API from the member's file (a brand's logo, a banner's image, a seller's
 * photo), as a product's images are, so it may be 10 MB. The server checks the file by its bytes; the
 * size checked here only spares a pointless upload.
 */

/**
 * The upload of one picture: `field` is the form field the API reads, `send` the call, `tooLarge` the
 * refusal of a file over the limit. The page's data is read again after each try.
 */
export function useImageUpload(field: string, send: (form: FormData) => Promise<{ message: string }>, tooLarge: (name: string) => string) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ActionResult | undefined>();

  async function upload(file: File) {
    setResult(undefined);
    if (file.size > MAX_IMAGE_BYTES) {
      setResult(refusedWith(t("admin.error"), { [field]: [tooLarge(file.name)] }));
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

  return { upload, uploading, result };
}

/** Whether the page's scripts run: false in the server's render and the hydration, true after. */
const noChanges = () => () => {};
export const useScripted = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

/**
 * The file field that starts an upload as soon as a file is chosen, with its hint and, while it runs, its status.
 * Given `name`, the field is also a plain form's, posted by the browser with the button `send` names while the
 * page's scripts do not run (the route's action sends the file on to the API).
 */
export function ImageFileInput({
  id,
  label,
  hint,
  uploadingLabel,
  uploading,
  onFile,
  name,
  send,
}: {
  id: string;
  label: string;
  hint: string;
  uploadingLabel: string;
  uploading: boolean;
  onFile: (file: File) => void;
  name?: string;
  send?: string;
}) {
  const scripted = useScripted();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        required={name !== undefined}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={uploading}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) onFile(file);
        }}
        className="mt-1 block max-w-full text-sm"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      {name && send && !scripted ? (
        <button type="submit" className="mt-2 min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold hover:bg-slate-50">
          {send}
        </button>
      ) : null}
      {uploading ? (
        <p role="status" className="text-sm">
          {uploadingLabel}
        </p>
      ) : null}
    </div>
  );
}

/** The button that takes a record's picture off (`intent` names which), through the page's action; `children` go first in its form. */
export function RemovePicture({
  fetcher,
  intent,
  id,
  label,
  children,
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  intent: string;
  id: number;
  label: string;
  children?: ReactNode;
}) {
  return (
    <fetcher.Form method="post">
      {children}
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="min-h-11 rounded-md border border-red-300 px-3 text-sm font-semibold text-red-800 hover:bg-red-50">
        {label}
      </button>
    </fetcher.Form>
  );
}
