import { createContext, useContext } from "react";

/**
 * The per-request script nonce of the Content-Security-Policy. Only the server knows it; in the
 * browser the context is empty and React keeps the attribute the server rendered.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);

/**
 * The document's policy: scripts only from this origin or carrying this response's nonce; styles
 * may be inline (React renders style attributes); nothing may frame the shop.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
