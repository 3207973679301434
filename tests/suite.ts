import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * `npm test`: the static checks and the two test projects, side by side rather than one after the other,
 * each step's lines prefixed with its name, then how long each step took and which failed.
 *
 * Three lanes: the static checks one after another (each is quick, and the first one's failure is worth
 * reading before the next), the unit tests, and the browser tests. The browser tests spend most of their
 * time waiting on Chromium and the store's process, and the unit tests keep one core busy, so on two
 * cores the lanes overlap instead of adding up (docs/benchmarks.md, "The test suite's time").
 * `npm test -- lint unit` runs only the steps named.
 */

interface Step {
  name: string;
  command: string[];
}

// The static checks yield the processor to the tests, whose waits have time limits; they finish long before them.
const low = ["nice", "-n", "10", "npm", "run", "--silent"];

const LANES: Step[][] = [
  [
    { name: "typecheck", command: [...low, "typecheck"] },
    { name: "lint", command: [...low, "lint"] },
    { name: "format", command: [...low, "format:check"] },
    { name: "knip", command: [...low, "knip"] },
  ],
  [{ name: "unit", command: ["npx", "vitest", "run", "--project", "unit", "--project", "unit-fresh"] }],
  [{ name: "e2e", command: ["npx", "vitest", "run", "--project", "e2e"] }],
];

interface Result {
  name: string;
  seconds: number;
  code: number;
}

const only = process.argv.slice(2);
const unknown = only.filter((name) => !LANES.flat().some((step) => step.name === name));
if (unknown.length) {
  console.error(
    `No such step: ${unknown.join(", ")} (the steps: ${LANES.flat()
      .map((step) => step.name)
      .join(", ")})`,
  );
  process.exit(2);
}
const lanes = LANES.map((steps) => steps.filter((step) => only.length === 0 || only.includes(step.name))).filter((steps) => steps.length);
const width = Math.max(...LANES.flat().map((step) => step.name.length));
const started = performance.now();

function run(step: Step): Promise<Result> {
  const from = performance.now();
  const prefix = `${step.name.padEnd(width)} │ `;
  const child = spawn(step.command[0]!, step.command.slice(1), {
    stdio: ["ignore", "pipe", "pipe"],
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => resolve({ name: step.name, seconds: (performance.now() - from) / 1000, code: code ?? (signal ? 1 : 0) }));
  });
}

async function lane(steps: Step[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of steps) results.push(await run(step));
  return results;
}

const results = (await Promise.all(lanes.map(lane))).flat();
const total = (performance.now() - started) / 1000;
const time = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, "0")}`;

console.log("\nstep".padEnd(width + 2) + "  time    result");
for (const { name, seconds, code } of results)
  console.log(`${name.padEnd(width + 1)}  ${time(seconds).padStart(6)}  ${code === 0 ? "ok" : `failed (${code})`}`);
console.log(`${"suite".padEnd(width + 1)}  ${time(total).padStart(6)}`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) {
  console.log(`\nFailed: ${failed.map((r) => r.name).join(", ")}`);
  process.exit(1);
}
