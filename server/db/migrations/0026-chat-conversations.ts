import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// The help chat's conversations (issue 43, decision 0046): the server's own record of what was asked and answered in
// one conversation, by a random id the server issued, so a follow-up is read with what the assistant really said and
// never with assistant turns a browser sends. `turns` is JSON: the last few turns, each cut short, with what answered
// (topics, the kit or plan named). Text only, no address; kept a day after its last message.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("chat_conversations")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("turns", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_conversations_updated").on("chat_conversations").column("updated_at").execute();
}
