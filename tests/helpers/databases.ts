import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Db, openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";

export type TestDatabaseKind = "sqlite" | "postgres";

/** The databases the data tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export type TestDatabase = { url: string; db: Db; drop(): Promise<void> };

/**
 * A fresh, empty database: a temporary SQLite file, or a new PostgreSQL
 * database created beside TEST_DATABASE_URL's and dropped afterwards.
 */
export async function createTestDatabase(kind: TestDatabaseKind, { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-db-"));
    const url = path.join(dir, "test.db");
    const db = await openDatabase(url);
    if (migrate) await migrateToLatest(db);
    return {
      url,
      db,
      async drop() {
        await db.close().catch(() => {});
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `wp_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = await openDatabase(adminUrl);
  const { sql } = await import("kysely");
  await sql.raw(`create database ${name}`).execute(admin.kysely);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase(url.href);
  if (migrate) await migrateToLatest(db);
  return {
    url: url.href,
    db,
    async drop() {
      await db.close().catch(() => {});
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.kysely).catch(() => {});
      await admin.close();
    },
  };
}
