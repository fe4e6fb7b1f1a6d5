import { type Kysely, sql } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// Publishing from the studio (issue 15). A post now has a status; only 'published' posts are ever public.
// Every post stored before this migration (the samples) is published. `version` is the optimistic-concurrency
// counter the editor sends back; `body_source` is the light Markdown as written in the studio (null for posts that
// never went through the editor), kept beside the spec's `content` JSON that the public pages and the API read.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const blogs = () => db.schema.alterTable("blogs");
  // draft | scheduled | published | unpublished
  await blogs().addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("published")).execute();
  await blogs().addColumn("scheduled_at", "bigint").execute();
  await blogs().addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await blogs().addColumn("author_user_id", "varchar(32)").execute();
  await blogs().addColumn("cover_media_id", "bigint").execute();
  await blogs().addColumn("cover_alt", "varchar(300)", (c) => c.notNull().defaultTo("")).execute();
  await blogs().addColumn("body_source", "text").execute();
  await db.schema.createIndex("blogs_status_published").on("blogs").columns(["status", "published_at"]).execute();
  await db.schema.createIndex("blogs_scheduled").on("blogs").columns(["status", "scheduled_at"]).execute();

  // One row per save: the whole post as it was saved (JSON), so a revision can be compared and restored.
  await db.schema
    .createTable("blog_revisions")
    .$call(autoIncrementId(dialect))
    .addColumn("blog_id", "bigint", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("saved_at", "bigint", (c) => c.notNull())
    .addColumn("saved_by", "varchar(32)")
    .addColumn("snapshot", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blog_revisions_blog").on("blog_revisions").columns(["blog_id", "id"]).execute();

  // A published post's earlier slugs answer 301 to its current one.
  await db.schema
    .createTable("blog_redirects")
    .addColumn("slug", "varchar(200)", (c) => c.primaryKey())
    .addColumn("blog_id", "bigint", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // Slugs of deleted posts answer 410 Gone.
  await db.schema
    .createTable("blog_gone")
    .addColumn("slug", "varchar(200)", (c) => c.primaryKey())
    .addColumn("gone_at", "bigint", (c) => c.notNull())
    .execute();

  // A change of status or cover changes what the public pages show: it moves the posts' cache version too.
  const columns = sql.raw("status, cover_media_id, cover_alt");
  if (dialect === "sqlite") {
    await sql`create trigger blogs_version_status after update of ${columns} on blogs begin update cache_versions set version = version + 1 where name = 'posts'; end`.execute(db);
  } else {
    await sql`create trigger blogs_version_status after update of ${columns} on blogs for each row execute function bump_cache_version('posts')`.execute(db);
  }
}
