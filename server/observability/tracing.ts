/**
 * OpenTelemetry tracing for the store, started by tracing-preload.ts before any of the store's modules load,
 * and only when an OTLP endpoint is set (docs/tracing.md, docs/decisions/042).
 *
 * One trace follows a request through the process: the HTTP server span (instrumentation-http), Fastify's
 * request span (@fastify/otel), the API calls a page makes in-process (children of the page's
 * span), their SQL (pg on PostgreSQL, a span per statement on the embedded PGlite) and Redis commands,
 * and the calls out to payment gateways and the CEP service through fetch (instrumentation-undici), which
 * carry the W3C traceparent. Log lines written meanwhile carry trace_id and span_id (instrumentation-pino).
 *
 * Configuration is the standard OTEL_* variables only: the exporter reads the endpoint, headers, timeout
 * and compression; the provider the sampler (OTEL_TRACES_SAMPLER, default parentbased_always_on); the batch
 * processor OTEL_BSP_*; the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 */
import { context, diag, DiagConsoleLogger, DiagLogLevel } from "@opentelemetry/api";
import { deleteRPCMetadata } from "@opentelemetry/core";
import { FastifyOtelInstrumentation } from "@fastify/otel";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { IORedisInstrumentation } from "@opentelemetry/instrumentation-ioredis";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { PinoInstrumentation } from "@opentelemetry/instrumentation-pino";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace-node";
import { redactUrl } from "../lib/log-redaction.ts";
import { redisCommandShape, withoutStatusMessages } from "./tracing-privacy.ts";
import { instrumentPglite } from "./tracing-pglite.ts";
import { installTracingHooks } from "./tracing-hooks.ts";
import { otlpProtocol } from "./tracing-env.ts";

type Env = Record<string, string | undefined>;

/** Probes a load balancer or an orchestrator sends every few seconds: traced, they would drown the rest. */
const UNTRACED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** The service's name in traces unless OTEL_SERVICE_NAME names it otherwise. */
const SERVICE_NAME = "loja-ferramentas";

const pathOf = (url: string | undefined) => (url ?? "/").split("?", 1)[0]!;

const DIAG_LEVELS: Record<string, DiagLogLevel> = {
  none: DiagLogLevel.NONE,
  error: DiagLogLevel.ERROR,
  warn: DiagLogLevel.WARN,
  info: DiagLogLevel.INFO,
  debug: DiagLogLevel.DEBUG,
  verbose: DiagLogLevel.VERBOSE,
  all: DiagLogLevel.ALL,
};

async function exporterFor(env: Env): Promise<SpanExporter> {
  // Both exporters read OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION themselves.
  if (otlpProtocol(env) === "http/json") {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter();
}

/** Starts the SDK and the instrumentations; the store's modules must not have been imported yet. */
export async function startTracing(env: Env): Promise<void> {
  // The SDK's own troubles (an unreachable collector) go to stderr, warnings and up unless OTEL_LOG_LEVEL says otherwise.
  diag.setLogger(new DiagConsoleLogger(), DIAG_LEVELS[(env.OTEL_LOG_LEVEL ?? "warn").toLowerCase()] ?? DiagLogLevel.WARN);
  const exporter = await exporterFor(env);

  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the default name.
  const resource = resourceFromAttributes({ "service.name": SERVICE_NAME }).merge(
    detectResources({ detectors: [hostDetector, processDetector, envDetector] }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [withoutStatusMessages, new BatchSpanProcessor(exporter)] });
  // W3C traceparent and baggage in and out; the AsyncLocalStorage context manager.
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(pathOf(req.url)),
        // The tokens and e-mails of confirmation and reset links stay out of traces as they stay out of logs (decision 027).
        requestHook: (span, request) => {
          // A call out (ClientRequest) has getHeader; an incoming request (IncomingMessage) has not.
          if ("getHeader" in request) return;
          const [path, query] = redactUrl(request.url ?? "/").split(/\?(.*)/s, 2);
          span.setAttribute("url.path", path!);
          if (query !== undefined) span.setAttribute("url.query", query);
        },
        // node:http calls out (object storage) are traced inside a request or a job, not on their own.
        requireParentforOutgoingSpans: true,
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // A span per Fastify hook, and one for the handler inside the request's, would double the spans for
        // little: the request's span covers its hooks and handler, and the SQL, Redis and calls out sit under it.
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: ({ url }) => UNTRACED_PATHS.has(pathOf(url)),
        requestHook: (span, request) => {
          span.updateName(`${request.method} ${request.routeOptions.url ?? "(no route)"}`);
          span.setAttribute("url.path", redactUrl(request.url));
        },
        // An error's message and stack may quote a statement's values: the request's log line has it, redacted.
        recordExceptions: false,
      }),
      // Statements and commands of the background jobs (the reservation sweep each few seconds) stay out.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: redisCommandShape }),
      new UndiciInstrumentation(),
      // trace_id, span_id and trace_flags on each log line; the lines themselves stay on stdout.
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  await instrumentPglite(provider.getTracer(`${SERVICE_NAME}/pglite`));

  installTracingHooks({
    inProcess: (call) => context.with(deleteRPCMetadata(context.active()), call),
    flush: () => provider.shutdown().catch((err: unknown) => diag.error("traces not sent at exit", err)),
  });
}
