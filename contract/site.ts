/** The shop as one request sees it: brand, contacts and origins (server/lib/site.ts builds it, every page reads it). */
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
