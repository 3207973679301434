import path from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { MAX_UPLOAD_BYTES } from "#contract/api/accounts.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../lib/errors.ts";
import { siteFor } from "../lib/site.ts";

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

/** The request's body as a web stream that fails once more than `limit` bytes have come through. */
function limitedBody(request: FastifyRequest, limit: number, onExceeded: () => void): ReadableStream {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        onExceeded();
        done(new HttpError(413, "payload_too_large"));
        return;
      }
      done(null, chunk);
    },
  });
  request.raw.pipe(counter);
  // A client that goes away mid-upload fails the body (pipe alone would leave the reader waiting).
  request.raw.once("error", (err) => counter.destroy(err));
  request.raw.once("close", () => {
    if (!request.raw.complete) counter.destroy(new Error("request body aborted"));
  });
  return Readable.toWeb(counter) as ReadableStream;
}

/** Serves the storefront: built assets, then every other GET/POST through React Router's SSR. */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  const handle = createRequestHandler(options.build, options.config.env === "production" ? "production" : "development");

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

  const apiFetch = (request: FastifyRequest) => async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    for (const name of ["cookie", "accept-language", "authorization", "user-agent", "x-forwarded-for"]) {
      const value = request.headers[name];
      if (typeof value === "string" && !headers.has(name)) headers.set(name, value);
    }
    // The page's API calls log under the page request's id.
    if (!headers.has("x-request-id")) headers.set("x-request-id", request.id);
    const res = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: pathname,
      headers: Object.fromEntries(headers),
      payload: init.body as string | Buffer | undefined,
      remoteAddress: request.ip,
    });
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };

  async function render(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const controller = new AbortController();
    reply.raw.on("close", () => controller.abort());
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    // A declared length over the limit is refused unread; a streamed body is cut off where it passes it.
    if (hasBody && Number(request.headers["content-length"]) > FORM_BODY_LIMIT) throw new HttpError(413, "payload_too_large");
    let tooLarge = false;
    const webRequest = new Request(url, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: hasBody ? limitedBody(request, FORM_BODY_LIMIT, () => (tooLarge = true)) : undefined,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for a streamed body.
      duplex: hasBody ? "half" : undefined,
    });
    const response = await handle(webRequest, {
      apiFetch: apiFetch(request),
      site: siteFor(options.config, request.host, request.protocol),
    });
    // The rest of a body cut off is never read: the connection closes after the answer.
    if (tooLarge) {
      reply.header("connection", "close");
      throw new HttpError(413, "payload_too_large");
    }
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
