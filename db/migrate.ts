import { loadConfigOrExit } from "#config/config.ts";
import { openDatabase, SCHEMA_LOCK } from "./client.ts";

const config = loadConfigOrExit();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir + "/db" });
// Safe beside running servers or another deploy's migrate: one at a time applies what is missing.
await database.exclusive(SCHEMA_LOCK, () => database.migrate());
await database.close();
console.log(`Migrations applied (${database.kind}).`);
