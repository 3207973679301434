import { timingSafeEqual } from "node:crypto";

/**
 * Compares a secret with what a caller sent in constant time. Texts are compared as their UTF-8 bytes,
 * and different lengths are simply unequal: `timingSafeEqual` would throw on them, and a length is no secret.
 */
export function safeEqual(a: string | Buffer, b: string | Buffer): boolean {
  const left = typeof a === "string" ? Buffer.from(a) : a;
  const right = typeof b === "string" ? Buffer.from(b) : b;
  return left.length === right.length && timingSafeEqual(left, right);
}
