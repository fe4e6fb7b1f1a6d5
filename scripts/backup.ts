/**
 * `npm run backup`: one consistent backup of DATABASE_URL while the site runs, into BACKUP_DIR, keeping the newest
 * BACKUP_KEEP (README "Operating it" shows a schedule). `npm run backup -- list` lists them.
 * SQLite: a copy made with VACUUM INTO and checked; PostgreSQL: pg_dump (custom format), or the owner's archive
 * where pg_dump is missing (signed with the site's key). Files are 0600 in a 0700 folder. Exits non-zero when the backup failed, so cron or systemd reports it.
 */
import { loadConfigOrExit } from "../server/config";
import { openDatabase } from "../server/db/database";
import { loadDotEnv } from "../server/env-file";
import { archiveKey } from "../server/services/backup/archive-format";
import { listBackups, takeBackup } from "../server/services/backup/snapshot";

loadDotEnv();
const config = loadConfigOrExit();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

if (process.argv[2] === "list") {
  const backups = listBackups(config.BACKUP_DIR);
  if (backups.length === 0) console.log(`No backups in ${config.BACKUP_DIR}.`);
  for (const b of backups) console.log(`${b.takenAt.toISOString()}  ${b.kind.padEnd(7)}  ${mb(b.bytes).padStart(9)}  ${b.file}`);
} else {
  const db = await openDatabase(config.DATABASE_URL, { poolSize: 1 });
  try {
    const started = Date.now();
    const b = await takeBackup(db, { databaseUrl: config.DATABASE_URL, dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, key: archiveKey(config.TOTP_SECRET_KEY) });
    console.log(`Backup written: ${b.file} (${b.kind}, ${mb(b.bytes)}, ${Date.now() - started} ms).`);
    if (b.kind === "archive") console.log("pg_dump is not installed: this is the owner's archive (no passwords or second factors).");
    for (const f of b.removed) console.log(`Removed the older backup ${f} (keeping ${config.BACKUP_KEEP}).`);
  } catch (error) {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}
