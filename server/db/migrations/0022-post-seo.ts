import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

// A post's own search and sharing fields (issue 31, decision 0029): the title and description search engines and
// link previews show (empty: the post's title and excerpt), and a library image to share it with (empty: its cover).
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  const blogs = () => db.schema.alterTable("blogs");
  await blogs().addColumn("meta_title", "varchar(200)", (c) => c.notNull().defaultTo("")).execute();
  await blogs().addColumn("meta_description", "varchar(400)", (c) => c.notNull().defaultTo("")).execute();
  await blogs().addColumn("social_media_id", "bigint").execute();
}
