import { MAX_UPLOAD_BYTES } from "#contract/api/accounts.ts";

/** Spec §9: png, jpeg, jpg, gif, pdf at registration; png, jpeg, jpg, pdf in the profile. */
export const REGISTRATION_ACCEPT = ".png,.jpeg,.jpg,.gif,.pdf,image/png,image/jpeg,image/gif,application/pdf";
export const PROFILE_ACCEPT = ".png,.jpeg,.jpg,.pdf,image/png,image/jpeg,application/pdf";

const EXTENSIONS = {
  registration: ["png", "jpeg", "jpg", "gif", "pdf"],
  profile: ["png", "jpeg", "jpg", "pdf"],
} as const;

/** The message key of a document image's problem, or null (the server checks the bytes again). */
export function checkDocumentFile(
  file: File | undefined,
  kind: "registration" | "profile",
  required = kind === "registration",
): "file_required" | "file_type" | "file_type_profile" | "file_too_large" | null {
  if (!file || file.size === 0) return required ? "file_required" : null;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!(EXTENSIONS[kind] as readonly string[]).includes(extension)) {
    return kind === "registration" ? "file_type" : "file_type_profile";
  }
  if (file.size > MAX_UPLOAD_BYTES) return "file_too_large";
  return null;
}
