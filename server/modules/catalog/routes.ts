import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withDepartmentAliases } from "#contract/api/catalog.ts";
import { apiMessage } from "#contract/messages.ts";
import { CONTENT_UNTIL_HEADER } from "../../lib/page-cache.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { catalogExportRoutes } from "./export.ts";
import { SEARCH_RATE_LIMIT } from "./limits.ts";
import type { CatalogService } from "./service.ts";

/** The public catalogue API of spec §7, at exactly its paths. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const tags = ["catalogue"];

  app.get("/api/public/start", { schema: op("GET /api/public/start", { tags }) }, async (req, reply) => {
    const { data, until } = await catalog.start(req.query.lang, req.query.moeda_id, req.query.tem_estoque);
    // A banner's start or end within the minute shortens it; the page cache reads `x-content-until` (server/plugins/web.ts).
    const seconds = until === undefined ? 60 : Math.max(0, Math.min(60, Math.floor((until - Date.now()) / 1000)));
    reply.header("cache-control", `public, max-age=${seconds}`);
    if (until !== undefined) reply.header(CONTENT_UNTIL_HEADER, String(until));
    return data;
  });

  app.get("/api/public/menu", { schema: op("GET /api/public/menu", { tags }) }, async (req, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return { data: await catalog.menu(req.query.lang) };
  });

  app.get("/api/public/categories", { schema: op("GET /api/public/categories", { tags }) }, async (req) => ({
    data: (await catalog.categories(req.query.lang, req.query.special === "only")).map(withDepartmentAliases),
  }));

  app.get("/api/public/brands", { schema: op("GET /api/public/brands", { tags }) }, async () => ({
    data: await catalog.brands(),
  }));

  app.get("/api/public/moved", { schema: op("GET /api/public/moved", { tags }) }, async (req) => ({
    data: await catalog.moved(req.query),
  }));

  app.get("/api/public/products", { schema: op("GET /api/public/products", { tags }), config: { rateLimit: SEARCH_RATE_LIMIT } }, async (req) =>
    catalog.products(req.query),
  );

  // The brand filter of a list: every brand of the whole result, with its number of products.
  app.get(
    "/api/public/products/brands",
    { schema: op("GET /api/public/products/brands", { tags }), config: { rateLimit: SEARCH_RATE_LIMIT } },
    async (req) => ({
      data: await catalog.brandFacets(req.query),
    }),
  );

  // Registered before /:id/details so "export" is never read as a product id.
  await app.register(catalogExportRoutes, { catalog });

  app.get("/api/public/products/:id/details", { schema: op("GET /api/public/products/{id}/details", { tags }) }, async (req) => ({
    data: await catalog.productDetails(req.params.id, req.query.lang, req.query.moeda_id),
  }));

  app.get("/api/public/team", { schema: op("GET /api/public/team", { tags }) }, async (req) => ({
    data: await catalog.team(req.query.lang),
  }));

  // The how-to-buy and about pages' texts (docs/decisions/033).
  app.get("/api/public/page-texts", { schema: op("GET /api/public/page-texts", { tags }) }, async (req) => ({
    data: await catalog.pageTexts(req.query.lang, req.query.page),
  }));

  app.post(
    "/api/public/contato-newsletter",
    {
      schema: op("POST /api/public/contato-newsletter", { tags }),
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req) => {
      const locale = requestLocale(req);
      await catalog.subscribe(req.body.celular, locale);
      return { message: apiMessage(locale, "newsletter_ok") };
    },
  );
};
