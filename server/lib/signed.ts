import { createHmac } from "node:crypto";
import { safeEqual } from "./safe-equal.ts";

/** A tamper-proof, expiring value handed to the client and read back later (delivery options). */
export function signValue(payload: object, secret: string, ttlMs: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Date.now() + ttlMs })).toString("base64url");
  const mac = createHmac("sha256", secret).update(body).digest("base64url");
  return `${body}.${mac}`;
}

export function readSigned<T>(token: string, secret: string): (T & { exp: number }) | undefined {
  const [body, mac] = token.split(".");
  if (!body || !mac) return undefined;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (!safeEqual(given, expected)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString()) as T & { exp: number };
    return typeof value.exp === "number" && value.exp > Date.now() ? value : undefined;
  } catch {
    return undefined;
  }
}
