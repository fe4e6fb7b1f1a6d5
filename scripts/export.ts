/**
 * `npm run export -- [file]`: the owner's archive of everything the business owns (the same as /studio/export),
 * written to the file (default `wise-parrot-export-<date>.tar.gz` here). Format: docs/decisions/0026-owners-data.md.
 */
import fs from "node:fs";
import { loadConfigOrExit } from "../server/config";
import { openDatabase } from "../server/db/database";
import { loadDotEnv } from "../server/env-file";
import { exportArchive } from "../server/services/backup/archive";

loadDotEnv();
const config = loadConfigOrExit();
const file = process.argv[2] ?? `wise-parrot-export-${new Date().toISOString().slice(0, 10)}.tar.gz`;
const db = await openDatabase(config.DATABASE_URL, { poolSize: 1 });
try {
  const archive = await exportArchive(db);
  fs.writeFileSync(`${file}.partial`, archive);
  fs.renameSync(`${file}.partial`, file);
  console.log(`Archive written: ${file} (${(archive.length / 1024).toFixed(0)} KiB).`);
} finally {
  await db.close();
}
