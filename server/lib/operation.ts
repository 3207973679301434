import { ApiErrorBodySchema } from "#contract/api/errors.ts";
import { operations, type OperationKey, type Operations } from "#contract/api/operations.ts";

type Field<O, K extends string> = O extends { [P in K]: infer S } ? S : undefined;
type SuccessStatus<O> = O extends { status: infer S extends number } ? S : 200;

/** The Fastify schema of one operation of contract/api/operations.ts, plus the route's documentation. */
export type OperationSchema<K extends OperationKey> = {
  tags: string[];
  description?: string;
  security?: Record<string, string[]>[];
  consumes?: string[];
  params: Field<Operations[K], "params">;
  querystring: Field<Operations[K], "query">;
  body: Field<Operations[K], "body">;
  response: { [S in SuccessStatus<Operations[K]>]: Operations[K]["response"] } & {
    "4xx": typeof ApiErrorBodySchema;
    "5xx": typeof ApiErrorBodySchema;
  };
};

/** Fastify's form of an operation's path: `/ecom/venda/carrinho/{id}` is `/ecom/venda/carrinho/:id`. */
export function routePath(key: OperationKey): { method: string; url: string } {
  const [method, path] = key.split(" ") as [string, string];
  return { method, url: path.replace(/\{(\w+)\}/g, ":$1") };
}

/**
 * The schema a route declares for `key`: its parameters, query and body are validated, and its answer
 * (success, 4xx and 5xx) is checked and serialised by the zod serializer, so the route can only answer
 * what the storefront's client expects, and /api/docs describes every answer.
 */
export function operationSchema<K extends OperationKey>(
  key: K,
  docs: { tags: string[]; security?: Record<string, string[]>[]; description?: string },
): OperationSchema<K> {
  const op: { params?: unknown; query?: unknown; body?: unknown; multipart?: true; status?: number; response: unknown } = operations[key];
  return {
    ...docs,
    ...(op.multipart ? { consumes: ["multipart/form-data"] } : {}),
    ...(op.params ? { params: op.params } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.body ? { body: op.body } : {}),
    response: { [op.status ?? 200]: op.response, "4xx": ApiErrorBodySchema, "5xx": ApiErrorBodySchema },
  } as OperationSchema<K>;
}
