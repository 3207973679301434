import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { isLocale, type Locale } from "#contract/locale.ts";
import { createI18n } from "#app/i18n/index.ts";
import { hostDefaultLocale, resolveLocale } from "#app/i18n/resolve-locale.ts";
import { contentSecurityPolicy, NonceContext } from "#app/lib/nonce.ts";

export const streamTimeout = 5_000;

/** The root loader already chose the locale; reuse it so the document and its data agree. */
function documentLocale(request: Request, routerContext: EntryContext, loadContext: AppLoadContext): Locale {
  const fromRoot = (routerContext.staticHandlerContext.loaderData?.root as { locale?: unknown } | undefined)?.locale;
  if (isLocale(fromRoot)) return fromRoot;
  const site = loadContext?.site ?? { brand: "pt" as const };
  const resolution = resolveLocale(request, site);
  return resolution.kind === "current" ? resolution.locale : hostDefaultLocale(site);
}

// React Router's default Node entry, plus one i18next instance per request.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const i18n = createI18n(documentLocale(request, routerContext, loadContext));
  // Vite's development server injects inline scripts of its own; the built store allows none but ours.
  const nonce = import.meta.env.DEV ? undefined : randomBytes(16).toString("base64");
  if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell first and the rest streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and React Router logs them; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
