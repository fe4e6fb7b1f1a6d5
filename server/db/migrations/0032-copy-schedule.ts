import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// A page's copy published at a chosen time (issue 46, item 4; decision 0057): the draft carries the instant it is
// to be published at and who chose it. The schedule worker publishes it (one conditional delete of the draft in the
// publish's transaction, so exactly once across processes); a draft without a time is an ordinary draft.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  const drafts = () => db.schema.alterTable("content_drafts");
  await drafts().addColumn("scheduled_at", "bigint").execute();
  await drafts().addColumn("scheduled_by", "varchar(32)").execute();
  await db.schema.createIndex("content_drafts_scheduled").on("content_drafts").column("scheduled_at").execute();
}
