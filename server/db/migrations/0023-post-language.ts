import { type Kysely, sql } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// A post has a language (issue 33): 'en' or 'hi'; every post stored before is English. A post written in both
// languages is a pair: each names the other in `translation_of` (both ways, kept together by the studio's save).
// With two languages a post has at most one translation, which the unique index holds (NULLs do not collide). No
// foreign key: the owner's archive restores rows in id order, and a pair points both ways.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const blogs = () => db.schema.alterTable("blogs");
  await blogs().addColumn("language", "varchar(5)", (c) => c.notNull().defaultTo("en")).execute();
  await blogs().addColumn("translation_of", "bigint").execute();
  await db.schema.createIndex("blogs_translation_of").on("blogs").column("translation_of").unique().execute();
  // The listing in a language's order (its posts, then the others'): each run read newest first along this index.
  await db.schema.createIndex("blogs_status_language_newest").on("blogs").columns(["status", "language", "published_at", "id"]).execute();

  // The public pages show a post's language and its pair's link, and (since 0022) its search title, description
  // and share image: changing any of them on a published post moves the `posts` version like its text does.
  const published = "old.status = 'published' or new.status = 'published'";
  const content = sql.raw(
    [...CONTENT_COLUMNS, "status", "cover_media_id", "cover_alt", "meta_title", "meta_description", "social_media_id", "language", "translation_of"].join(", "),
  );
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
