import { type Expression, type SqlBool, sql } from "kysely";
import { BLOG_LIMITS } from "../../../shared/content/blog";
import { containsText } from "../like";
import type { Db } from "../../db/database";

/** C0 and C1 control characters (NUL included) and every kind of whitespace run. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SEARCH_SEPARATORS = /[\u0000-\u001f\u007f-\u009f\s]+/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The text a search looks for, whatever was typed: control characters (a NUL broke SQLite's FTS5 and
 * PostgreSQL's text) separate words like a space, runs of spaces become one, lone surrogates become U+FFFD,
 * lower-cased and at most `maxSearchLength` characters. Everything else, FTS5 syntax (`"`, `*`, `^`, `:`,
 * brackets, NEAR, AND/OR/NOT) and LIKE wildcards included, is plain text: `searchCondition` quotes the one and
 * escapes the other. `listBlogs` applies it to every search, so the API and the page share it.
 */
export function normaliseSearch(text: string): string {
  const plain = text.replace(LONE_SURROGATE, "\ufffd").replace(SEARCH_SEPARATORS, " ").trim().toLowerCase();
  return [...plain].slice(0, BLOG_LIMITS.maxSearchLength).join("").trimEnd();
}

/** Matches up to this many posts are read from the trigram index; more means a common term. */
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
export async function searchCondition(db: Db, search: string): Promise<Expression<SqlBool> | "none"> {
  const like = containsText("blogs.search_text", search);
  // Under 3 characters there is no trigram to look up.
  if ([...search].length < 3) return like;
  const probe =
    db.dialect === "sqlite"
      ? sql<{ id: number }>`select rowid as id from blogs_fts where blogs_fts match ${`"${search.replace(/"/g, '""')}"`} limit ${SEARCH_PROBE}`
      : sql<{ id: number }>`select id from blogs where ${containsText("search_text", search)} limit ${SEARCH_PROBE}`;
  const { rows } = await probe.execute(db.kysely);
  if (rows.length === 0) return "none";
  if (rows.length >= SEARCH_PROBE) return like;
  return sql<SqlBool>`blogs.id in (${sql.join(rows.map((r) => Number(r.id)))})`;
}
