import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { SiteInfo } from "#contract/site.ts";
import type { Config } from "#config/config.ts";

/**
 * Every absolute URL the store prints (canonical and hreflang links, JSON-LD, sitemaps, robots.txt,
 * e-mail links, payment return addresses) is built here, from the configured hosts only
 * (docs/decisions/007-hosts-links-test-gateway.md). The Host header merely picks one of them: an exact
 * match of HOST_PT, HOST_ES or PUBLIC_URL's host (and, off production, localhost / 127.0.0.1 / [::1] on
 * the server's port); any other host gets PUBLIC_URL, so a forged Host never reaches a page or a cache.
 */

/** "name[:port]" or "[v6]:port"; anything else ("a b", "store:@evil.example") is not a host at all. */
const HOST_SHAPE = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether a Host header is well formed (a missing one is treated as unknown, not as malformed). */
export function wellFormedHost(host: string | undefined): boolean {
  return host === undefined || host === "" || HOST_SHAPE.test(host);
}

/** The brand hosts, exactly as configured (a port only when the setting names one). */
function knownHosts(config: Config): Set<string> {
  const hosts = new Set([config.hostPt.toLowerCase(), config.hostEs.toLowerCase()]);
  if (config.env !== "production") {
    for (const name of ["localhost", "127.0.0.1", "[::1]"]) hosts.add(`${name}:${config.port}`);
  }
  return hosts;
}

/** The brand a host name belongs to: the Spanish host's, or the Portuguese one for every other. */
function brandOf(config: Config, host: string): "pt" | "es" {
  return host === config.hostEs.toLowerCase() ? "es" : "pt";
}

/** The site a request for `host` is served as, its origin always one of the store's own. */
export function siteFor(config: Config, host: string | undefined, protocol: string): SiteInfo {
  const requested = (host ?? "").toLowerCase();
  const publicHost = new URL(config.publicUrl).host.toLowerCase();
  const known = requested !== publicHost && HOST_SHAPE.test(requested) && knownHosts(config).has(requested);
  // PUBLIC_URL's host keeps PUBLIC_URL's scheme; an unknown host is answered as PUBLIC_URL.
  const origin = known ? `${protocol === "https" ? "https" : "http"}://${requested}` : config.publicUrl;
  const originHost = new URL(origin).host.toLowerCase();
  const brand = brandOf(config, originHost);
  // On a host that is neither brand's (localhost, a staging name) both languages live on that one host.
  const single = originHost !== config.hostPt.toLowerCase() && originHost !== config.hostEs.toLowerCase();
  const originScheme = new URL(origin).protocol;
  return {
    brand,
    brandName: brand === "es" ? config.brandEs : config.brandPt,
    phone: config.storePhone,
    email: config.storeEmail,
    address: config.storeAddress,
    whatsapp: config.storeWhatsapp,
    origin,
    originPt: single ? origin : `${originScheme}//${config.hostPt}`,
    originEs: single ? origin : `${originScheme}//${config.hostEs}`,
  };
}

/**
 * The visitors' sites of the storefront's in-process API calls (server/plugins/web.ts), each under a
 * random key the call carries in VISITOR_SITE_HEADER while it runs: the API then builds links for the
 * visitor's host, not for the call's own synthetic one. A client sending the header cannot guess a key.
 */
const inProcessSites = new Map<string, SiteInfo>();
export const VISITOR_SITE_HEADER = "x-store-visitor-site";

/** Runs an in-process API call for a visitor of `site`; `call` gets the header value to send. */
export async function withVisitorSite<T>(site: SiteInfo, call: (key: string) => Promise<T>): Promise<T> {
  const key = randomUUID();
  inProcessSites.set(key, site);
  try {
    return await call(key);
  } finally {
    inProcessSites.delete(key);
  }
}

/** The visitor's site of an in-process call from the storefront, or undefined for any other request. */
export function visitorSiteOf(request: FastifyRequest): SiteInfo | undefined {
  const key = request.headers[VISITOR_SITE_HEADER];
  return typeof key === "string" ? inProcessSites.get(key) : undefined;
}

/** The site of an API request: the page's visitor's for an in-process call, else the request's own Host. */
export function requestSite(config: Config, request: FastifyRequest): SiteInfo {
  return visitorSiteOf(request) ?? siteFor(config, request.host, request.protocol);
}
