import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// The question log grows into what the owner reads at /studio/questions (issue 29, decision 0028):
// - answer_id: a random id given to the visitor's page with the answer, the only handle a rating uses
//   (never the row's number, which anyone could count through); null for questions logged before.
// - answer: what the assistant answered, cut short; handed_over: the answer offered a person;
//   language: the visitor's language ("en", "hinglish", "hi"); rating: 1 helpful, -1 not helpful, null unrated.
// Still text only: no address, no account, no conversation.
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("chat_questions").addColumn("answer_id", "varchar(32)").execute();
  await db.schema.alterTable("chat_questions").addColumn("answer", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("chat_questions").addColumn("handed_over", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("chat_questions").addColumn("language", "varchar(12)", (c) => c.notNull().defaultTo("en")).execute();
  await db.schema.alterTable("chat_questions").addColumn("rating", "integer").execute();
  await db.schema.createIndex("chat_questions_answer_id").unique().on("chat_questions").column("answer_id").execute();
  // The studio page's window: the kept period's questions by key, read from the index alone.
  await db.schema
    .createIndex("chat_questions_window")
    .on("chat_questions")
    .columns(["created_at", "question_key"])
    .execute();
}
