import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import type { ApiErrorBody } from "#contract/api/errors.ts";
import type { OperationKey, Operations } from "#contract/api/operations.ts";

/**
 * The storefront's one way to the API (ARCHITECTURE.md "One process, two faces"): every call names an
 * operation of contract/api/operations.ts, so its parameters, query, body and answer are typed from the
 * same zod schemas the API's routes declare and check. Only the map's types reach the browser, never
 * the schemas themselves.
 *
 * In the browser it uses fetch with the `sid` cookie; on the server (`serverApi`) the page's loaders and
 * actions call the API in-process with the visitor's cookies (server/plugins/web.ts). Every failure is
 * one `ApiError`: the API's status, message and field errors, or status 0 when the API could not be
 * reached at all; a 401 in the browser is announced once here (the session ended, see use-session-end.ts).
 */

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Op<K extends OperationKey> = Operations[K];

/** What a call of `K` sends: its path parameters, query and body, each only where the operation has one. */
export type ApiRequest<K extends OperationKey> = (Op<K> extends { params: infer P } ? { params: In<P> } : { params?: never }) &
  (Op<K> extends { query: infer Q } ? { query?: In<Q> } : { query?: never }) &
  (Op<K> extends { body: infer B } ? { body: In<B> } : Op<K> extends { multipart: true } ? { body: FormData } : { body?: never }) & {
    signal?: AbortSignal;
  };

/** What a call of `K` answers on success. */
export type ApiResponse<K extends OperationKey> = z.output<Op<K>["response"]>;

type Args<K extends OperationKey> = Record<never, never> extends ApiRequest<K> ? [request?: ApiRequest<K>] : [request: ApiRequest<K>];

/** Announced on every 401 in the browser: a tab that thought it was signed in checks its session (use-session-end.ts). */
export const UNAUTHORIZED_EVENT = "store:unauthorized";

/** A failed call: the API's answer (ARCHITECTURE.md "Error shape"), or status 0 when it was never reached. */
export class ApiError extends Error {
  readonly errors: Record<string, string[]>;
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null = null,
  ) {
    super(message);
    this.errors = body?.errors ?? {};
  }

  /** The API could not be reached (offline, connection cut): no answer to show. */
  get network(): boolean {
    return this.status === 0;
  }

  /** Over-stock cart lines: each product's own maximum, by product id (the API's `qtde_maxima`). */
  get limits(): Record<string, number> | undefined {
    return this.body?.qtde_maxima;
  }

  /** The first message of each field the API named. */
  get fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.errors)) if (messages[0]) fields[field] = messages[0];
    return fields;
  }

  /** Spec §8: the answer's field errors are listed, else its message, else `fallback`. */
  lines(fallback: string): string[] {
    const list = Object.values(this.errors).flat();
    if (list.length > 0) return list;
    return [this.message || fallback];
  }
}

/** How a client reaches the API: fetch in the browser, the in-process call on the server. */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

export interface ApiClient {
  /** Calls `key` and answers its body, typed from the operation's response schema. */
  <K extends OperationKey>(key: K, ...request: Args<K>): Promise<ApiResponse<K>>;
  /** Like a call, also answering the response headers (the login's cookies). */
  withHeaders<K extends OperationKey>(key: K, ...request: Args<K>): Promise<{ data: ApiResponse<K>; headers: Headers }>;
  /** A call whose answer is text, not JSON (the price list of the export). */
  text<K extends OperationKey>(key: K, ...request: Args<K>): Promise<string>;
}

/** `GET /ecom/x/{id}` with `{ id: 5 }` and a query: the method and the URL to call. */
export function requestLine(key: OperationKey, request: { params?: object; query?: object } = {}): { method: string; url: string } {
  const space = key.indexOf(" ");
  const method = key.slice(0, space);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = key.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const query = search.toString();
  return { method, url: query ? `${path}?${query}` : path };
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: ApiErrorBody | null = null;
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === "object" && typeof (parsed as ApiErrorBody).message === "string") body = parsed as ApiErrorBody;
  } catch {
    // A proxy's HTML error page: no details to show.
  }
  return new ApiError(res.status, body?.message ?? res.statusText, body);
}

export interface ClientHooks {
  onUnauthorized?: () => void;
  /** The currency every call names (spec §7: `moeda_id` on every request), unless the call names its own. */
  currency?: () => number | undefined;
}

export function createApiClient(fetcher: Fetcher, hooks: ClientHooks = {}): ApiClient {
  async function send(key: OperationKey, request: { params?: object; query?: object; body?: unknown; signal?: AbortSignal } = {}): Promise<Response> {
    const moedaId = hooks.currency?.();
    const query = request.query as { moeda_id?: unknown } | undefined;
    const withCurrency = moedaId === undefined || query?.moeda_id != null ? request : { ...request, query: { ...query, moeda_id: moedaId } };
    const { method, url } = requestLine(key, withCurrency);
    const headers: Record<string, string> = { accept: "application/json" };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    let res: Response;
    try {
      res = await fetcher(url, { method, headers, body, signal: request.signal });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ApiError(0, error instanceof Error ? error.message : String(error));
    }
    if (res.status === 401) hooks.onUnauthorized?.();
    if (!res.ok) throw await errorOf(res);
    return res;
  }

  const json = async (res: Response) => {
    try {
      return await res.json();
    } catch (error) {
      // A 2xx that is not the API's JSON (a proxy's page): as good as no answer.
      throw new ApiError(0, error instanceof Error ? error.message : String(error));
    }
  };

  const client = (async (key: OperationKey, request?: { params?: object; query?: object; body?: unknown; signal?: AbortSignal }) =>
    json(await send(key, request))) as ApiClient;
  client.withHeaders = (async (key: OperationKey, request?: { params?: object; query?: object; body?: unknown; signal?: AbortSignal }) => {
    const res = await send(key, request);
    return { data: await json(res), headers: res.headers };
  }) as ApiClient["withHeaders"];
  client.text = (async (key: OperationKey, request?: { params?: object; query?: object; body?: unknown; signal?: AbortSignal }) =>
    (await send(key, request)).text()) as ApiClient["text"];
  return client;
}

let pageCurrency: number | undefined;

/** The page's currency (the shell's), which the browser's client names on every call. */
export function setPageCurrency(moedaId: number) {
  pageCurrency = moedaId;
}

/**
 * The browser's client: same-origin fetch with the session cookie and the page's currency (spec §7:
 * every request through the main client adds `moeda_id`); a 401 is announced to the page.
 */
export const api: ApiClient = createApiClient((path, init) => fetch(path, { ...init, credentials: "same-origin" }), {
  onUnauthorized: () => window.dispatchEvent(new Event(UNAUTHORIZED_EVENT)),
  currency: () => pageCurrency,
});

/**
 * A loader's or action's client: the in-process API call with the visitor's cookies and language
 * (server/plugins/web.ts). A multipart form is encoded here, boundary and all, so the API reads it
 * exactly as the browser sent it. `extraHeaders` go with every call (the back office's CSRF token).
 */
export function serverApi(context: AppLoadContext, extraHeaders: Record<string, string> = {}): ApiClient {
  return createApiClient(async (path, given) => {
    const init: RequestInit =
      Object.keys(extraHeaders).length > 0 ? { ...given, headers: { ...(given.headers as Record<string, string>), ...extraHeaders } } : given;
    if (!(init.body instanceof FormData)) return context.apiFetch(path, init);
    const encoded = new Request("http://local.invalid/", { method: "POST", body: init.body });
    const headers = new Headers(init.headers);
    headers.set("content-type", encoded.headers.get("content-type") ?? "multipart/form-data");
    const body = Buffer.from(await encoded.arrayBuffer());
    return context.apiFetch(path, { ...init, headers, body: body as unknown as BodyInit });
  });
}
