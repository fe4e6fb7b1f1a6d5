import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// Countries in analytics (issue 31, decision 0034): the two-letter code of the country of the visit's first view,
// looked up from the address when the hit is recorded; the address itself is never stored. '' when unknown (IPv6,
// private addresses) and for visits recorded before.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable("analytics_visits")
    .addColumn("country", "varchar(2)", (c) => c.notNull().defaultTo(""))
    .execute();
}
