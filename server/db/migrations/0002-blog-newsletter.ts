import { type Kysely, sql } from "kysely";
import { type MigrationDialect, autoIncrementId } from "../migration-helpers";

// Blog posts, likes (one per visitor and post), newsletter subscribers and their
// single-use tokens. Search reads `search_text` (the lower-cased title, excerpt,
// tags and section text), indexed per database for substring search: an FTS5
// trigram table on SQLite, a pg_trgm GIN index on PostgreSQL.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("blogs")
    .$call(autoIncrementId(dialect))
    .addColumn("slug", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("author", "varchar(120)", (c) => c.notNull())
    .addColumn("published_at", "bigint", (c) => c.notNull())
    .addColumn("read_time", "varchar(40)", (c) => c.notNull())
    .addColumn("category", "varchar(60)", (c) => c.notNull())
    // 0/1 rather than boolean: the same column type on both databases.
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("image", "varchar(1000)")
    .addColumn("views", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("likes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("tags", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // Newest first, alone or within a category / the featured posts.
  await db.schema.createIndex("blogs_newest").on("blogs").columns(["published_at", "id"]).execute();
  await db.schema.createIndex("blogs_category_newest").on("blogs").columns(["category", "published_at", "id"]).execute();
  await db.schema.createIndex("blogs_featured_newest").on("blogs").columns(["featured", "published_at", "id"]).execute();

  if (dialect === "sqlite") {
    await sql`create virtual table blogs_fts using fts5(search_text, content='blogs', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger blogs_fts_insert after insert on blogs begin
      insert into blogs_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`create trigger blogs_fts_delete after delete on blogs begin
      insert into blogs_fts(blogs_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
    // Only a change of the text touches the index (views and likes change often).
    await sql`create trigger blogs_fts_update after update of search_text on blogs begin
      insert into blogs_fts(blogs_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into blogs_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  } else {
    // pg_trgm ships with PostgreSQL's contrib and is a trusted extension; where it
    // is missing, search still works (a scan), only slower.
    const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if ((available.rows[0]?.n ?? 0) > 0) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index blogs_search_trgm on blogs using gin (search_text gin_trgm_ops)`.execute(db);
    }
  }

  await db.schema
    .createTable("blog_likes")
    .addColumn("blog_id", "bigint", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .addColumn("visitor_id", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("blog_likes_pk", ["blog_id", "visitor_id"])
    .execute();

  await db.schema
    .createTable("subscribers")
    .$call(autoIncrementId(dialect))
    .addColumn("email", "varchar(320)", (c) => c.notNull())
    // The lower-cased address: unique, so one person is one subscriber whatever the case.
    .addColumn("email_normalized", "varchar(320)", (c) => c.notNull().unique())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    .addColumn("unsubscribed_at", "bigint")
    .execute();

  // Each e-mail carries its own confirm/unsubscribe tokens; only their sha256 is kept.
  await db.schema
    .createTable("subscriber_tokens")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("subscriber_id", "bigint", (c) => c.notNull().references("subscribers.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("subscriber_tokens_subscriber").on("subscriber_tokens").column("subscriber_id").execute();
}
