/** `npm run db:migrate`: applies pending migrations to DATABASE_URL and says which. */
import { loadConfigOrExit } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { loadDotEnv } from "../server/env-file";

loadDotEnv();

const config = loadConfigOrExit();
const db = await openDatabase(config.DATABASE_URL);
try {
  const { applied } = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await db.close();
}
