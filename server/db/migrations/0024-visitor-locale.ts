import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// The language a visitor used (issue 33, decision 0032): an account's (from the sign-up page), a subscriber's (from
// the form they subscribed with) and a lead's (from the contact page). E-mails to them go out in it: verification and
// reset links, the newsletter's confirmation and frame. Everything stored before is English.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  for (const table of ["users", "subscribers", "leads"]) {
    await db.schema.alterTable(table).addColumn("locale", "varchar(8)", (c) => c.notNull().defaultTo("en")).execute();
  }
}
