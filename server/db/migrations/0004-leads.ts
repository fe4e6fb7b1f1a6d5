import type { Kysely } from "kysely";
import { type MigrationDialect, autoIncrementId } from "../migration-helpers";

/**
 * Contact leads and their delivery to the CRM. The lead row is the outbox:
 * it is written before the visitor hears "sent", and its status/claim columns
 * let any number of server processes share the delivery work without sending
 * a lead twice (a claim is a conditional UPDATE with an expiring lease).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("leads")
    .$call(autoIncrementId(dialect))
    .addColumn("first_name", "varchar(40)", (c) => c.notNull())
    .addColumn("last_name", "varchar(80)", (c) => c.notNull())
    .addColumn("email", "varchar(100)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("lead_source", "varchar(40)", (c) => c.notNull())
    // pending | sending | delivered | failed | spam
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("claim_token", "varchar(64)")
    .addColumn("claimed_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("crm_status", "integer")
    .addColumn("crm_response", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .execute();
  await db.schema.createIndex("leads_due").on("leads").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();
}
