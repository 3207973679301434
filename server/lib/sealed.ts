import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * A value kept encrypted at rest (a staff member's TOTP secret): AES-256-GCM under a key derived from
 * the app secret with HKDF and a purpose label, so each purpose has its own key. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the version lets a later key or cipher read old values.
 */
const VERSION = "v1";

/** A key of its own for `purpose`, derived from the app secret. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "loja-ferramentas", purpose, 32));
}

export function seal(plain: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain value, or undefined when the stored form was altered, is of another purpose or another secret. */
export function unseal(sealed: string, secret: string, purpose: string): string | undefined {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", derivedKey(secret, purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
