import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { operations, type Operation } from "#contract/api/operations.ts";
import { STAFF_COOKIE, STAFF_COOKIE_SECURE } from "#contract/api/admin/staff.ts";

/**
 * The API documentation page's policy: its scripts and styles are files of its own (swagger-ui's inline
 * initialiser is moved to a file by the plugin), and it calls only this origin for the OpenAPI document.
 */
const API_DOCS_CSP = {
  "default-src": ["'none'"],
  "script-src": ["'self'"],
  // Swagger UI sets a few inline styles.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "font-src": ["'self'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A route's description as fastify-type-provider-zod makes it from its zod schemas, with what those cannot
 * say taken from its operation (contract/api/operations.ts): a file's media types, and a redirect's Location.
 */
function describeRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const described = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0];
  const operation = (operations as Record<string, Operation>)[`${method} ${input.url.replace(/:(\w+)/g, "{$1}")}`];
  const response = described.schema?.response as Record<string, { description?: string }> | undefined;
  if (!operation || !response) return described;
  const status = String(operation.status ?? 200);
  const { description } = response[status] ?? {};
  if (operation.produces) {
    const binary = { schema: { type: "string", format: "binary" } };
    response[status] = { description, content: Object.fromEntries(operation.produces.map((type) => [type, binary])) } as (typeof response)[string];
  } else if (operation.status === 303) {
    response[status] = {
      description,
      type: "null",
      headers: { location: { type: "string", description: "Where to go next" } },
    } as (typeof response)[string];
  }
  return described;
}

/**
 * The OpenAPI description of every route registered after it, served at /api/docs. At the top level (fastify-plugin)
 * so that it sees the routes of every module.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Store API", version: "1.0.0", description: "Public catalogue and customer API (spec §7)." },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer" },
          // The back office (docs/decisions/020): the staff session cookie, and on every write its CSRF token in x-csrf-token.
          staffCookie: {
            type: "apiKey",
            in: "cookie",
            name: STAFF_COOKIE,
            description: `In production the cookie is named ${STAFF_COOKIE_SECURE} (docs/decisions/025).`,
          },
          // The shop's own systems: an API key the owner created (Authorization: Bearer sk_…), scoped to the import.
          apiKey: { type: "http", scheme: "bearer", description: "An API key of the back office (`sk_<prefix>_<secret>`), scope `import`." },
        },
      },
    },
    transform: describeRoute,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: API_DOCS_CSP });
});
