import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Config } from "../config.ts";
import type { SiteInfo } from "#app/lib/load-context.ts";
import { fromLoopback } from "../lib/loopback.ts";
import { siteFor, VISITOR_SITE_HEADER, withVisitorSite } from "../lib/site.ts";

export interface WebOptions {
  config: Config;
  /** The React Router server build (build/server/index.js). */
  build: ServerBuild;
  /** build/client: hashed assets and public files. */
  clientDir: string;
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

  // The API sees the visitor's address (request.ip, already resolved through the trusted proxies) as its
  // client and the visitor's site (withVisitorSite), never the synthetic Host of the in-process call.
  const apiFetch = (request: FastifyRequest, site: SiteInfo) => async (pathname: string, init: RequestInit = {}) => {
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
    const webRequest = new Request(url, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for a streamed body.
      duplex: hasBody ? "half" : undefined,
    });
    const handle = fromLoopback(request) ? handleDevelopment : handleProduction;
    const response = await handle(webRequest, { apiFetch: apiFetch(request, site), site });
    reply.status(response.status);
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
