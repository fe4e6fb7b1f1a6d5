import type { Kysely } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// The demo booking (issue 42, decision 0052). One row per booking, from the hold to its end. `active_start` is the
// slot's start while the booking holds it (held, confirmed, attended, no-show) and NULL once it does not (released,
// cancelled, moved away): its unique index is what keeps two visitors off one slot, in one statement, whichever
// process or database (several NULLs never collide in SQLite nor PostgreSQL).
// `razorpay_events`: each webhook event applied once, by Razorpay's event id.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await autoIncrementId(dialect)(db.schema.createTable("demo_bookings"))
    .addColumn("public_id", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("active_start", "bigint")
    // held | confirmed | attended | no-show | cancelled | released
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    // none (no keys: pay at the demo) | pending | paid | refund-due
    .addColumn("payment", "varchar(16)", (c) => c.notNull())
    .addColumn("amount_paise", "bigint", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("whatsapp", "text", (c) => c.notNull())
    .addColumn("business_type", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("locale", "varchar(8)", (c) => c.notNull())
    .addColumn("visitor_zone", "varchar(64)", (c) => c.notNull())
    .addColumn("held_until", "bigint")
    .addColumn("payment_link_id", "varchar(64)")
    .addColumn("payment_link_url", "text")
    .addColumn("payment_id", "varchar(64)")
    .addColumn("paid_at", "bigint")
    // The visitor's single-use link to move or cancel: its SHA-256 only.
    .addColumn("manage_token_hash", "varchar(64)")
    .addColumn("lead_id", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    // When the current start time was set (the booking, or its last move): reminders are counted from it.
    .addColumn("scheduled_at", "bigint", (c) => c.notNull())
    .addColumn("reminder_24_at", "bigint")
    .addColumn("reminder_1_at", "bigint")
    .addColumn("closed_at", "bigint")
    .addColumn("closed_by", "text")
    .execute();
  await db.schema.createIndex("demo_bookings_active_start").on("demo_bookings").column("active_start").unique().execute();
  await db.schema.createIndex("demo_bookings_starts").on("demo_bookings").column("starts_at").execute();
  await db.schema.createIndex("demo_bookings_email").on("demo_bookings").column("email").execute();
  await db.schema.createIndex("demo_bookings_link").on("demo_bookings").column("payment_link_id").execute();
  await db.schema.createIndex("demo_bookings_held").on("demo_bookings").columns(["status", "held_until"]).execute();
  await db.schema
    .createTable("razorpay_events")
    .addColumn("event_id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("event", "varchar(64)", (c) => c.notNull())
    .addColumn("booking_id", "bigint")
    .addColumn("outcome", "varchar(32)", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .execute();
}
