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
import { accountsNote, importArchive } from "../server/services/backup/archive-import";
import { archiveKey } from "../server/services/backup/archive-format";
import { COMMAND_LINE } from "../server/services/audit";
import { ServiceError } from "../server/services/errors";
import { createLogger } from "../server/logger";
import { settleMailDeliveries } from "../server/services/mail/outbox";
import { setPasswordLinksForStaff } from "../server/services/staff/access";
import { STUDIO_RULES } from "../shared/content/studio";

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
  // The archive carries no passwords: each editor and owner gets a set-password link, printed and e-mailed.
  const links = await setPasswordLinksForStaff({ config, db, log: createLogger("warn") }, COMMAND_LINE);
  console.log(`Accounts come without passwords or second factors. ${links.length} staff ${links.length === 1 ? "account gets" : "accounts get"} a single-use set-password link (also e-mailed; valid ${STUDIO_RULES.setPasswordHours} hours):`);
  for (const l of links) console.log(`  ${l.access.padEnd(6)}  ${l.email}  ${l.link}`);
  console.log("A link that expired: npm run staff -- grant <owner|editor> <email> prints a new one.");
  await settleMailDeliveries();
} catch (error) {
  console.error(`Import refused: ${error instanceof ServiceError ? error.message : (error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
