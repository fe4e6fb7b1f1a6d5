import { type Kysely, sql } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// The owner's content (issue 28, decision 0024): settings and, later, the pages' copy, one row per key and locale,
// each write a revision; the `content` cache version moves in the writing transaction so every process's cached
// pages are keyed by it.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("content_entries")
    // `settings.whatsappNumber`, later `page.home.headline`: what the value is.
    .addColumn("key", "varchar(120)", (c) => c.notNull())
    // `*` for what has no language (settings); `en` for copy, later `hi`.
    .addColumn("locale", "varchar(16)", (c) => c.notNull())
    // The value as the owner saved it (JSON text).
    .addColumn("value", "text", (c) => c.notNull())
    // Starts at 1; each save adds one (a save that expected another version is refused).
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(32)")
    .addPrimaryKeyConstraint("content_entries_pk", ["key", "locale"])
    .execute();

  await db.schema
    .createTable("content_revisions")
    .$call(autoIncrementId(dialect))
    .addColumn("key", "varchar(120)", (c) => c.notNull())
    .addColumn("locale", "varchar(16)", (c) => c.notNull())
    // The value this revision set; null: the entry was cleared (back to the default).
    .addColumn("value", "text")
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(32)")
    .execute();
  await db.schema.createIndex("content_revisions_key").on("content_revisions").columns(["key", "locale", "id"]).execute();

  await sql`insert into cache_versions (name, version) values ('content', 0)`.execute(db);
}
