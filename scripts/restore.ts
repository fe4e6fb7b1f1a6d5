/**
 * `npm run restore -- <file>` or `npm run restore -- --latest`: brings a backup back into DATABASE_URL.
 * Stop the site first (every process), restore, then start it. A SQLite site's current file is kept beside it
 * (`<file>.before-restore-<time>`); a PostgreSQL backup replaces the tables in one transaction.
 */
import { loadConfigOrExit } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { ServiceError } from "../server/services/errors";
import { listBackups, restoreBackup } from "../server/services/backup/snapshot";

loadDotEnv();
const config = loadConfigOrExit();
const arg = process.argv[2];
const file = arg === "--latest" ? listBackups(config.BACKUP_DIR)[0]?.file : arg;
if (!file) {
  console.error(arg === "--latest" ? `No backups in ${config.BACKUP_DIR}.` : "Usage: npm run restore -- <backup file> | --latest");
  process.exit(2);
}
try {
  const r = await restoreBackup(config.DATABASE_URL, file);
  console.log(`Restored ${file} into ${r.target} (${r.kind}).`);
  if (r.keptAside) console.log(`The database it replaced is kept as ${r.keptAside}.`);
  if (r.kind === "archive") console.log("An archive holds no passwords or second factors: staff set a password again (npm run staff -- grant).");
} catch (error) {
  console.error(`Restore failed: ${error instanceof ServiceError ? error.message : (error as Error).message}`);
  process.exitCode = 1;
}
