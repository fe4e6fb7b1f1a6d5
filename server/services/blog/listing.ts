import { sql } from "kysely";
import { BLOG_LIMITS } from "../../../shared/content/blog";
import type { Deps } from "../../context";
import { invalid } from "../errors";
import { withCoverImages } from "../media/covers";
import type { BlogQuery } from "./query";
import { PUBLISHED } from "./publication";
import { toBlog } from "./rows";
import { searchCondition } from "./search";
import { normaliseSearch } from "../text-search";
import type { BlogPage, BlogStats } from "./types";

/** Published posts, newest first, filtered by search (title, excerpt, tags, section text), category and featured. */
export async function listBlogs(deps: Deps, query: BlogQuery = {}): Promise<BlogPage> {
  const limit = query.limit ?? BLOG_LIMITS.pageSize;
  const search = normaliseSearch(query.search ?? "");
  const match = search ? await searchCondition(deps.db, search) : undefined;
  if (match === "none") return { data: [], pagination: { limit, ...(query.cursor ? {} : { page: query.page ?? 1 }), hasMore: false, nextCursor: null } };
  // A rare term's few ids (at most SEARCH_PROBE) are looked up by id and sorted: on SQLite, whose planner has no
  // statistics, a filter column written `+column` serves from no index, so no newest-first index is walked until a
  // page of them turns up (see SearchMatch). PostgreSQL's planner weighs the list itself.
  const byIds = match?.few === true && deps.db.dialect === "sqlite";
  const column = (name: "status" | "category" | "language") => (byIds ? sql<string>`+blogs.${sql.raw(name)}` : sql.ref<string>(`blogs.${name}`));
  const featured = byIds ? sql<number>`+blogs.featured` : sql.ref<number>("blogs.featured");
  let q = deps.db.kysely.selectFrom("blogs").where(column("status"), "=", PUBLISHED);
  if (query.category) q = q.where(column("category"), "=", query.category);
  if (query.featured) q = q.where(featured, "=", 1);
  if (query.language) q = q.where(column("language"), "=", query.language);
  if (query.exclude) q = q.where("slug", "!=", query.exclude);
  if (match) q = q.where(match.condition);
  let offset = 0;
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    q = q.where((eb) =>
      eb.or([eb("published_at", "<", c.publishedAt), eb.and([eb("published_at", "=", c.publishedAt), eb("id", "<", c.id)])]),
    );
  } else if (query.page && query.page > 1) {
    offset = (query.page - 1) * limit;
  }
  /** `count` rows of `base` from `skip`, newest first. */
  const pageRows = (base: typeof q, skip: number, count: number) =>
    skip || byIds
      ? // A numbered page far down: the ids are skipped along the index alone, then only the page's rows are read
        // (PostgreSQL otherwise reads and sorts every matching row once drafts thin out the status-first index).
        // A rare term's ids likewise: only ids and dates are sorted, not the candidates' whole rows.
        deps.db.kysely
          .selectFrom("blogs")
          .selectAll("blogs")
          .where("id", "in", base.select("blogs.id").orderBy("published_at", "desc").orderBy("id", "desc").limit(count).offset(skip))
          .orderBy("published_at", "desc")
          .orderBy("id", "desc")
          .execute()
      : base.selectAll("blogs").orderBy("published_at", "desc").orderBy("id", "desc").limit(count).execute();
  // The page's own language first (numbered pages only): its posts, then the others', each newest first, read as two
  // runs along the (status, language, published_at) index, so neither is sorted in full.
  const first = query.languageFirst && !query.cursor ? query.languageFirst : undefined;
  let rows: Awaited<ReturnType<typeof pageRows>>;
  if (first) {
    const own = q.where(column("language"), "=", first);
    // How many of the own language's posts come before the page and on it, never more: the page only needs to know
    // whether they reach past it. Counting every match instead read every matching row (a search every post matches:
    // ~65 ms at 20,000 posts, growing with the matches); this reads at most offset + limit + 1 ids (issue 47, item 7).
    const reach = offset + limit + 1;
    const ownCount = Number(
      (await deps.db.kysely.selectFrom(own.select("blogs.id").limit(reach).as("reached")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
    );
    const fromOwn = offset < ownCount ? await pageRows(own, offset, limit + 1) : [];
    const rest = limit + 1 - fromOwn.length;
    rows = rest > 0 ? [...fromOwn, ...(await pageRows(q.where(column("language"), "!=", first), Math.max(0, offset - ownCount), rest))] : fromOwn;
  } else {
    rows = await pageRows(q, offset, limit + 1);
  }
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: await withCoverImages(deps, page.map(toBlog)),
    pagination: {
      limit,
      ...(query.cursor ? {} : { page: query.page ?? 1 }),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor(Number(last.published_at), Number(last.id)) : null,
    },
  };
}

/** The place after the last post of a page, in the listing's order (newest first, then highest id). */
function encodeCursor(publishedAt: number, id: number): string {
  return Buffer.from(`${publishedAt}.${id}`).toString("base64url");
}

function decodeCursor(cursor: string): { publishedAt: number; id: number } {
  const match = /^(-?\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw invalid("cursor is not valid; use the nextCursor of a previous answer.", "cursor");
  return { publishedAt: Number(match[1]), id: Number(match[2]) };
}

/** Total Readers (sum of views), Total Likes and Articles, over every published post. */
export async function blogStats(deps: Deps): Promise<BlogStats> {
  const row = await deps.db.kysely
    .selectFrom("blogs")
    .select((eb) => [
      eb.fn.countAll<number>().as("articles"),
      eb.fn.coalesce(eb.fn.sum<number>("views"), sql<number>`0`).as("readers"),
      eb.fn.coalesce(eb.fn.sum<number>("likes"), sql<number>`0`).as("likes"),
    ])
    .where("status", "=", PUBLISHED)
    .executeTakeFirstOrThrow();
  return { readers: Number(row.readers), likes: Number(row.likes), articles: Number(row.articles) };
}
