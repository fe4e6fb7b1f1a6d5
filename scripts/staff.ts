/** `npm run staff -- grant owner|editor <email> | revoke <email> | list`: staff accounts from the server's command line. */
import { loadConfigOrExit } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { loadDotEnv } from "../server/env-file";
import { createLogger } from "../server/logger";
import { settleMailDeliveries } from "../server/services/mail/outbox";
import { environmentWarning, runStaffCommand } from "../server/staff-command";

const envFile = loadDotEnv();
const warning = environmentWarning(envFile, process.env);
if (warning) console.error(warning);

const config = loadConfigOrExit();
const db = await openDatabase(config.DATABASE_URL);
let code = 1;
try {
  await migrateToLatest(db);
  code = await runStaffCommand({ config, db, log: createLogger("warn") }, process.argv.slice(2), console.log, console.error);
  // The set-password e-mail is tried before the database closes; a failed send stays in the outbox for the server.
  await settleMailDeliveries();
} finally {
  await db.close();
}
process.exit(code);
