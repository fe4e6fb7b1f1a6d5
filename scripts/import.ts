/**
 * `npm run import -- <archive>`: restores the owner's archive (from /studio/export or `npm run export`) into the
 * empty site at DATABASE_URL, SQLite or PostgreSQL alike. A damaged or foreign archive, one that unpacks to far more
 * than its size, or a site that already holds posts, subscribers, leads or accounts, is refused with the reason and
 * nothing changes. Only an archive signed with this site's key (TOTP_SECRET_KEY) brings staff access back.
 */
import fs from "node:fs";
import { loadConfigOrExit } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { loadDotEnv } from "../server/env-file";
import { accountsNote, archiveKey, importArchive } from "../server/services/backup/archive";
import { ServiceError } from "../server/services/errors";

loadDotEnv();
const config = loadConfigOrExit();
const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error(file ? `${file}: no such file.` : "Usage: npm run import -- <archive.tar.gz>");
  process.exit(2);
}

const db = await openDatabase(config.DATABASE_URL, { poolSize: 1 });
try {
  await migrateToLatest(db);
  const r = await importArchive(db, { file }, { key: archiveKey(config.TOTP_SECRET_KEY) });
  const rows = Object.entries(r.tables).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`);
  console.log(`Imported the archive of ${r.createdAt}: ${rows.join(", ") || "no rows"}; ${r.mediaFiles} media files.`);
  for (const line of accountsNote(r)) console.log(line);
} catch (error) {
  console.error(`Import refused: ${error instanceof ServiceError ? error.message : (error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
