import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { MAX_UPLOAD_BYTES } from "#contract/api/accounts.ts";
import type { Config } from "#config/config.ts";
import { HttpError } from "../lib/errors.ts";
import { requestBody } from "../lib/request-body.ts";
import type { SiteInfo } from "#contract/site.ts";
import { fromLoopback } from "../lib/loopback.ts";
import { inProcessCall } from "../observability/tracing-hooks.ts";
import { siteFor, VISITOR_SITE_HEADER, withVisitorSite } from "../lib/site.ts";
import { CONTENT_UNTIL_HEADER, newNonce, withNonce, type CachedPage, type PageCache } from "../lib/page-cache.ts";
import { isLocale, type Locale } from "#contract/locale.ts";
import { guestCurrencyId } from "#contract/guest-currency.ts";
import { record } from "../observability/metrics.ts";

export interface WebOptions {
  config: Config;
  /** The React Router server build (build/server/index.js). */
  build: ServerBuild;
  /** build/client: hashed assets and public files. */
  clientDir: string;
  /** Guests' catalogue pages, shared (docs/decisions/013); without it every page is rendered. */
  pages?: PageCache;
  /** Changes when the storefront's caches are cleared (a back-office write): the pages' own memos follow it. */
  catalogueGeneration?: () => string;
}

/** The pages the page cache may hold: home, product lists (categories, brands, the special line) and products. */
const CACHEABLE_PAGE = /^\/(?:$|produtos(?:\/|$)|produto\/|marcas$|marca\/|especial(?:\/|$))/;

/** The cookie of a signed-in customer's session (app/lib/session.server.ts): its pages are never cached. */
const SESSION_COOKIE = "sid";
const LANG_COOKIE = "lang";

/**
 * The largest body a storefront form may send: registration's two document files at their limit,
 * plus its text fields. React Router reads a form whole (and /cadastro copies it again to forward
 * it), so anything larger is refused before it gets there.
 */
export const FORM_BODY_LIMIT = 2 * MAX_UPLOAD_BYTES + 512 * 1024;

/** What a page's API calls answered: 503 (the database out of reach), any 5xx, and when the soonest of them changes by itself. */
interface Seen {
  unavailable: boolean;
  failed: boolean;
  until?: number;
}

/** A page rendered whole for the page cache, and what of it may be shared. */
interface Rendered {
  response: Response;
  body: Buffer;
  seen: Seen;
  page?: CachedPage;
}

/** Serves the storefront: built assets, then every other GET/POST through React Router's SSR. */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  // Development mode shows server errors in full on the page: a tool for the developer's own machine only.
  const handleProduction = createRequestHandler(options.build, "production");
  const handleDevelopment = options.config.env === "production" ? handleProduction : createRequestHandler(options.build, "development");

  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: "/",
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders(res, filePath) {
      if (filePath.startsWith(path.join(options.clientDir, "assets"))) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      }
    },
  });

  // React Router reads the body itself, so it must reach it untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, _payload, done) => done(null));

  const pages = options.pages;
  // Pages of one build only: after a deploy no process serves a page naming assets the new build has not got.
  const buildVersion = options.build.assets.version;

  /**
   * The page cache's key of a request, or undefined when its page must be rendered for it alone: anything
   * but a plain GET of a catalogue page, a signed-in customer (session cookie), a language switch.
   * Host (as the store's own origin and brand), locale, currency and path with query make the key; the
   * storefront reads nothing else of a guest's request (the cart and messages live in the browser).
   */
  const pageKey = (request: FastifyRequest, site: SiteInfo): string | undefined => {
    if (!pages || request.method !== "GET") return undefined;
    const pathname = request.url.split("?", 1)[0]!;
    if (!CACHEABLE_PAGE.test(pathname) || pathname.endsWith(".data")) return undefined;
    if (request.cookies[SESSION_COOKIE] !== undefined) return undefined;
    const query = request.url.slice(pathname.length);
    if (/[?&](?:lang|_routes)=/.test(query)) return undefined;
    const stored = request.cookies[LANG_COOKIE];
    const locale: Locale = isLocale(stored) ? stored : site.brand === "es" ? "es-AR" : "pt-BR";
    // Lists are 12 a page on a phone that says so (Sec-CH-UA-Mobile), 20 elsewhere (list-query.ts).
    const device = request.headers["sec-ch-ua-mobile"] === "?1" ? "phone" : "any";
    return `${buildVersion}|${site.origin}|${site.brand}|${locale}|${guestCurrencyId(locale)}|${device}|${request.url}`;
  };

  // The API sees the visitor's address (request.ip, already resolved through the trusted proxies) as its
  // client and the visitor's site (withVisitorSite), never the synthetic Host of the in-process call;
  // `unavailable` records an answer of 503 (the database out of reach).
  const generation = () => options.catalogueGeneration?.() ?? "";

  const apiFetch =
    (request: FastifyRequest, site: SiteInfo, seen: Seen) =>
    async (pathname: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      for (const name of ["cookie", "accept-language", "authorization", "user-agent"]) {
        const value = request.headers[name];
        if (typeof value === "string" && !headers.has(name)) headers.set(name, value);
      }
      // The page's API calls log under the page request's id.
      if (!headers.has("x-request-id")) headers.set("x-request-id", request.id);
      // A visitor from elsewhere stays one in the API (fromLoopback: the demo staff's passwords, /dev tools)
      // even when no trusted proxy resolved their address and the page request's own address is loopback.
      if (!fromLoopback(request)) headers.set("x-forwarded-for", request.ip);
      const res = await inProcessCall(() =>
        withVisitorSite(site, (key) => {
          headers.set(VISITOR_SITE_HEADER, key);
          return app.inject({
            method: (init.method ?? "GET") as "GET",
            url: pathname,
            headers: Object.fromEntries(headers),
            payload: init.body as string | Buffer | undefined,
            remoteAddress: request.ip,
          });
        }),
      );
      if (res.statusCode === 503) seen.unavailable = true;
      if (res.statusCode >= 500) seen.failed = true;
      const until = Number(res.headers[CONTENT_UNTIL_HEADER]);
      if (Number.isFinite(until) && until > 0) seen.until = Math.min(seen.until ?? Infinity, until);
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };

  /** The request's URL on its own (well-formed, see app.ts) origin, which React Router's action check compares with the browser's Origin. */
  const ownUrl = (request: FastifyRequest, site: SiteInfo) => {
    const own = request.host ? `${request.protocol === "https" ? "https" : "http"}://${request.host}` : site.origin;
    return new URL(request.url.startsWith("/") ? `${own}${request.url}` : `${own}/`);
  };

  /**
   * Renders a guest's catalogue page whole, for the cache: the response as rendered, and the page to
   * share unless it may not be shared (not a 200, a cookie set, an API call that failed, no nonce to replace).
   */
  async function renderForCache(request: FastifyRequest, site: SiteInfo): Promise<Rendered> {
    const seen: Seen = { unavailable: false, failed: false };
    const handle = fromLoopback(request) ? handleDevelopment : handleProduction;
    const webRequest = new Request(ownUrl(request, site), { method: "GET", headers: request.headers as Record<string, string> });
    const response = await handle(webRequest, { apiFetch: apiFetch(request, site, seen), site, catalogueGeneration: generation() });
    const body = Buffer.from(await response.arrayBuffer());
    // A development build renders no nonce (nor a policy): its pages hold nothing to replace.
    const policy = response.headers.get("content-security-policy");
    const nonce = policy === null ? "" : /'nonce-([^']+)'/.exec(policy)?.[1];
    const shareable =
      response.status === 200 &&
      !seen.failed &&
      response.headers.getSetCookie().length === 0 &&
      (response.headers.get("content-type") ?? "").startsWith("text/html") &&
      nonce !== undefined &&
      !/private|no-store/.test(response.headers.get("cache-control") ?? "");
    const page = shareable
      ? {
          status: 200,
          headers: [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length"),
          body,
          nonce,
          storedAt: Date.now(),
          ...(seen.until === undefined ? {} : { until: seen.until }),
        }
      : undefined;
    return { response, body, seen, page };
  }

  /** Renders the page of `key` for the cache (one render at a time in this process) and stores it when it may be shared. */
  async function refresh(pageCache: PageCache, key: string, request: FastifyRequest, site: SiteInfo): Promise<{ page?: CachedPage; own?: Rendered }> {
    let own: Rendered | undefined;
    const page = await pageCache.once(key, async () => {
      own = await renderForCache(request, site);
      if (own.page) await pageCache.store(key, own.page);
      return own.page;
    });
    return { page, own };
  }

  /** A page from the cache, with a nonce of its own. */
  function sendPage(reply: FastifyReply, page: CachedPage, state: "hit" | "miss" | "stale") {
    const { headers, body } = page.nonce ? withNonce(page, newNonce()) : page;
    reply.status(page.status);
    for (const [name, value] of headers) reply.header(name, value);
    reply.header("x-page-cache", state);
    return reply.send(body);
  }

  /** A rendered response as React Router answered it; a page that failed because the database was out of reach is a 503. */
  function sendResponse(reply: FastifyReply, response: Response, seen: Seen, body: Buffer | ReadableStream | null) {
    // A page that failed because the API could not reach the database is a moment's outage (503), not a fault.
    const unavailable = response.status === 500 && seen.unavailable;
    reply.status(unavailable ? 503 : response.status);
    if (unavailable) reply.header("retry-after", "5");
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie" && !(Buffer.isBuffer(body) && name === "content-length")) reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!body) return reply.send();
    if (Buffer.isBuffer(body)) return reply.send(body);
    return reply.send(Readable.fromWeb(body as NodeReadableStream));
  }

  async function render(request: FastifyRequest, reply: FastifyReply) {
    // Every URL the page prints comes from `site`, one of the store's own origins whatever Host was named.
    const site = siteFor(options.config, request.host, request.protocol);
    const key = pageKey(request, site);
    if (pages && key) {
      const found = await pages.lookup(key);
      record.pageCache(found?.state === "fresh" ? "hit" : found ? "stale" : "miss");
      if (found?.state === "fresh") return sendPage(reply, found.page, "hit");
      if (found) {
        // Stale: this visitor gets it at once, and one render in the background replaces it.
        void refresh(pages, key, request, site).catch((err: unknown) => request.log.warn({ err }, "page cache: revalidation failed"));
        return sendPage(reply, found.page, "stale");
      }
      const { page, own } = await refresh(pages, key, request, site);
      if (own && !own.page) return sendResponse(reply, own.response, own.seen, own.body);
      if (page) return sendPage(reply, page, "miss");
      // Another request's render may not be shared (an error page, an outage): this one is rendered on its own.
    }
    const url = ownUrl(request, site);
    const controller = new AbortController();
    reply.raw.on("close", () => controller.abort());
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    // A declared length over the limit is refused unread; a streamed body fails where it passes it.
    if (hasBody && Number(request.headers["content-length"]) > FORM_BODY_LIMIT) throw new HttpError(413, "payload_too_large");
    const body = hasBody ? requestBody(request.raw, FORM_BODY_LIMIT) : undefined;
    const webRequest = new Request(url, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: body?.stream,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for a streamed body.
      duplex: hasBody ? "half" : undefined,
    });
    const seen: Seen = { unavailable: false, failed: false };
    const handle = fromLoopback(request) ? handleDevelopment : handleProduction;
    const response = await handle(webRequest, { apiFetch: apiFetch(request, site, seen), site, catalogueGeneration: generation() });
    // A body the page did not read (a 405 for a page without an action) must not hold up the connection's next request;
    // the rest of a body cut off at the limit is never read, so that connection closes.
    if (body?.settle()) reply.header("connection", "close");
    if (body?.tooLarge) throw new HttpError(413, "payload_too_large");
    return sendResponse(reply, response, seen, response.body);
  }

  // Pages, not API operations: /api/docs leaves them out.
  const schema = { hide: true };
  app.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/*", schema, handler: render });
  app.route({ method: ["GET", "HEAD", "POST"], url: "/", schema, handler: render });
}
