import type { FastifyRequest } from "fastify";
import type { SiteInfo } from "#app/lib/load-context.ts";
import type { Config } from "../config.ts";

/** Which brand a host belongs to: the Spanish host gets the Spanish brand, every other host the Portuguese. */
export function siteFor(config: Config, host: string, protocol: string): SiteInfo {
  const hostname = host.split(":")[0]!.toLowerCase();
  const es = hostname === config.hostEs || hostname.endsWith("." + config.hostEs);
  const origin = `${protocol}://${host}`;
  const local = !hostname.endsWith(config.hostPt) && !es;
  return {
    brand: es ? "es" : "pt",
    brandName: es ? config.brandEs : config.brandPt,
    phone: config.storePhone,
    email: config.storeEmail,
    address: config.storeAddress,
    whatsapp: config.storeWhatsapp,
    origin,
    // On localhost both languages live on the one host the visitor is using.
    originPt: local ? origin : `${protocol}://${config.hostPt}`,
    originEs: local ? origin : `${protocol}://${config.hostEs}`,
  };
}

/**
 * The origin that links in e-mails point at: the request's own host only when it is one of the
 * store's, so a forged Host header cannot send a reset link to someone else's site.
 */
export function trustedOrigin(config: Config, request: FastifyRequest): string {
  // Only a plain "name[:port]": "store.host:@evil.example" has a known hostname but points at evil.example.
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(request.host)) return config.publicUrl;
  const hostname = request.hostname.toLowerCase();
  const known = [config.hostPt, config.hostEs, new URL(config.publicUrl).hostname];
  if (known.some((h) => hostname === h || hostname.endsWith("." + h))) {
    return `${request.protocol}://${request.host}`;
  }
  return config.publicUrl;
}
