import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "#config/config.ts";
import { hasPgTools } from "./backup-pg.ts";
import { dumpDatabase, restoreDatabase, type DumpFormat } from "./backup.ts";
import { openDatabase } from "./client.ts";

/**
 *   npm run db:dump -- [file] [--format json|pg_dump]
 *   npm run db:restore -- <file>
 * The database is DATABASE_URL's, or the embedded one under DATA_DIR (stop the server first: PGlite
 * belongs to one process). See docs/deploy.md "Backups".
 */
const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { format: { type: "string" } } });
const format = values.format as DumpFormat | undefined;
if ((command !== "dump" && command !== "restore") || (format && format !== "json" && format !== "pg_dump")) {
  console.error("usage: backup-cli.ts dump [file] [--format json|pg_dump] | restore <file>");
  process.exit(2);
}

const config = loadConfigOrExit();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
const target = { database, url: config.databaseUrl };
const started = Date.now();
try {
  if (command === "dump") {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
    const chosen = format ?? (config.databaseUrl && (await hasPgTools()) ? "pg_dump" : "json");
    const file = positionals[0] ?? path.join("backups", `store-${stamp}.${chosen === "pg_dump" ? "dump" : "jsonl.gz"}`);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const summary = await dumpDatabase(target, file, chosen);
    console.log(
      `Dumped ${summary.rows} rows of ${summary.tables} tables (${summary.format}) to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    const file = positionals[0];
    if (!file) throw new Error("name the dump file to restore");
    const summary = await restoreDatabase(target, file);
    console.log(
      `Restored ${summary.rows} rows of ${summary.tables} tables (${summary.format}) from ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
