/** What the server hands every loader and action (server/plugins/web.ts builds it). */
export interface SiteInfo {
  /** Which brand the request's host belongs to: the Portuguese or the Spanish one. */
  brand: "pt" | "es";
  brandName: string;
  phone: string;
  email: string;
  address: string;
  whatsapp: string;
  /** Origin of this request, e.g. https://loja.example (for canonical URLs and links). */
  origin: string;
  /** Origins of the two brands' hosts, for hreflang and cross-host language switches. */
  originPt: string;
  originEs: string;
}

declare module "react-router" {
  interface AppLoadContext {
    /** Calls the store's own API (in-process on the server); same contract as fetch, with a path. */
    apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
    site: SiteInfo;
  }
}

export type { AppLoadContext } from "react-router";
