/**
 * The `--import` file that turns OpenTelemetry tracing on before the store's modules load (docs/tracing.md):
 *
 *   node --import tsx --import ./server/observability/tracing-preload.ts server/main.ts
 *
 * Tracing is on only when an OTLP endpoint is named (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces-only
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_SDK_DISABLED is not "true". Otherwise this file reads three
 * variables and returns: the SDK, the instrumentations and the module hook are never loaded.
 */
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";
import { tracingWanted } from "./tracing-env.ts";

if (isMainThread && tracingWanted(process.env)) {
  // The instrumented packages (pg, ioredis, pino, node:http …) are imported from ES modules here, which
  // require-in-the-middle alone does not see: OpenTelemetry's loader hook (import-in-the-middle) wraps them,
  // and only them, as the instrumentations below name them over this channel.
  const { createAddHookMessageChannel } = await import("import-in-the-middle");
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url, registerOptions);
  const { startTracing } = await import("./tracing.ts");
  try {
    await startTracing(process.env);
  } catch (err) {
    // A setting the store cannot follow (gRPC) stops it with the reason, as its other settings do.
    console.error(`Tracing: ${(err as Error).message}`);
    process.exit(1);
  }
  await waitForAllMessagesAcknowledged();
}
