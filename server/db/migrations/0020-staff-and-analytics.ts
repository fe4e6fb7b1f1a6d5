import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// Analytics beside Plausible and Umami (issue 31, decision 0031).
// - analytics_visits.os: the operating system family of the visit's first view, read from the user agent at ingest
//   like its device and browser (a family name, no version: nothing that tells one person from another).
// - analytics_weekly_reports: one row per site week whose report e-mail was queued; its primary key is what makes
//   the weekly e-mail go out once however many processes run the worker.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable("analytics_visits")
    .addColumn("os", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("analytics_weekly_reports")
    // The Monday that starts the reported week, in the site's time zone (YYYY-MM-DD).
    .addColumn("week", "varchar(10)", (c) => c.primaryKey())
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .addColumn("recipients", "integer", (c) => c.notNull())
    .execute();
}
