import { type Kysely, sql } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// Likes no longer move a cache version (decision 0007, issue 20): the shared answers show likes, like views, at most
// their cache's lifetime old, so the `likes` version had no reader left, and its trigger was one more write in
// every like's transaction.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "sqlite") await sql`drop trigger if exists blogs_version_likes`.execute(db);
  else await sql`drop trigger if exists blogs_version_likes on blogs`.execute(db);
  await sql`delete from cache_versions where name = 'likes'`.execute(db);
}
