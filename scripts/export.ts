/**
 * `npm run export -- [file]`: the owner's archive of everything the business owns (the same as /studio/export),
 * written to the file (default `EXPORT_DIR/wise-parrot-export-<time>.tar.gz`, EXPORT_DIR `data/exports`, ignored by
 * git). The file is 0600 (it holds accounts and leads). Signed with a key derived from TOTP_SECRET_KEY when it is set.
 * Format: docs/decisions/0026-owners-data.md, signature: docs/decisions/0039-archives-authenticated.md.
 */
import path from "node:path";
import { loadConfigOrExit } from "../server/config";
import { openDatabase } from "../server/db/database";
import { loadDotEnv } from "../server/env-file";
import { archiveKey } from "../server/services/backup/archive-format";
import { exportArchive } from "../server/services/backup/archive-export";
import { privateFolder, writePrivateFile } from "../server/services/backup/snapshot";

loadDotEnv();
const config = loadConfigOrExit();
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "");
let file = process.argv[2];
if (!file) {
  privateFolder(config.EXPORT_DIR);
  file = path.join(config.EXPORT_DIR, `wise-parrot-export-${stamp}Z.tar.gz`);
}
const key = archiveKey(config.TOTP_SECRET_KEY);
const db = await openDatabase(config.DATABASE_URL, { poolSize: 1 });
try {
  const archive = await exportArchive(db, { key });
  writePrivateFile(file, archive);
  console.log(`Archive written: ${path.resolve(file)} (${(archive.length / 1024).toFixed(0)} KiB).`);
  console.log(
    key
      ? "Signed with this site's key (from TOTP_SECRET_KEY): a site with the same TOTP_SECRET_KEY imports its staff access too."
      : "Not signed (TOTP_SECRET_KEY is not set): importing it brings accounts back without staff access; grant it again with npm run staff.",
  );
} catch (error) {
  console.error(`Export failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
