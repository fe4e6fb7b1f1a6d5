import type { Kysely } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// First-party analytics without cookies (issue 17, decision 0017).
// - analytics_salts: one random salt per UTC day; a past day's row is deleted, so visitor ids cannot be re-made.
// - analytics_visits: one row per visitor and day (the id lives one day): where the visit came from, its device.
// - analytics_events: page views and goals, raw, kept ANALYTICS_RAW_DAYS days.
// - analytics_daily: the roll-up of each finished day (kept for ever), one row per report and key.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "integer", (c) => c.primaryKey())
    .addColumn("salt", "varchar(64)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("analytics_visits")
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("visitor", "varchar(24)", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("entry_path", "varchar(300)", (c) => c.notNull())
    // utm_source when the entry URL had one, else the referrer's domain, else '' (direct).
    .addColumn("source", "varchar(200)", (c) => c.notNull())
    .addColumn("referrer", "varchar(200)", (c) => c.notNull())
    .addColumn("utm_source", "varchar(100)", (c) => c.notNull())
    .addColumn("utm_medium", "varchar(100)", (c) => c.notNull())
    .addColumn("utm_campaign", "varchar(100)", (c) => c.notNull())
    .addColumn("device", "varchar(10)", (c) => c.notNull())
    .addColumn("browser", "varchar(20)", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_visits_pk", ["day", "visitor"])
    .execute();

  await db.schema
    .createTable("analytics_events")
    .$call(autoIncrementId(dialect))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("visitor", "varchar(24)", (c) => c.notNull())
    // "pageview" or a goal's name
    .addColumn("name", "varchar(20)", (c) => c.notNull())
    .addColumn("path", "varchar(300)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("analytics_events_day").on("analytics_events").columns(["day", "name", "path", "visitor"]).execute();
  await db.schema.createIndex("analytics_events_at").on("analytics_events").columns(["at"]).execute();

  await db.schema
    .createTable("analytics_daily")
    .addColumn("day", "integer", (c) => c.notNull())
    // '' for all visits; "source:<source>" or "page:<path>" for the visits of one source or that viewed one page
    // (the day's busiest ones), so a filtered dashboard reads roll-ups too.
    .addColumn("filter", "varchar(320)", (c) => c.notNull())
    // total | page | source | campaign | device | browser | goal | goal-page | goal-source
    .addColumn("report", "varchar(16)", (c) => c.notNull())
    .addColumn("key", "varchar(640)", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("bounces", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pk", ["filter", "day", "report", "key"])
    .execute();
}
