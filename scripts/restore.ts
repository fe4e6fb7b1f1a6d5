/**
 * `npm run restore -- <file>` or `npm run restore -- --latest`: brings a backup back into DATABASE_URL.
 * Refused while any process of the site has the database open (stop the site first, every process), then start it.
 * A SQLite site's current file is kept beside it (`<file>.before-restore-<time>`); a PostgreSQL backup replaces the
 * tables in one transaction. An archive brings staff access back only when this site's key signed it.
 */
import { loadConfigOrExit } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { ServiceError } from "../server/services/errors";
import { accountsNote } from "../server/services/backup/archive-import";
import { archiveKey } from "../server/services/backup/archive-format";
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
  const r = await restoreBackup(config.DATABASE_URL, file, { key: archiveKey(config.TOTP_SECRET_KEY) });
  console.log(`Restored ${file} into ${r.target} (${r.kind}).`);
  if (r.keptAside) console.log(`The database it replaced is kept as ${r.keptAside}.`);
  if (r.outboxDelivered) console.log(`${r.outboxDelivered} queued e-mail${r.outboxDelivered === 1 ? " was" : "s were"} sent by the replaced database after this backup: marked sent, not sent again.`);
  if (r.archive) for (const line of accountsNote(r.archive)) console.log(line);
} catch (error) {
  console.error(`Restore failed: ${error instanceof ServiceError ? error.message : (error as Error).message}`);
  process.exitCode = 1;
}
