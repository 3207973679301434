import { loadConfig } from "#server/config.ts";
import { openDatabase } from "./client.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir + "/db" });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
