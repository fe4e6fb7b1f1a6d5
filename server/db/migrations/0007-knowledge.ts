import { type Kysely, sql } from "kysely";
import { type MigrationDialect, autoIncrementId } from "../migration-helpers";

/**
 * The help assistant's knowledge and its questions log.
 *
 * knowledge_passages holds one row per passage (a post section, a page
 * section, an FAQ entry). Full-text search differs per database: SQLite keeps
 * FTS5 indexes (external content, kept in step by triggers, ranked with
 * BM25); PostgreSQL a stored, weighted tsvector with a GIN index (ranked with
 * ts_rank_cd). knowledge_state remembers which version of the site's own
 * passages is indexed.
 *
 * chat_questions keeps what visitors ask (text only, never an address), with
 * the topic that answered and whether the message fell through to the menu.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("knowledge_passages")
    .$call(autoIncrementId(dialect))
    // post | page | faq
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    // "post:<id>", "faq", "page": what a reindex replaces as a whole
    .addColumn("source_key", "varchar(60)", (c) => c.notNull())
    .addColumn("ref", "varchar(120)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("heading", "text", (c) => c.notNull())
    .addColumn("url", "varchar(300)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // Words searched but not shown (an FAQ entry's other phrasings)
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("topic", "varchar(30)")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("knowledge_passages_source").on("knowledge_passages").column("source_key").execute();

  await db.schema
    .createTable("knowledge_state")
    .addColumn("key", "varchar(40)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  if (dialect === "sqlite") {
    // Two FTS5 indexes (external content, kept in step by triggers): the
    // site's own passages (a few dozen) and the posts' (any number), so a
    // search of the site never pays for the posts' size.
    for (const [table, when] of [
      ["knowledge_site_fts", "kind <> 'post'"],
      ["knowledge_post_fts", "kind = 'post'"],
    ] as const) {
      await sql.raw(`create virtual table ${table} using fts5(
        heading, body, extra,
        content='knowledge_passages', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
      )`).execute(db);
      // BM25 with the heading counting most, then the other phrasings, then the body (the "rank" column).
      await sql.raw(`insert into ${table}(${table}, rank) values ('rank', 'bm25(4.0, 1.0, 3.0)')`).execute(db);
      const newRow = when.replace("kind", "new.kind");
      const oldRow = when.replace("kind", "old.kind");
      await sql.raw(`create trigger ${table}_ai after insert on knowledge_passages when ${newRow} begin
        insert into ${table}(rowid, heading, body, extra) values (new.id, new.heading, new.body, new.extra);
      end`).execute(db);
      await sql.raw(`create trigger ${table}_ad after delete on knowledge_passages when ${oldRow} begin
        insert into ${table}(${table}, rowid, heading, body, extra) values ('delete', old.id, old.heading, old.body, old.extra);
      end`).execute(db);
    }
    // Passages are never updated in place (a reindex deletes and inserts).
  } else {
    await sql`alter table knowledge_passages add column tsv tsvector generated always as (
      setweight(to_tsvector('english', heading), 'A') ||
      setweight(to_tsvector('english', extra), 'B') ||
      setweight(to_tsvector('english', body), 'C')
    ) stored`.execute(db);
    await sql`create index knowledge_passages_tsv on knowledge_passages using gin (tsv)`.execute(db);
  }

  await db.schema
    .createTable("chat_questions")
    .$call(autoIncrementId(dialect))
    .addColumn("question", "text", (c) => c.notNull())
    // Lower-cased, spaces collapsed: how repeated questions are counted together
    .addColumn("question_key", "varchar(300)", (c) => c.notNull())
    .addColumn("topic", "varchar(100)", (c) => c.notNull())
    .addColumn("fell_through", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_questions_created_at").on("chat_questions").column("created_at").execute();
  await db.schema
    .createIndex("chat_questions_unanswered")
    .on("chat_questions")
    .columns(["fell_through", "question_key"])
    .execute();
}
