import type { Kysely } from "kysely";
import { autoIncrementId, type MigrationDialect } from "../migration-helpers";

// The owner's studio (issue 15): who may use it, their second factor, invitations and the audit log.
// `users.role` is the visitor's job title from sign-up (the spec's); what an account may do in the studio
// is `users.access`: 'user' (every visitor account, the default), 'editor' or 'owner'.
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("users").addColumn("access", "varchar(10)", (c) => c.notNull().defaultTo("user")).execute();
  // The moment this session passed the second factor; null until then (a staff session without it reaches no studio page).
  await db.schema.alterTable("sessions").addColumn("second_factor_at", "bigint").execute();

  // One TOTP secret per staff account (RFC 6238). `confirmed_at` is null while enrolment waits for the first
  // code; `last_step` is the time step of the last code accepted, so a code cannot be used twice.
  await db.schema
    .createTable("staff_totp")
    .addColumn("user_id", "varchar(32)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    .addColumn("last_step", "bigint")
    .execute();

  // Single-use recovery codes, stored as SHA-256 hashes.
  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("code_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("staff_recovery_codes_user").on("staff_recovery_codes").column("user_id").execute();

  // Invitations an owner sends by e-mail: single use, seven days; the token is stored hashed.
  await db.schema
    .createTable("staff_invitations")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("email_normalized", "varchar(320)", (c) => c.notNull())
    .addColumn("access", "varchar(10)", (c) => c.notNull())
    .addColumn("invited_by", "varchar(32)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();

  // Every studio write: who, what, which record, when, from which client address.
  await db.schema
    .createTable("audit_log")
    .$call(autoIncrementId(dialect))
    .addColumn("at", "bigint", (c) => c.notNull())
    // Null for the server's command line.
    .addColumn("user_id", "varchar(32)")
    .addColumn("actor", "varchar(320)", (c) => c.notNull())
    .addColumn("action", "varchar(60)", (c) => c.notNull())
    .addColumn("record_type", "varchar(30)", (c) => c.notNull())
    .addColumn("record_id", "varchar(100)", (c) => c.notNull())
    .addColumn("client_ip", "varchar(64)", (c) => c.notNull())
    .addColumn("detail", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
}
