import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Whether pg_dump and pg_restore are on the PATH. */
export async function hasPgTools(): Promise<boolean> {
  try {
    await run("pg_dump", ["--version"]);
    await run("pg_restore", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/** The connection as libpq's variables, so a password never shows in the process list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || "5432",
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function tool(name: string, args: string[], url: string) {
  try {
    await run(name, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${name} failed${stderr ? `: ${stderr}` : ""}`, { cause: err });
  }
}

/** pg_dump's custom format: compressed, and pg_restore can pick parts of it. */
export const pgDump = (url: string, file: string) => tool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], url);

export const pgRestore = (url: string, file: string) =>
  tool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${libpqEnv(url).PGDATABASE}`, file], url);
