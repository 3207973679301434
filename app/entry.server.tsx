import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { isLocale, type Locale } from "#contract/locale.ts";
import { translatorFor } from "#app/i18n/index.ts";
import { TranslatorProvider } from "#app/i18n/react.tsx";
import { hostDefaultLocale, resolveLocale } from "#app/i18n/resolve-locale.ts";
import { contentSecurityPolicy, NonceContext } from "#app/lib/nonce.ts";
import { buildManifest, cataloguePreloads } from "#app/lib/catalogue-preloads.server.ts";
import { scriptsAfterFirstPaint } from "#app/lib/scripts-after-paint.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's own logging of a loader's or action's error, less one case: a form another site's page
 * posted is refused with a 400 before any action runs, an everyday event that gets one line, not a stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    console.warn(`Refused a form another origin posted to ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};

/** The root loader already chose the locale; reuse it so the document and its data agree. */
function documentLocale(request: Request, routerContext: EntryContext, loadContext: AppLoadContext): Locale {
  const fromRoot = (routerContext.staticHandlerContext.loaderData?.root as { locale?: unknown } | undefined)?.locale;
  if (isLocale(fromRoot)) return fromRoot;
  const site = loadContext?.site ?? { brand: "pt" as const };
  const resolution = resolveLocale(request, site);
  return resolution.kind === "current" ? resolution.locale : hostDefaultLocale(site);
}

// React Router's default Node entry, plus the texts of the request's locale.
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

  const locale = documentLocale(request, routerContext, loadContext);
  const translator = translatorFor(locale);
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
        <TranslatorProvider translator={translator}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslatorProvider>
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
          const manifest = buildManifest();
          const withTexts = (preloads: string[]) => (manifest ? cataloguePreloads(manifest, locale, preloads) : []);
          const stream = createReadableStreamFromReadable(nonce ? body.pipe(scriptsAfterFirstPaint(withTexts)) : body);
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
