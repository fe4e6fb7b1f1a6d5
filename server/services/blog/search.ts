import { type Expression, type SqlBool, sql } from "kysely";
import { containsText } from "../text-search";
import type { Db } from "../../db/database";

/**
 * Matches up to this many posts are read from the trigram index; more means a common term. It is also the bound on
 * the rows a rare term's page reads (SEARCH_PROBE lookups by id and a sort of at most that many, see `few`).
 */
const SEARCH_PROBE = 300;

/**
 * Substring search over the lower-cased `search_text`, always parameterised.
 * The term is first looked up in the trigram index (SQLite: the FTS5 trigram
 * table, as a quoted phrase, which is exactly a substring match with quotes
 * doubled so any text is just text; PostgreSQL: LIKE over the pg_trgm GIN
 * index). A rare term becomes a short id list, sorted cheaply; a common one
 * (SEARCH_PROBE matches or more) is cheaper as LIKE along the newest-first
 * index, which stops as soon as a page is full. LIKE wildcards are escaped.
 * "none" when no post matches. `search` is already normalised.
 */
/**
 * The search's condition; `few` when it is a list of fewer than SEARCH_PROBE ids. Then the listing must look them
 * up by id (SQLite: its other filters written so that no newest-first index serves them, `listBlogs`): walking an
 * index newest first until a page of them turns up reads about N × page / matches entries (20 matches in 20,000
 * posts: ~13,000, 2 ms, growing with the posts), the lookups at most SEARCH_PROBE whatever the posts.
 */
export type SearchMatch = { condition: Expression<SqlBool>; few: boolean };

export async function searchCondition(db: Db, search: string): Promise<SearchMatch | "none"> {
  const like = { condition: containsText("blogs.search_text", search), few: false };
  // Under 3 characters there is no trigram to look up.
  if ([...search].length < 3) return like;
  const probe =
    db.dialect === "sqlite"
      ? sql<{ id: number }>`select rowid as id from blogs_fts where blogs_fts match ${`"${search.replace(/"/g, '""')}"`} limit ${SEARCH_PROBE}`
      : sql<{ id: number }>`select id from blogs where ${containsText("search_text", search)} limit ${SEARCH_PROBE}`;
  const { rows } = await probe.execute(db.kysely);
  if (rows.length === 0) return "none";
  if (rows.length >= SEARCH_PROBE) return like;
  return { condition: sql<SqlBool>`blogs.id in (${sql.join(rows.map((r) => Number(r.id)))})`, few: true };
}
