import { type Migration, Migrator, sql } from "kysely";
import type { Db } from "./database";
import { migrations } from "./migrations/index";

export type MigrateResult = { applied: string[] };

/** Applies every pending migration. Running it again is a no-op. */
export async function migrateToLatest(db: Db): Promise<MigrateResult> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: {
      async getMigrations() {
        const out: Record<string, Migration> = {};
        for (const [name, mod] of Object.entries(migrations)) {
          out[name] = { up: (k) => mod.up(k, db.dialect) };
        }
        return out;
      },
    },
    // Kysely takes a lock table on PostgreSQL, so two processes starting at
    // once apply each migration exactly once.
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  });
  // Kysely's migration lock is a no-op on SQLite (one connection per process),
  // so two processes sharing a file take SQLite's write lock for the whole run.
  const sqliteLock = db.dialect === "sqlite";
  if (sqliteLock) await sql`begin immediate`.execute(db.kysely);
  let outcome: Awaited<ReturnType<Migrator["migrateToLatest"]>>;
  try {
    outcome = await migrator.migrateToLatest();
  } finally {
    if (sqliteLock) await sql`commit`.execute(db.kysely);
  }
  const { error, results } = outcome;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName) };
}
