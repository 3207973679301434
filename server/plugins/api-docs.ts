import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

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
          staffCookie: { type: "apiKey", in: "cookie", name: "staff_sid" },
          // The shop's own systems: an API key the owner created (Authorization: Bearer sk_…), scoped to the import.
          apiKey: { type: "http", scheme: "bearer", description: "An API key of the back office (`sk_<prefix>_<secret>`), scope `import`." },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: API_DOCS_CSP });
});
