import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// The listing's stats (count, sum of views, sum of likes) on every page view
// read this small covering index instead of every post's full row.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.createIndex("blogs_counters").on("blogs").columns(["views", "likes"]).execute();
}
