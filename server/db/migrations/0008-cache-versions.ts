import { type Kysely, sql } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// What the response caches key their answers by (docs/decisions/0007), kept by the database itself so that every
// process and every instance sees a write at once: `posts` moves when a post is added, removed or edited, `likes`
// when a like is counted. Views move neither (they change on every page view; a cached figure is ≤ 1 s old).
const CONTENT_COLUMNS = [
  "slug",
  "title",
  "excerpt",
  "author",
  "published_at",
  "read_time",
  "category",
  "featured",
  "image",
  "tags",
  "content",
  "search_text",
];

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("cache_versions")
    .addColumn("name", "varchar(40)", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into cache_versions (name, version) values ('posts', 0), ('likes', 0)`.execute(db);
  const columns = sql.raw(CONTENT_COLUMNS.join(", "));
  if (dialect === "sqlite") {
    const bump = (name: string) => sql.raw(`update cache_versions set version = version + 1 where name = '${name}';`);
    await sql`create trigger blogs_version_insert after insert on blogs begin ${bump("posts")} end`.execute(db);
    await sql`create trigger blogs_version_delete after delete on blogs begin ${bump("posts")} end`.execute(db);
    await sql`create trigger blogs_version_update after update of ${columns} on blogs begin ${bump("posts")} end`.execute(db);
    await sql`create trigger blogs_version_likes after update of likes on blogs begin ${bump("likes")} end`.execute(db);
  } else {
    // Per row, as on SQLite: a statement trigger would also fire for a statement that changed no row (the
    // samples' insert … on conflict do nothing when they are all there), moving every cached answer for nothing.
    await sql`create function bump_cache_version() returns trigger language plpgsql as $$
      begin
        update cache_versions set version = version + 1 where name = TG_ARGV[0];
        return null;
      end
    $$`.execute(db);
    await sql`create trigger blogs_version_insert after insert or delete on blogs for each row execute function bump_cache_version('posts')`.execute(db);
    await sql`create trigger blogs_version_update after update of ${columns} on blogs for each row execute function bump_cache_version('posts')`.execute(db);
    await sql`create trigger blogs_version_likes after update of likes on blogs for each row execute function bump_cache_version('likes')`.execute(db);
  }
}
