import { fileTypeFromBuffer } from "file-type";
import { MAX_UPLOAD_BYTES } from "#contract/api/accounts.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import type { UploadedFile } from "../../lib/multipart.ts";

/** Checks a document image by its bytes, never by its name: answers its MIME type or what is wrong. */
export async function checkUpload(
  file: UploadedFile | undefined,
  allowed: readonly string[],
  typeMessage: ApiMessageKey,
): Promise<{ mime: string } | { error: ApiMessageKey }> {
  if (!file || file.buffer.length === 0) return { error: "file_required" };
  if (file.truncated || file.buffer.length > MAX_UPLOAD_BYTES) return { error: "file_too_large" };
  const type = await fileTypeFromBuffer(file.buffer);
  if (!type || !allowed.includes(type.mime)) return { error: typeMessage };
  return { mime: type.mime };
}

export const extensionOf = (mime: string) =>
  ({ "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "application/pdf": "pdf" })[mime] ?? "bin";
