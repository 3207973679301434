import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { otlpProtocol, tracingWanted } from "./tracing-env.ts";
import { operationOf } from "./tracing-pglite.ts";
import { redisCommandShape } from "./tracing-privacy.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("tracing-env", () => {
  it("is on only with an OTLP endpoint, and off when the SDK or the traces exporter is switched off", () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });

  it("sends protobuf by default, JSON when asked, and names what it cannot send", () => {
    expect(otlpProtocol({})).toBe("http/protobuf");
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBe("http/json");
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" })).toBe("http/protobuf");
    expect(() => otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(/grpc is not supported.*http\/protobuf/);
  });
});

describe("PGlite spans", () => {
  it("are named after the statement's first word", () => {
    expect(operationOf('select "id" from "produtos"')).toBe("SELECT");
    expect(operationOf("\n  -- the sweep\n  UPDATE pedidos SET status = $1")).toBe("UPDATE");
    expect(operationOf("")).toBe("SQL");
  });
});

describe("Redis spans", () => {
  it("name the command and the kind of key, never who the key is about nor the values", () => {
    expect(redisCommandShape("incr", ["store:login:account:ana@example.com"])).toBe("incr store:login:account:…");
    expect(redisCommandShape("set", ["store:page:0:abc|https://loja/produto/x", "<html>", "PX", 5000])).toBe("set store:page:… [3 more]");
    expect(redisCommandShape("get", ["store:cache:menu"])).toBe("get store:cache:menu");
    expect(redisCommandShape("ping", [])).toBe("ping");
  });
});

/** How many OpenTelemetry modules a process started with the preload has loaded, under `env`. */
async function otelModulesLoaded(env: Record<string, string>): Promise<number> {
  const script = `import { createRequire } from "node:module";
const cache = createRequire(import.meta.url).cache;
console.log(Object.keys(cache).filter((k) => k.includes("@opentelemetry") || k.includes("import-in-the-middle")).length);`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("OTEL_")));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--import", "./server/observability/tracing-preload.ts", "--input-type=module", "-e", script],
    { cwd: root, env: { ...clean, ...env } },
  );
  return Number(stdout.trim());
}

describe("tracing-preload", () => {
  it("loads nothing of OpenTelemetry without an endpoint, and the SDK with one", async () => {
    expect(await otelModulesLoaded({})).toBe(0);
    // Nothing listens there: the process ends before its first export.
    expect(await otelModulesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" })).toBeGreaterThan(10);
  });
});
