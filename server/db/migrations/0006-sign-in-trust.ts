import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// Where an account's owner has signed in successfully before: a device (the
// token of its device cookie) or a client address. Failed sign-ins from
// elsewhere fill the account-wide limit; these never meet it, so a stranger
// guessing passwords cannot lock the owner out (issue 13, S5). Values are
// stored only as SHA-256 hashes, keyed by the account's normalized e-mail.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("sign_in_trust")
    // "device" or "address".
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    .addColumn("value_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("email_normalized", "varchar(320)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sign_in_trust_pk", ["kind", "value_hash", "email_normalized"])
    .execute();
  await db.schema.createIndex("sign_in_trust_expires").on("sign_in_trust").column("expires_at").execute();
}
