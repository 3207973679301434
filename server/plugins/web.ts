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
import { siteFor, VISITOR_SITE_HEADER, withVisitorSite } from "../lib/site.ts";

export interface WebOptions {
  config: Config;
  /** The React Router server build (build/server/index.js). */
  build: ServerBuild;
  /** build/client: hashed assets and public files. */
  clientDir: string;
}

/**
 * The largest body a storefront form may send: registration's two document files at their limit,
 * plus its text fields. React Router reads a form whole (and /cadastro copies it again to forward
 * it), so anything larger is refused before it gets there.
 */
export const FORM_BODY_LIMIT = 2 * MAX_UPLOAD_BYTES + 512 * 1024;

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

  // The API sees the visitor's address (request.ip, already resolved through the trusted proxies) as its
  // client and the visitor's site (withVisitorSite), never the synthetic Host of the in-process call;
  // `unavailable` records an answer of 503 (the database out of reach).
  const apiFetch =
    (request: FastifyRequest, site: SiteInfo, seen: { unavailable: boolean }) =>
    async (pathname: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      for (const name of ["cookie", "accept-language", "authorization", "user-agent"]) {
        const value = request.headers[name];
        if (typeof value === "string" && !headers.has(name)) headers.set(name, value);
      }
      // The page's API calls log under the page request's id.
      if (!headers.has("x-request-id")) headers.set("x-request-id", request.id);
      const res = await withVisitorSite(site, (key) => {
        headers.set(VISITOR_SITE_HEADER, key);
        return app.inject({
          method: (init.method ?? "GET") as "GET",
          url: pathname,
          headers: Object.fromEntries(headers),
          payload: init.body as string | Buffer | undefined,
          remoteAddress: request.ip,
        });
      });
      if (res.statusCode === 503) seen.unavailable = true;
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };

  async function render(request: FastifyRequest, reply: FastifyReply) {
    // Every URL the page prints comes from `site`, one of the store's own origins whatever Host was named.
    // The request keeps its own (well-formed, see app.ts) origin, which React Router's action check compares
    // with the browser's Origin header.
    const site = siteFor(options.config, request.host, request.protocol);
    const own = request.host ? `${request.protocol === "https" ? "https" : "http"}://${request.host}` : site.origin;
    const url = new URL(request.url.startsWith("/") ? `${own}${request.url}` : `${own}/`);
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
    const seen = { unavailable: false };
    const handle = fromLoopback(request) ? handleDevelopment : handleProduction;
    const response = await handle(webRequest, { apiFetch: apiFetch(request, site, seen), site });
    // A body the page did not read (a 405 for a page without an action) must not hold up the connection's next request;
    // the rest of a body cut off at the limit is never read, so that connection closes.
    if (body?.settle()) reply.header("connection", "close");
    if (body?.tooLarge) throw new HttpError(413, "payload_too_large");
    // A page that failed because the API could not reach the database is a moment's outage (503), not a fault.
    const unavailable = response.status === 500 && seen.unavailable;
    reply.status(unavailable ? 503 : response.status);
    if (unavailable) reply.header("retry-after", "5");
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  }

  app.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/*", handler: render });
  app.route({ method: ["GET", "HEAD", "POST"], url: "/", handler: render });
}
