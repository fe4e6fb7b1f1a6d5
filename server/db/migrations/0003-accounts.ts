import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// Accounts: users, their sessions, single-use e-mail tokens (password reset,
// e-mail verification), social identities and pending social sign-in flows.
// Every secret (session token, e-mail token, flow id) is stored only as its
// SHA-256 hash, so a copy of the database signs nobody in.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("email", "varchar(320)", (c) => c.notNull())
    // Lower-cased address: uniqueness is case-insensitive.
    .addColumn("email_normalized", "varchar(320)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("role", "varchar(20)", (c) => c.notNull())
    .addColumn("industry", "varchar(60)", (c) => c.notNull())
    .addColumn("company", "varchar(200)", (c) => c.notNull())
    // Null for accounts created through Google/Microsoft only.
    .addColumn("password_hash", "varchar(300)")
    .addColumn("email_verified_at", "bigint")
    .addColumn("profile_picture", "varchar(1000)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_login_at", "bigint")
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("idle_expires_at", "bigint", (c) => c.notNull())
    .addColumn("absolute_expires_at", "bigint", (c) => c.notNull())
    // 0/1: 'Remember me' (a persistent cookie) or a browser-session cookie.
    .addColumn("persistent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("auth_tokens")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // "reset" or "verify"
    .addColumn("purpose", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("auth_tokens_user_purpose").on("auth_tokens").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("social_identities")
    .addColumn("provider", "varchar(20)", (c) => c.notNull())
    // The provider's subject; for Microsoft "<tenant id>:<sub>".
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("user_id", "varchar(32)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "varchar(320)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("social_identities_pk", ["provider", "subject"])
    .execute();

  await db.schema
    .createTable("oauth_flows")
    .addColumn("id_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("provider", "varchar(20)", (c) => c.notNull())
    .addColumn("state", "varchar(200)", (c) => c.notNull())
    .addColumn("nonce", "varchar(200)", (c) => c.notNull())
    .addColumn("code_verifier", "varchar(200)", (c) => c.notNull())
    .addColumn("redirect_to", "varchar(1000)", (c) => c.notNull())
    // "sign-in" or "sign-up": which page shows the outcome.
    .addColumn("mode", "varchar(20)", (c) => c.notNull())
    .addColumn("remember", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauth_flows_expires").on("oauth_flows").column("expires_at").execute();
}
