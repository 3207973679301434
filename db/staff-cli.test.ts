import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { scratchDatabase } from "../tests/support/db-urls.ts";
import { openDatabase, queryRows } from "./client.ts";

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm run staff:create -- …` on a data folder of its own, on the embedded database. */
async function staffCreate(dataDir: string, args: string[], databaseUrl = "") {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: "test" };
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "db/staff-cli.ts", ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function member(dataDir: string, email: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    const [row] = await queryRows<{ papel: string; password_hash: string; trocar_senha: boolean }>(
      database.db,
      sql`SELECT papel, password_hash, trocar_senha FROM funcionarios WHERE email = ${email}`,
    );
    return row;
  } finally {
    await database.close();
  }
}

/**
 * Each test starts the command twice or more, a process of its own that migrates a fresh database: tens of
 * seconds when the machine's two cores are busy with the rest of the suite (`npm test` runs its steps side by side).
 */
const CLI_TIMEOUT = { timeout: 120_000 };

describe("npm run staff:create", CLI_TIMEOUT, () => {
  it("creates an owner on a fresh data folder with a one-time password, then gives them a password of their choosing", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "staff-cli-"));
    dirs.push(dataDir);
    const first = await staffCreate(dataDir, ["--email", "Dona@Loja.Example", "--role", "owner"]);
    expect(first.code, first.stderr).toBe(0);
    const printed = /One-time password: (\S+)/.exec(first.stdout)?.[1];
    expect(printed).toBeDefined();
    // Two-factor is never enrolled with the password alone: the shell prints a one-time enrolment code.
    expect(first.stdout).toMatch(/Two-factor enrolment code: [a-z2-9]{4}(-[a-z2-9]{4}){3} /);
    expect(first.stdout).toMatch(/\/admin\/conta\?convite=[a-z2-9-]{19}/);
    const created = await member(dataDir, "dona@loja.example");
    expect(created).toMatchObject({ papel: "owner", trocar_senha: true });
    expect(await verify(created!.password_hash, printed!)).toBe(true);
    expect(existsSync(path.join(dataDir, "store.lock"))).toBe(false);

    const again = await staffCreate(dataDir, ["--email", "dona@loja.example", "--role", "manager", "--password", "Escolhida#2026"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Updated manager dona@loja.example/);
    expect(again.stdout).not.toMatch(/One-time password/);
    const updated = await member(dataDir, "dona@loja.example");
    expect(updated).toMatchObject({ papel: "manager", trocar_senha: false });
    expect(await verify(updated!.password_hash, "Escolhida#2026")).toBe(true);
  });

  it("stops with a clear message while a live store holds the data folder, and takes over a lock left by a dead one", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "staff-cli-"));
    dirs.push(dataDir);
    const store = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dataDir, "store.lock"), JSON.stringify({ pid: store.pid, started: "2026-11-26T10:00:00.000Z" }));
      const refused = await staffCreate(dataDir, ["--email", "x@loja.example", "--role", "counter"]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/The store is running on .* \(process \d+, started 2026-11-26T10:00:00.000Z\)/);
      expect(refused.stderr).toMatch(/stop the store/);
      // Nothing was opened: the folder holds no database.
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
    } finally {
      store.kill();
      await new Promise((r) => store.once("exit", r));
    }
    // The same lock, its process gone.
    const taken = await staffCreate(dataDir, ["--email", "x@loja.example", "--role", "counter", "--password", "Balcao#Forte2026"]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(await member(dataDir, "x@loja.example")).toMatchObject({ papel: "counter" });
  });

  it("refuses bad arguments with the usage, before touching anything", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "staff-cli-"));
    dirs.push(dataDir);
    for (const args of [
      ["--email", "nope", "--role", "owner"],
      ["--email", "a@b.example", "--role", "king"],
      ["--email", "a@b.example", "--role", "owner", "--password", "short"],
      ["--bogus"],
    ]) {
      const res = await staffCreate(dataDir, args);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stderr).toMatch(/--email|--role|--password|Unknown option/);
    }
    expect(existsSync(path.join(dataDir, "db"))).toBe(false);
  });
});

// On PostgreSQL the store's own lock does not apply: staff are created while the store runs.
describe.runIf(process.env.TEST_DATABASE_URL)("npm run staff:create on DATABASE_URL", CLI_TIMEOUT, () => {
  it("migrates an empty database and creates the member, whatever lock the data folder holds", async () => {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, "staff_cli");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "staff-cli-"));
    dirs.push(dataDir);
    writeFileSync(path.join(dataDir, "store.lock"), JSON.stringify({ pid: process.pid, started: "now" }));
    try {
      const res = await staffCreate(dataDir, ["--email", "pg@loja.example", "--role", "owner", "--password", "Postgres#2026"], scratch.url);
      expect(res.code, res.stderr).toBe(0);
      const database = await openDatabase({ url: scratch.url });
      try {
        const rows = await queryRows<{ papel: string }>(database.db, sql`SELECT papel FROM funcionarios WHERE email = 'pg@loja.example'`);
        expect(rows).toEqual([{ papel: "owner" }]);
      } finally {
        await database.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});
