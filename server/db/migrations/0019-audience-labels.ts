import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// The audience, part 2 (issue 31, decision 0030): subscribers added by hand or imported (with the consent the owner
// stated), their labels, newsletters to chosen labels and at a chosen time, a status and note per lead, Reply-To on
// queued mail, and the studio's "new since your last visit".
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("subscribers").addColumn("name", "varchar(100)").execute();
  // The form the subscription came from (footer, blogs, post…), "studio" or "import".
  await db.schema.alterTable("subscribers").addColumn("source", "varchar(40)").execute();
  // How consent was obtained, as the owner stated it for an address added without the opt-in e-mail; who and when.
  await db.schema.alterTable("subscribers").addColumn("consent_note", "varchar(500)").execute();
  await db.schema.alterTable("subscribers").addColumn("consent_by", "varchar(32)").execute();
  await db.schema.alterTable("subscribers").addColumn("consent_at", "bigint").execute();
  // An opt-in e-mail still to be made (an import's addresses): a worker claims them in batches.
  await db.schema.alterTable("subscribers").addColumn("optin_due_at", "bigint").execute();
  await db.schema.createIndex("subscribers_optin_due").on("subscribers").column("optin_due_at").execute();

  await db.schema
    .createTable("subscriber_labels")
    .addColumn("subscriber_id", "bigint", (c) => c.notNull())
    .addColumn("label", "varchar(40)", (c) => c.notNull())
    .addPrimaryKeyConstraint("subscriber_labels_pk", ["subscriber_id", "label"])
    .execute();
  await db.schema.createIndex("subscriber_labels_label").on("subscriber_labels").columns(["label", "subscriber_id"]).execute();

  // A newsletter to chosen labels (JSON array; null: everyone), and one that waits for its time.
  await db.schema.alterTable("newsletter_issues").addColumn("labels", "text").execute();
  await db.schema.alterTable("newsletter_issues").addColumn("scheduled_for", "bigint").execute();
  // scheduled | sent
  await db.schema.alterTable("newsletter_issues").addColumn("state", "varchar(20)", (c) => c.notNull().defaultTo("sent")).execute();
  await db.schema.createIndex("newsletter_issues_due").on("newsletter_issues").columns(["state", "scheduled_for"]).execute();

  await db.schema.alterTable("mail_outbox").addColumn("reply_to", "varchar(320)").execute();

  // The owner's own follow-up of a lead, beside its CRM delivery status: new | contacted | won | lost.
  await db.schema.alterTable("leads").addColumn("stage", "varchar(20)", (c) => c.notNull().defaultTo("new")).execute();
  await db.schema.alterTable("leads").addColumn("stage_note", "varchar(2000)").execute();
  await db.schema.alterTable("leads").addColumn("stage_at", "bigint").execute();
  await db.schema.alterTable("leads").addColumn("stage_by", "varchar(32)").execute();
  await db.schema.createIndex("leads_stage").on("leads").columns(["stage", "created_at"]).execute();

  // The studio overview's "new since your last visit": the visit before this one, and this one.
  await db.schema
    .createTable("studio_visits")
    .addColumn("user_id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("previous_at", "bigint")
    .addColumn("last_at", "bigint", (c) => c.notNull())
    .execute();
}
