import fs from "node:fs";
import path from "node:path";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig, SqliteDriver, sql } from "kysely";
import type { Database as SqliteDatabase } from "better-sqlite3";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** True when a trivial query succeeds within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * How every process of the site names its PostgreSQL connections: a restore counts them to refuse while the site
 * runs (server/services/backup/in-use.ts).
 */
export const SITE_APPLICATION_NAME = "wise-parrot";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens the database: SQLite (better-sqlite3, WAL) for a file path, PostgreSQL
 * (pg pool) for a postgres:// URL. Drivers are loaded lazily so a deployment
 * only needs the one it uses.
 */
export async function openDatabase(url: string, { poolSize = 10 }: { poolSize?: number } = {}): Promise<Db> {
  if (isPostgresUrl(url)) {
    const pg = await import("pg");
    const Pool = pg.default.Pool;
    // BIGINT counts come back as strings by default; ours fit in a JS number.
    pg.default.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
    const pool = new Pool({
      connectionString: url,
      max: poolSize,
      // One connection stays open however idle the process is: a restore sees a running site by its connections.
      min: 1,
      connectionTimeoutMillis: 5_000,
      application_name: SITE_APPLICATION_NAME,
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    // Nor one checked out between two queries (a round holding its connection): its next query fails instead, and
    // the door answers 503 (tests/faults/db-outage.test.ts).
    pool.on("connect", (client) => client.on("error", () => {}));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: "postgres",
      ping: (timeoutMs) => ping(kysely, timeoutMs),
      close: () => kysely.destroy(),
    };
  }

  const file = url.replace(/^sqlite:(\/\/)?/i, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const { default: SQLite } = await import("better-sqlite3");
  const sqlite = new SQLite(file, { timeout: 5_000 });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    kysely,
    dialect: "sqlite",
    ping: (timeoutMs) => ping(kysely, timeoutMs),
    close: () => kysely.destroy(),
  };
}

const STATEMENT_CACHE_SIZE = 200;

/**
 * better-sqlite3 with its prepared statements kept (by SQL text, the 200 most recently used): Kysely prepares every
 * query anew, ~20–100 µs each (an UPDATE of `blogs` also compiles its triggers), several times per request. A
 * statement is only ever run to completion (all/run, never left iterating), so one can serve every query with its text.
 */
function withStatementCache(sqlite: SqliteDatabase): SqliteDialectConfig["database"] {
  const cache = new Map<string, ReturnType<SqliteDatabase["prepare"]>>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        // Most recently used last: Map keeps insertion order.
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken (waiting up to the busy timeout) before
 * the first read. With a plain BEGIN, a transaction that reads and then writes (a like: does the post exist, then
 * insert) fails at once with SQLITE_BUSY when another process (WEB_CONCURRENCY > 1, a script) committed in between;
 * the busy timeout does not help there. Within one process Kysely runs one transaction at a time anyway.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #driverConfig: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#driverConfig = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#driverConfig);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

async function ping(kysely: Kysely<Database>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
    });
    await Promise.race([sql`select 1`.execute(kysely), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
