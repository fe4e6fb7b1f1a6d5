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
  // The public reads all filter on status = 'published' (half the rows may be drafts): the listing's orders with
  // status in front, and the stats cards' sums covered by an index.
  await db.schema.createIndex("blogs_status_newest").on("blogs").columns(["status", "published_at", "id"]).execute();
  await db.schema.createIndex("blogs_status_category_newest").on("blogs").columns(["status", "category", "published_at", "id"]).execute();
  await db.schema.createIndex("blogs_status_featured_newest").on("blogs").columns(["status", "featured", "published_at", "id"]).execute();
  await db.schema.createIndex("blogs_status_counters").on("blogs").columns(["status", "views", "likes"]).execute();
  await db.schema.createIndex("blogs_scheduled").on("blogs").columns(["status", "scheduled_at"]).execute();
  // The studio's list: newest edit first.
  await db.schema.createIndex("blogs_updated").on("blogs").columns(["updated_at", "id"]).execute();

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

  // What the public pages show changes only when the post was or becomes published: an edit (an autosave every
  // few seconds) of a draft must not empty every process's response cache. 0008's trigger on the content columns
  // is replaced by one with that condition, and status and cover changes move the version on the same condition.
  const published = "old.status = 'published' or new.status = 'published'";
  const content = sql.raw([...CONTENT_COLUMNS, "status", "cover_media_id", "cover_alt"].join(", "));
  if (dialect === "sqlite") {
    await sql`drop trigger blogs_version_update`.execute(db);
    await sql`create trigger blogs_version_update after update of ${content} on blogs when ${sql.raw(published)} begin update cache_versions set version = version + 1 where name = 'posts'; end`.execute(db);
  } else {
    await sql`drop trigger blogs_version_update on blogs`.execute(db);
    await sql`create trigger blogs_version_update after update of ${content} on blogs for each row when (${sql.raw(published)}) execute function bump_cache_version('posts')`.execute(db);
  }
}

/** 0008's content columns. */
const CONTENT_COLUMNS = ["slug", "title", "excerpt", "author", "published_at", "read_time", "category", "featured", "image", "tags", "content", "search_text"];
