import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SITEMAP_MAX_URLS, type ProductSummary } from "#contract/api/catalog.ts";
import { apiMessage } from "#contract/messages.ts";
import { priceList, priceListCodeWidth, priceListHeader, type PriceListItem } from "#contract/price-list.ts";
import type { Locale } from "#contract/locale.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import type { CatalogService } from "./service.ts";
import { EXPORT_RATE_LIMIT } from "./limits.ts";

// Rows read per query: few round trips, little memory per batch (price-list rows are narrow).
const BATCH_SIZE = 1000;
const PRICE_BATCH_SIZE = 10_000;
/** The shop's clock: the price list says when it was made in Ciudad del Este time. */
const SHOP_TIME_ZONE = "America/Asuncion";

/**
 * Reads the first batch before anything is sent: a database that fails then gets a proper error
 * answer (status and JSON message) instead of a 200 cut short. Later batches stream (see abortOnError).
 */
async function startBatches<T>(batches: AsyncGenerator<T[]>): Promise<AsyncGenerator<T[]>> {
  const step = await batches.next();
  const first = step.done ? [] : step.value;
  return (async function* () {
    yield first;
    yield* batches;
  })();
}

/**
 * The body stream of an export. If a later batch fails, the connection is destroyed: the client
 * sees an aborted download (reset connection or cut chunked/gzip body), never a file that ends
 * cleanly, nor an error page carrying the headers (gzip) of the stream it replaces.
 */
function abortOnError(reply: FastifyReply, source: AsyncGenerator<string>): Readable {
  return Readable.from(
    (async function* () {
      try {
        yield* source;
      } catch (err) {
        reply.log.error({ err }, "export failed part way: connection aborted");
        reply.raw.destroy();
      }
    })(),
  );
}

async function* asJson(batches: AsyncGenerator<ProductSummary[]>) {
  let first = true;
  yield "[";
  for await (const batch of batches) {
    for (const product of batch) {
      yield `${first ? "" : ","}${JSON.stringify(product)}`;
      first = false;
    }
  }
  yield "]";
}

/** The header, then the rows; an empty list is an empty file (the storefront then says there was nothing to export). */
async function* asText(header: string, codeWidth: number, batches: AsyncGenerator<PriceListItem[]>) {
  let started = false;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (started ? "" : header) + priceList(batch, codeWidth);
    started = true;
  }
}

function header(locale: Locale, now: Date): string {
  const date = new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: SHOP_TIME_ZONE,
  }).format(now);
  return priceListHeader({
    generatedAt: apiMessage(locale, "price_list_generated", { date }),
    disclaimer: apiMessage(locale, "price_list_disclaimer"),
  });
}

/** GET /api/public/products/export: the same filters as the list call, plus format=txt|json. */
export const catalogExportRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    "/api/public/products/export",
    { schema: op("GET /api/public/products/export", { tags: ["catalogue"] }), config: { rateLimit: EXPORT_RATE_LIMIT } },
    async (req, typedReply) => {
      // Both formats stream, which the serializer never sees: the declared answer (a product list) documents the JSON one.
      const reply = typedReply as unknown as FastifyReply;
      const { format, ...query } = req.query;
      if (format === "txt") {
        const [longest, batches] = await Promise.all([
          catalog.priceListLongestCode(query),
          startBatches(catalog.inStockPriceList(query, PRICE_BATCH_SIZE)),
        ]);
        const text = asText(header(requestLocale(req), new Date()), priceListCodeWidth(longest), batches);
        reply.header("cache-control", "no-store");
        reply.type("text/plain; charset=utf-8");
        reply.header("content-disposition", 'attachment; filename="lista-de-precos.txt"');
        return reply.send(abortOnError(reply, text));
      }
      const batches = await startBatches(catalog.inStockProducts(query, BATCH_SIZE));
      reply.header("cache-control", "no-store");
      reply.type("application/json; charset=utf-8");
      return reply.send(abortOnError(reply, asJson(batches)));
    },
  );

  // The product sitemap files (≤ 50,000 URLs each) read one slice of slugs in a single query.
  app.get("/api/public/products/slugs", { schema: op("GET /api/public/products/slugs", { tags: ["catalogue"] }) }, async (req, reply) => {
    const { total, slugs } = await catalog.productSlugs(req.query.file, SITEMAP_MAX_URLS);
    reply.header("cache-control", "public, max-age=600");
    return { total, per_file: SITEMAP_MAX_URLS, data: slugs };
  });
};
