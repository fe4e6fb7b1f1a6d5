/**
 * Whether a process of the site still has its database open, asked of the database itself, so it holds for every
 * process on every machine whatever port it listens on (issue 39.7: a restore under a running server lost every
 * write made after it, into the file the restore had renamed away).
 * - SQLite: every open connection in WAL mode holds a shared lock on the database's shared memory while it is open,
 *   idle or not; an exclusive lock is granted only when no other connection exists.
 * - PostgreSQL: the site's connections name themselves (`application_name`, server/db/database.ts), so any other
 *   than this one is a server, a worker or another command of the site.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { isPostgresUrl, openDatabase, SITE_APPLICATION_NAME } from "../../db/database";

export type InUse = { inUse: false } | { inUse: true; what: string };

export function sqliteFileOf(databaseUrl: string): string {
  return path.resolve(databaseUrl.replace(/^sqlite:(\/\/)?/i, ""));
}

export async function databaseInUse(databaseUrl: string): Promise<InUse> {
  if (isPostgresUrl(databaseUrl)) {
    const db = await openDatabase(databaseUrl, { poolSize: 1 });
    try {
      const rows = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = ${SITE_APPLICATION_NAME}`.execute(db.kysely);
      const n = Number(rows.rows[0]?.n ?? 0);
      return n > 0 ? { inUse: true, what: `${n} connection${n === 1 ? "" : "s"} of the site's processes are open to this database` } : { inUse: false };
    } finally {
      await db.close();
    }
  }
  const file = sqliteFileOf(databaseUrl);
  if (!fs.existsSync(file)) return { inUse: false };
  const { default: SQLite } = await import("better-sqlite3");
  // No busy wait: a lock held by another process is the answer, not something to wait out.
  const probe = new SQLite(file, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("begin exclusive");
    probe.exec("commit");
    return { inUse: false };
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return { inUse: true, what: `another process has ${file} open` };
    throw error;
  } finally {
    probe.close();
  }
}

/** What the operator reads when a restore is refused for a running site. */
export function stopTheSiteFirst(what: string): string {
  return (
    `The site is still running (${what}). Stop every process of the site first — \`systemctl stop <your service>\`, ` +
    "`docker compose stop app1 app2`, or Ctrl-C where `npm start` or `npm run serve` runs (and let any `npm run` command finish) — " +
    "then run the restore again. Nothing was changed."
  );
}
