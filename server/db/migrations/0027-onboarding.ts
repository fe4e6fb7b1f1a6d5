import type { Kysely } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// The customer's onboarding (issue 41, decision 0050): the Wise Core brief a signed-in account fills (one draft per
// account, autosaved with a revision so a stale save never overwrites newer text), the kit order its submission makes
// (one open order per account: `open_key` is the account's id while the order is not live, and unique), the order's
// messages (customer and staff; staff notes marked internal) and the customer's private files (price list, brochure,
// logo), kept in the database like media but never served under /media/.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  await db.schema
    .createTable("kit_briefs")
    .addColumn("user_id", "varchar(32)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // The kit chosen: a key made from the home page's kit label ('general' when the business is not listed).
    .addColumn("kit_key", "varchar(80)", (c) => c.notNull())
    .addColumn("kit_label", "varchar(200)", (c) => c.notNull())
    // JSON: the brief's fields (shared/schemas/onboarding.ts BriefFields).
    .addColumn("fields", "text", (c) => c.notNull())
    // Moves by one on every save; a save based on an older revision is refused (conflict) and changes nothing.
    .addColumn("revision", "integer", (c) => c.notNull())
    // 'en' | 'hi': the language the customer fills it in; the brief's e-mails are in it.
    .addColumn("locale", "varchar(5)", (c) => c.notNull())
    // When the customer pressed submit; the order exists from then, or from verification if the address was not verified.
    .addColumn("submitted_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("kit_orders")
    .$call(autoIncrementId(dialect))
    // WP-1001, WP-1002...: 1000 + id, written in the transaction that makes the order.
    .addColumn("number", "varchar(20)", (c) => c.unique())
    .addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The account's id while the order is open (not live), else null: one open order per account.
    .addColumn("open_key", "varchar(32)", (c) => c.unique())
    .addColumn("kit_key", "varchar(80)", (c) => c.notNull())
    .addColumn("kit_label", "varchar(200)", (c) => c.notNull())
    // JSON: the brief's fields as submitted (and as changed on the customer's request before setup).
    .addColumn("brief", "text", (c) => c.notNull())
    .addColumn("locale", "varchar(5)", (c) => c.notNull())
    // received | setup | review | live
    .addColumn("step", "varchar(20)", (c) => c.notNull())
    .addColumn("assignee_id", "varchar(32)", (c) => c.references("users.id").onDelete("set null"))
    // The promise's hours as the copy said when the order was made; due_at = submitted_at + hours, never recomputed.
    .addColumn("promised_hours", "integer", (c) => c.notNull())
    // When the clock started: submission, or verification of the address when the brief waited for it.
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("due_at", "bigint", (c) => c.notNull())
    .addColumn("step_changed_at", "bigint", (c) => c.notNull())
    .addColumn("live_at", "bigint")
    // The customer asked to change the brief (before setup started); cleared when they save the change.
    .addColumn("change_requested_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("kit_orders_user").on("kit_orders").column("user_id").execute();
  await db.schema.createIndex("kit_orders_step").on("kit_orders").columns(["step", "due_at"]).execute();

  await db.schema
    .createTable("kit_order_messages")
    .$call(autoIncrementId(dialect))
    .addColumn("order_id", "bigint", (c) => c.notNull().references("kit_orders.id").onDelete("cascade"))
    // customer | staff
    .addColumn("author_kind", "varchar(10)", (c) => c.notNull())
    // The staff member's or the customer's account id (null once that account is gone).
    .addColumn("author_id", "varchar(32)", (c) => c.references("users.id").onDelete("set null"))
    // message | question | answer | change-request | file | note: what the line is, for the page's wording.
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // 1: a staff note, never shown to the customer nor e-mailed.
    .addColumn("internal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("emailed_at", "bigint")
    .execute();
  await db.schema.createIndex("kit_order_messages_order").on("kit_order_messages").columns(["order_id", "id"]).execute();

  await db.schema
    .createTable("kit_files")
    .$call(autoIncrementId(dialect))
    .addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // Set once the brief is an order (files added to the brief before then carry null until submission).
    .addColumn("order_id", "bigint", (c) => c.references("kit_orders.id").onDelete("set null"))
    // price-list | brochure | logo | other
    .addColumn("purpose", "varchar(20)", (c) => c.notNull())
    .addColumn("original_name", "varchar(200)", (c) => c.notNull())
    // What is stored: image/webp (an image, checked, stripped and re-encoded as media are) or application/pdf.
    .addColumn("content_type", "varchar(40)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("hash", "varchar(64)", (c) => c.notNull())
    .addColumn("data", bytes, (c) => c.notNull())
    // Who added it: the customer's or a staff member's account id.
    .addColumn("uploaded_by", "varchar(32)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("kit_files_user").on("kit_files").column("user_id").execute();
}
