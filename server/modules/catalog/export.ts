import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { intSchema } from "#contract/api/common.ts";
import { ProductsQuerySchema, SITEMAP_MAX_URLS, type ProductSummary } from "#contract/api/catalog.ts";
import { priceList, type PriceListItem } from "#contract/price-list.ts";
import type { CatalogService } from "./service.ts";

// Rows read per query: few round trips, little memory per batch (price-list rows are narrow).
const BATCH_SIZE = 1000;
const PRICE_BATCH_SIZE = 10_000;

export const ExportQuerySchema = z.intersection(
  ProductsQuerySchema,
  z.object({ format: z.enum(["txt", "json"]).default("json") }),
);

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

async function* asText(batches: AsyncGenerator<PriceListItem[]>) {
  for await (const batch of batches) yield priceList(batch);
}

/** GET /api/public/products/export: the same filters as the list call, plus format=txt|json. */
export const catalogExportRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    "/api/public/products/export",
    { schema: { tags: ["catalogue"], querystring: ExportQuerySchema } },
    async (req, reply) => {
      const { format, ...query } = req.query;
      reply.header("cache-control", "no-store");
      if (format === "txt") {
        reply.type("text/plain; charset=utf-8");
        reply.header("content-disposition", 'attachment; filename="lista-de-precos.txt"');
        return reply.send(Readable.from(asText(catalog.inStockPriceList(query, PRICE_BATCH_SIZE))));
      }
      reply.type("application/json; charset=utf-8");
      return reply.send(Readable.from(asJson(catalog.inStockProducts(query, BATCH_SIZE))));
    },
  );

  // The product sitemap files (≤ 50,000 URLs each) read one slice of slugs in a single query.
  app.get(
    "/api/public/products/slugs",
    { schema: { tags: ["catalogue"], querystring: z.object({ file: intSchema(1, 10_000).default(1) }) } },
    async (req, reply) => {
      const { total, slugs } = await catalog.productSlugs(req.query.file, SITEMAP_MAX_URLS);
      reply.header("cache-control", "public, max-age=600");
      return { total, per_file: SITEMAP_MAX_URLS, data: slugs };
    },
  );
};
