import type { Kysely } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// The owner's audience (issue 16): newsletters sent from posts, exactly one message per subscriber and issue, and
// accounts the owner can disable.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  // One newsletter per post: sending the same post twice (a double click, two tabs) finds the first issue.
  await db.schema
    .createTable("newsletter_issues")
    .$call(autoIncrementId(dialect))
    .addColumn("blog_id", "bigint", (c) => c.notNull().unique())
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    // JSON of what the e-mail shows (title, excerpt, sections, link), frozen when the send starts.
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("recipients", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(32)")
    .execute();

  // The outbox learns who a message is for: the idempotency key (newsletter:<issue>:<subscriber>,
  // lead:<lead>:<address>) makes queueing the same message twice a no-op, on any number of processes.
  await db.schema.alterTable("mail_outbox").addColumn("idempotency_key", "varchar(200)").execute();
  await db.schema.alterTable("mail_outbox").addColumn("newsletter_id", "bigint").execute();
  await db.schema.alterTable("mail_outbox").addColumn("subscriber_id", "bigint").execute();
  await db.schema.createIndex("mail_outbox_idempotency").unique().on("mail_outbox").column("idempotency_key").execute();
  await db.schema.createIndex("mail_outbox_newsletter").on("mail_outbox").columns(["newsletter_id", "status"]).execute();
  await db.schema.createIndex("mail_outbox_subscriber").on("mail_outbox").column("subscriber_id").execute();

  await db.schema.alterTable("users").addColumn("disabled_at", "bigint").execute();
  await db.schema.createIndex("subscribers_status").on("subscribers").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("leads_created").on("leads").column("created_at").execute();
}
