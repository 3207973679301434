import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Load } from "./server.ts";

/**
 * Load from wrk (Debian's package `wrk`), a load generator in C that spends a fraction of the CPU per
 * request that autocannon does: on a machine of two CPUs, autocannon at a few thousand requests a second
 * fills its own CPU before the server fills its, and the throughput then measures the load, not the
 * server. Each request's path comes from a list walked round-robin; with `unique`, a counter is appended
 * as `bench=<n>` so that no two requests are the same (the page cache never answers them).
 */

const run = promisify(execFile);

/** Whether wrk is installed. */
export function hasWrk(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk prints its usage and exits 1 for --version: it is there.
    return (error as { status?: number }).status === 1;
  }
}

const lua = (paths: string[], unique: boolean, start: number) => `
local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local unique = ${unique ? "true" : "false"}
local i = ${start}
request = function()
  i = i + 1
  local p = paths[(i % #paths) + 1]
  if unique then
    local sep = "?"
    if string.find(p, "?", 1, true) then sep = "&" end
    p = p .. sep .. "bench=" .. i
  end
  return wrk.format("GET", p)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK {\\"requests\\":%d,\\"micros\\":%d,\\"p50\\":%d,\\"p99\\":%d,\\"errors\\":%d,\\"timeouts\\":%d,\\"status\\":%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write, e.timeout, e.status))
end
`;

/** Where each run's counter starts, so that `unique` paths never repeat across runs of one process. */
let counter = 0;

/** wrk with one thread on `base` for `duration` seconds; `cpus`: taskset's list for wrk, when given. */
export async function wrkLoad(
  base: string,
  paths: string[],
  connections: number,
  duration: number,
  options: { unique?: boolean; cpus?: string } = {},
): Promise<Load> {
  const dir = mkdtempSync(path.join(tmpdir(), "wrk-"));
  const script = path.join(dir, "paths.lua");
  writeFileSync(script, lua(paths, options.unique ?? false, counter));
  counter += 10_000_000;
  try {
    const args = ["-t1", `-c${connections}`, `-d${duration}s`, "--timeout", "10s", "-s", script, base];
    const [file, ...rest] = options.cpus ? ["taskset", "-c", options.cpus, "wrk", ...args] : ["wrk", ...args];
    const { stdout } = await run(file!, rest, { maxBuffer: 1 << 20 });
    const line = stdout.split("\n").find((l) => l.startsWith("WRK "));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = JSON.parse(line.slice(4)) as {
      requests: number;
      micros: number;
      p50: number;
      p99: number;
      errors: number;
      timeouts: number;
      status: number;
    };
    return {
      rps: r.requests / (r.micros / 1e6),
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      timeouts: r.timeouts,
      errors: r.errors + r.status,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
