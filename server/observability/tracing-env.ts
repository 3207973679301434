/**
 * What of the standard OTEL_* variables the store reads itself (the SDK and its exporters read the rest:
 * endpoint, headers, timeout, sampler, batch sizes, resource attributes). Imports nothing, so the preload
 * costs nothing when tracing is off.
 */
type Env = Record<string, string | undefined>;

/** The OTLP encodings the store can send: protobuf (the specification's default) or JSON, both over HTTP. */
export type OtlpProtocol = "http/protobuf" | "http/json";

/** Tracing is on when an OTLP endpoint is named and the SDK is not switched off. */
export function tracingWanted(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** The traces' protocol (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL); gRPC is not offered. */
export function otlpProtocol(env: Env): OtlpProtocol {
  const named = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || "http/protobuf").trim();
  if (named === "http/protobuf" || named === "http/json") return named;
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${named} is not supported: the store sends traces over OTLP/HTTP, ` +
      `as "http/protobuf" (the default) or "http/json"; an OpenTelemetry Collector takes both on port 4318.`,
  );
}
