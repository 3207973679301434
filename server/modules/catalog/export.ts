import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ProductsQuerySchema, type ProductSummary } from "#contract/api/catalog.ts";
import { priceList } from "#contract/price-list.ts";
import type { CatalogService } from "./service.ts";

// The largest page the list call allows: few round trips, little memory per batch.
const BATCH_SIZE = 100;
// A runaway filter must not turn one request into an unbounded export.
const MAX_ROWS = 20_000;

export const ExportQuerySchema = z.intersection(
  ProductsQuerySchema,
  z.object({ format: z.enum(["txt", "json"]).default("json") }),
);

/**
 * In-stock products of a filtered list, batch by batch, ordered by stock then id descending
 * (spec §7 "Print and export"). The cursor is the page: the order ends on the unique id, so pages
 * never overlap or skip a row while nothing changes underneath.
 */
async function* inStockBatches(catalog: CatalogService, query: z.output<typeof ProductsQuerySchema>) {
  let sent = 0;
  for (let page = 1; sent < MAX_ROWS; page++) {
    const batch = await catalog.products({
      ...query,
      tem_estoque: true,
      page,
      per_page: BATCH_SIZE,
      sort: [
        { field: "tem_estoque", direction: "desc" },
        { field: "id", direction: "desc" },
      ],
    });
    if (batch.data.length === 0) return;
    sent += batch.data.length;
    yield batch.data;
    if (page >= batch.last_page) return;
  }
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

async function* asText(batches: AsyncGenerator<ProductSummary[]>) {
  for await (const batch of batches) yield priceList(batch);
}

/** GET /api/public/products/export: the same filters as the list call, plus format=txt|json. */
export const catalogExportRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    "/api/public/products/export",
    { schema: { tags: ["catalogue"], querystring: ExportQuerySchema } },
    async (req, reply) => {
      const { format, ...query } = req.query;
      const batches = inStockBatches(catalog, query);
      reply.header("cache-control", "no-store");
      if (format === "txt") {
        reply.type("text/plain; charset=utf-8");
        reply.header("content-disposition", 'attachment; filename="lista-de-precos.txt"');
        return reply.send(Readable.from(asText(batches)));
      }
      reply.type("application/json; charset=utf-8");
      return reply.send(Readable.from(asJson(batches)));
    },
  );
};
