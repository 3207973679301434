import type { SiteInfo } from "#contract/site.ts";

declare module "react-router" {
  interface AppLoadContext {
    /** Calls the store's own API (in-process on the server); same contract as fetch, with a path. */
    apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
    site: SiteInfo;
    /** Changes when a back-office write cleared the storefront's caches: a memo of API answers starts again. */
    catalogueGeneration?: string;
  }
}

export type { AppLoadContext } from "react-router";
