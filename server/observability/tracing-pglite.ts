/**
 * A span for each statement the store sends to the embedded PGlite, which no OpenTelemetry instrumentation
 * covers: PGlite is not `pg`. Every Drizzle statement on PGlite, in a transaction or not, goes through
 * PglitePreparedQuery's execute or all, so those two are wrapped, once, before the store's modules load.
 * The span holds the statement's text (placeholders, never the values), as the pg instrumentation's does.
 */
import { SpanKind, SpanStatusCode, trace, type Tracer } from "@opentelemetry/api";

type Run = (this: { queryString: string }, ...args: unknown[]) => Promise<unknown>;

/** The statement's first word (SELECT, INSERT …), the span's name as the database conventions ask. */
export const operationOf = (statement: string) => /^\s*(?:--[^\n]*\n\s*)*([a-z]+)/i.exec(statement)?.[1]?.toUpperCase() ?? "SQL";

export async function instrumentPglite(tracer: Tracer): Promise<void> {
  const { PglitePreparedQuery } = await import("drizzle-orm/pglite/session");
  const proto = PglitePreparedQuery.prototype as unknown as Record<"execute" | "all", Run>;
  for (const method of ["execute", "all"] as const) {
    const original = proto[method];
    proto[method] = function traced(this: { queryString: string }, ...args: unknown[]) {
      // Only statements inside a traced request or job: the background sweeps would otherwise each start a trace.
      if (!trace.getActiveSpan()) return original.apply(this, args);
      const statement = this.queryString;
      const operation = operationOf(statement);
      return tracer.startActiveSpan(
        `${operation} pglite`,
        {
          kind: SpanKind.CLIENT,
          attributes: { "db.system.name": "postgresql", "db.system": "postgresql", "db.operation.name": operation, "db.query.text": statement },
        },
        async (span) => {
          try {
            return await original.apply(this, args);
          } catch (err) {
            // No message: a database error may quote the values (tracing-privacy.ts).
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw err;
          } finally {
            span.end();
          }
        },
      );
    };
  }
}
