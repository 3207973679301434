import { randomBytes } from "node:crypto";
import { hostname, userInfo } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "#config/config.ts";
import { openDatabase, SCHEMA_LOCK } from "./client.ts";
import { upsertStaffMember, type StaffRoleName } from "./staff.ts";
import { issueEnrolmentCode } from "./staff-tokens.ts";
import { acquireStoreLock, StoreLockedError } from "./store-lock.ts";

/**
 *   npm run staff:create -- --email E --role owner|manager|counter [--name N] [--password P] [--lang pt-BR|es-PY|es-AR]
 *
 * Creates a back-office member, or gives an existing one that role and a new password. Works on a
 * fresh data folder too (it migrates first), on the embedded database under DATA_DIR or on
 * DATABASE_URL. Without --password it prints a one-time password, to be changed at the first login.
 * It also prints a one-time enrolment code (72 hours): two-factor is never enrolled with the password
 * alone (docs/decisions/025), and a fresh install has no owner yet to hand one over.
 * The embedded database belongs to one process: while the store runs on it, this stops and says so.
 */
const ROLES = ["owner", "manager", "counter"] as const;
const LANGS = ["pt-BR", "es-PY", "es-AR"] as const;
const usage = "usage: npm run staff:create -- --email E --role owner|manager|counter [--name N] [--password P] [--lang pt-BR|es-PY|es-AR]";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values: { email?: string; role?: string; name?: string; password?: string; lang?: string };
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      email: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      lang: { type: "string" },
    },
  }));
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
}
const email = values.email?.trim().toLowerCase() ?? "";
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200) fail(`--email must be an e-mail address\n${usage}`);
const role = values.role as StaffRoleName;
if (!ROLES.includes(role)) fail(`--role must be one of ${ROLES.join(", ")}\n${usage}`);
const lang = values.lang ?? "pt-BR";
if (!(LANGS as readonly string[]).includes(lang)) fail(`--lang must be one of ${LANGS.join(", ")}\n${usage}`);
if (values.password !== undefined && (values.password.length < 10 || values.password.length > 128)) {
  fail("--password must have 10 to 128 characters");
}
const name = values.name?.trim() || email.split("@")[0]!;
if (name.length > 200) fail("--name must have at most 200 characters");

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "?";
  }
}

const config = loadConfigOrExit();
let release = () => {};
if (!config.databaseUrl) {
  try {
    release = acquireStoreLock(config.dataDir);
  } catch (err) {
    if (!(err instanceof StoreLockedError)) throw err;
    fail(
      `The store is running on ${path.resolve(config.dataDir)} (process ${err.pid}, started ${err.since}). Its embedded ` +
        "database belongs to that process alone: stop the store, run this again, then start it; or run the store on " +
        "PostgreSQL (DATABASE_URL), where staff can be created while it runs.",
    );
  }
}

const generated = values.password === undefined;
const password = values.password ?? randomBytes(12).toString("base64url");
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
try {
  const { created, enrolment } = await database.exclusive(SCHEMA_LOCK, async () => {
    await database.migrate();
    // The audit log names the shell's user and machine: who ran it, where (decision 026).
    const autor = `staff:create (${safeUser()}@${hostname()})`;
    const member = await upsertStaffMember(database.db, { email, nome: name, papel: role, password, lang, mustChange: generated }, { autor });
    return { ...member, enrolment: await issueEnrolmentCode(database.db, member.id) };
  });
  console.log(`${created ? "Created" : "Updated"} ${role} ${email}.`);
  if (generated) console.log(`One-time password: ${password}\nIt must be changed at the first login at /admin.`);
  console.log(
    `Two-factor enrolment code: ${enrolment.code} (once, until ${enrolment.expiresAt.toISOString()}).\n` +
      `After signing in, enter it in "Minha conta", or open ${config.publicUrl}/admin/conta?convite=${enrolment.code}`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
  release();
}
