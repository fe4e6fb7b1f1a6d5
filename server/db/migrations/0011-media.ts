import type { Kysely } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// Images uploaded in the studio (issue 15), kept in the database so every server process on one PostgreSQL serves
// the same files. `media` is one upload (named by the SHA-256 of its bytes, so the same image uploaded twice is one
// row); `media_files` are the sized versions made from it (WebP, AVIF where it pays), served at /media/{name}.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("media")
    .$call(autoIncrementId(dialect))
    .addColumn("hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("original_name", "varchar(200)", (c) => c.notNull())
    .addColumn("original_type", "varchar(40)", (c) => c.notNull())
    .addColumn("original_size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(32)")
    .execute();

  await db.schema
    .createTable("media_files")
    .addColumn("name", "varchar(120)", (c) => c.primaryKey())
    .addColumn("media_id", "bigint", (c) => c.notNull().references("media.id").onDelete("cascade"))
    // webp | avif
    .addColumn("format", "varchar(10)", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("data", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("media_files_media").on("media_files").column("media_id").execute();
}
