/**
 * `npm run backup` / `npm run restore` (issue 32) on their own: rotation keeps the newest BACKUP_KEEP, a restore
 * keeps the database it replaces, and a damaged backup is refused without touching the site.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { listBackups, restoreBackup, takeBackup } from "../../server/services/backup/snapshot";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-backups-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function siteWithLeads(file: string, count: number) {
  const db = await openDatabase(file);
  await migrateToLatest(db);
  for (let i = 0; i < count; i++) {
    await db.kysely
      .insertInto("leads")
      .values({ first_name: "A", last_name: `${i}`, email: `l${i}@example.com`, phone: "1", message: "m", lead_source: "Website", status: "pending", attempts: 0, next_attempt_at: 0, claim_token: null, claimed_until: null, last_error: null, crm_status: null, crm_response: null, created_at: i, delivered_at: null })
      .execute();
  }
  return db;
}

describe("SQLite backups", () => {
  it("keeps the newest BACKUP_KEEP and restores one, keeping the replaced database aside", async () => {
    const dir = tempDir();
    const file = path.join(dir, "site.db");
    const db = await siteWithLeads(file, 2);
    const backups = path.join(dir, "backups");
    const taken = [];
    for (let i = 0; i < 4; i++) {
      taken.push(await takeBackup(db, { databaseUrl: file, dir: backups, keep: 2, now: new Date(Date.UTC(2026, 10, 27, 3, 0, i)) }));
    }
    expect(listBackups(backups).map((b) => b.file)).toEqual([taken[3]!.file, taken[2]!.file]);
    expect(taken[3]!.removed).toEqual([taken[1]!.file]);
    await db.kysely.deleteFrom("leads").execute();
    await db.close();

    const result = await restoreBackup(file, taken[3]!.file);
    expect(result.keptAside && fs.existsSync(result.keptAside)).toBe(true);
    const restored = await openDatabase(file);
    expect(await restored.kysely.selectFrom("leads").select("email").orderBy("id").execute()).toEqual([{ email: "l0@example.com" }, { email: "l1@example.com" }]);
    await restored.close();
  });

  it("refuses a damaged backup and leaves the site's database as it was", async () => {
    const dir = tempDir();
    const file = path.join(dir, "site.db");
    const db = await siteWithLeads(file, 3);
    const backup = await takeBackup(db, { databaseUrl: file, dir: path.join(dir, "b"), keep: 5 });
    await db.close();
    const bytes = fs.readFileSync(backup.file);
    bytes.fill(0x5a, 4096, 8192);
    const damaged = path.join(dir, "b", "wise-parrot-20260101T000000000Z.db");
    fs.writeFileSync(damaged, bytes.subarray(0, bytes.length - 100));
    await expect(restoreBackup(file, damaged)).rejects.toThrow(/damaged|Nothing was changed/);
    await expect(restoreBackup(file, path.join(dir, "notes.txt"))).rejects.toThrow(/no such file/);
    const after = await openDatabase(file);
    expect(await after.kysely.selectFrom("leads").select("email").execute()).toHaveLength(3);
    await after.close();
    expect(fs.readdirSync(dir).filter((f) => f.includes("before-restore"))).toEqual([]);
  });
});
