import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// Drafts of the owner's copy (issue 28, decision 0027): one per document and locale, never read by the public
// pages; publishing writes it through the content store (content_entries, a revision, the content version) and
// removes it.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("content_drafts")
    // The document's stored key (`copy.faq`).
    .addColumn("key", "varchar(120)", (c) => c.notNull())
    .addColumn("locale", "varchar(16)", (c) => c.notNull())
    // The whole document as the editor saved it (JSON text).
    .addColumn("value", "text", (c) => c.notNull())
    // The published entry's version this draft was made from (0: none published): publishing a draft made from an
    // older version than the live one is refused (two editors).
    .addColumn("base_version", "integer", (c) => c.notNull())
    // Moves by one on every save of the draft: a save made from an older draft is refused too.
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(32)")
    .addPrimaryKeyConstraint("content_drafts_pk", ["key", "locale"])
    .execute();
}
