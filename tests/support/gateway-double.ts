import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as a double's handler sees it. */
export interface DoubleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  json<T = Record<string, unknown>>(): T | undefined;
  form(): URLSearchParams;
}

export type DoubleAnswer = { status?: number; json: unknown } | { status?: number; html: string } | { status: number; location: string };

export type DoubleHandler = (req: DoubleRequest) => DoubleAnswer | Promise<DoubleAnswer>;

/**
 * A small HTTP server standing in for a payment gateway on 127.0.0.1. `stalled` makes it accept
 * requests and never answer, as a gateway that hangs; `late` makes it carry each request out and answer
 * only after that long, as a gateway whose answer is lost; `calls` lists what the store asked it.
 */
export async function startDouble(routes: Record<string, DoubleHandler>) {
  const calls: { method: string; path: string; body: string; headers: IncomingMessage["headers"] }[] = [];
  const hanging = new Set<ServerResponse>();
  const state = { stalled: false, lateMs: 0, lateOnly: undefined as RegExp | undefined };
  const patterns = Object.entries(routes)
    .filter(([k]) => k.includes("*"))
    .map(([k, h]) => [new RegExp(`^${k.replace(/[.?+]/g, "\\$&").replace(/\*/g, "[^/]+")}$`), h] as const);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://double");
        const body = Buffer.concat(chunks).toString("utf8");
        calls.push({ method: req.method ?? "GET", path: url.pathname.replace(/(.)\/+$/, "$1"), body, headers: req.headers });
        if (state.stalled) {
          hanging.add(res);
          return;
        }
        // "*" in a route stands for one path segment.
        const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
        const key = `${req.method} ${path}`;
        const handler = routes[key] ?? patterns.find(([re]) => re.test(key))?.[1];
        if (!handler) {
          res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
          return;
        }
        try {
          const answer = await handler({
            method: req.method ?? "GET",
            path,
            query: url.searchParams,
            headers: req.headers,
            body,
            json: <T>() => {
              try {
                return JSON.parse(body) as T;
              } catch {
                return undefined;
              }
            },
            form: () => new URLSearchParams(body),
          });
          if (state.lateMs > 0 && (!state.lateOnly || state.lateOnly.test(key))) {
            hanging.add(res);
            await new Promise((r) => setTimeout(r, state.lateMs));
            hanging.delete(res);
            if (res.destroyed) return;
          }
          if ("location" in answer) res.writeHead(answer.status, { location: answer.location }).end();
          else if ("html" in answer) res.writeHead(answer.status ?? 200, { "content-type": "text/html; charset=utf-8" }).end(answer.html);
          else res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(answer.json));
        } catch (err) {
          res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(err) }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    /** Accepts and never answers (true), or answers again (false). */
    stall(on: boolean) {
      state.stalled = on;
      if (!on) {
        for (const res of hanging) res.destroy();
        hanging.clear();
      }
    },
    /** Carries requests out (those whose "METHOD /path" `only` matches) but answers each only after `ms` (0: at once again). */
    late(ms: number, only?: RegExp) {
      state.lateMs = ms;
      state.lateOnly = only;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The hosted page of a double: the amount and two buttons, as a gateway's checkout page would offer. */
export function doublePage(title: string, amount: string, action: string, fields: Record<string, string>) {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, "&quot;")}">`)
    .join("");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>
<p class="amount">${amount}</p>
<form method="post" action="${action}">${hidden}<button name="decision" value="approve">Pay</button><button name="decision" value="decline">Decline</button></form>
</main></body></html>`;
}

/** Delivers a gateway's notification to the store: over HTTP to a URL, or through a function (app.inject). */
export type Notify = (body: string, headers: Record<string, string>, query?: string) => Promise<{ status: number; body: string }>;

export function httpNotify(url: string): Notify {
  return async (body, headers, query = "") => {
    const res = await fetch(`${url}${query}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    return { status: res.status, body: await res.text() };
  };
}
