/**
 * The help assistant's knowledge: passages from every published post (one
 * per section), from the site's pages (home sections, about, contact
 * channels, the legal pages' points) and from the FAQ, in a full-text index
 * of the database (SQLite FTS5 ranked with BM25, PostgreSQL tsvector ranked
 * with ts_rank_cd). No outside service.
 *
 * Posts enter and leave the index only through reindexPost / removePost,
 * run by the blog's domain events (../events.ts: a post written or deleted,
 * posts moved to another category), to which followPosts subscribes the
 * index once at start (server/subscribers.ts); a post that is not published
 * is removed instead of indexed, so a draft can never be cited. The site's own
 * passages are built from the pages' and the FAQ's copy as published and
 * rebuilt when the content version moves (an owner's publish) or a new
 * deployment changed them.
 */
import { type Kysely, sql } from "kysely";
import type { Deps } from "../../context";
import { outsidePreview } from "../content/preview";
import { contentVersion } from "../content/version";
import type { Database } from "../../db/schema";
import { toIndexablePost } from "../blog/rows";
import { type IndexablePost, subscribe } from "../events";
import { type Hit, type Passage, postPassages, sitePassages } from "./passages";
import { publishedFaq, publishedPages } from "./published-passages";
import { forgetPostCounts, rankedSearch } from "./search";
import { learnWords, SITE_VERSION, versionOf } from "./vocabulary";

// ---------------------------------------------------------------------------
// Writing the index

type Db = Kysely<Database>;

function row(p: Passage, sourceKey: string, now: number) {
  return {
    kind: p.kind,
    source_key: sourceKey,
    ref: p.ref,
    title: p.title,
    heading: p.heading,
    url: p.url,
    body: p.body,
    extra: p.extra,
    topic: p.topic,
    updated_at: now,
  };
}

async function replaceSource(db: Db, sourceKey: string, passages: Passage[]): Promise<void> {
  await db.deleteFrom("knowledge_passages").where("source_key", "=", sourceKey).execute();
  const now = Date.now();
  for (let i = 0; i < passages.length; i += 100) {
    await db
      .insertInto("knowledge_passages")
      .values(passages.slice(i, i + 100).map((p) => row(p, sourceKey, now)))
      .execute();
  }
}

/**
 * Puts a post's passages in the index (replacing what it had), at once; a
 * post that is not published is taken out instead. Run for every post
 * written (created, edited, published, unpublished: followPosts).
 */
export async function reindexPost(deps: Pick<Deps, "db">, post: IndexablePost): Promise<void> {
  forgetPostCounts(deps.db);
  if (!post.published) return removePost(deps, post.id);
  await deps.db.kysely.transaction().execute((trx) => replaceSource(trx, `post:${post.id}`, postPassages(post)));
}

/** Takes a post out of the index (unpublished or deleted): it can no longer be cited. */
export async function removePost(deps: Pick<Deps, "db">, id: number): Promise<void> {
  forgetPostCounts(deps.db);
  await deps.db.kysely.deleteFrom("knowledge_passages").where("source_key", "=", `post:${id}`).execute();
}

/** The index carries each post's category as search words: posts moved to another category, if published, are indexed again. */
async function reindexPublished(deps: Pick<Deps, "db">, ids: readonly number[]): Promise<void> {
  for (let k = 0; k < ids.length; k += 200) {
    const rows = await deps.db.kysely
      .selectFrom("blogs")
      .select(["id", "slug", "title", "excerpt", "category", "tags", "content", "status"])
      .where("id", "in", ids.slice(k, k + 200))
      .where("status", "=", "published")
      .execute();
    for (const row of rows) await reindexPost(deps, toIndexablePost({ ...row, id: Number(row.id) }));
  }
}

/**
 * Keeps the index in step with every write of a post, so a change is answerable at once and an unpublished or
 * deleted post is never cited. Subscribed once at start by the composition root (server/subscribers.ts).
 */
export function followPosts(): void {
  subscribe("post.written", "knowledge", (deps, event) => reindexPost(deps, event.post));
  subscribe("post.deleted", "knowledge", (deps, event) => removePost(deps, event.id));
  subscribe("posts.recategorized", "knowledge", (deps, event) => reindexPublished(deps, event.ids));
}

type Ready = { version: string; done: Promise<void>; posts: boolean };
const ready = new WeakMap<object, Ready>();

/**
 * Makes sure the index holds the site's passages for the current content version (the pages and the FAQ as
 * published: what the owner publishes is answered from at once) and every stored post (posts written before the index existed).
 * Checked per question at the cost of the content version's memory (read at most once a second); the index is
 * rebuilt only when the passages changed.
 */
export async function ensureKnowledge(deps: Pick<Deps, "db">): Promise<void> {
  let version: string;
  try {
    version = await contentVersion(deps.db);
  } catch {
    version = ready.get(deps.db)?.version ?? "unknown";
  }
  let held = ready.get(deps.db);
  if (!held || held.version !== version) {
    const posts = held?.posts ?? false;
    // One rebuild at a time per database in a process: two quick publishes never interleave their rewrites.
    const before = held?.done.catch(() => undefined) ?? Promise.resolve();
    const entry: Ready = {
      version,
      posts: true,
      // Outside a staff member's preview render (a question asked on a previewed page): the index is everyone's,
      // so it is built from the published copy, never a draft.
      done: outsidePreview(() => before.then(() => syncKnowledge(deps, !posts))).catch((error: unknown) => {
        if (ready.get(deps.db) === entry) ready.delete(deps.db);
        throw error;
      }),
    };
    ready.set(deps.db, entry);
    held = entry;
  }
  return held.done;
}

async function syncKnowledge(deps: Pick<Deps, "db">, withPosts: boolean): Promise<void> {
  const db = deps.db.kysely;
  const [faq, pages] = await Promise.all([publishedFaq(deps), publishedPages(deps)]);
  const passages = sitePassages(faq, pages);
  const siteVersion = versionOf(passages);
  if (siteVersion !== SITE_VERSION) learnWords(passages);
  const state = await db.selectFrom("knowledge_state").select("value").where("key", "=", "site").executeTakeFirst();
  if (state?.value !== siteVersion) {
    await db.transaction().execute(async (trx) => {
      await replaceSource(trx, "site", passages);
      await trx.deleteFrom("knowledge_state").where("key", "=", "site").execute();
      await trx.insertInto("knowledge_state").values({ key: "site", value: siteVersion }).execute();
    });
  }
  if (!withPosts) return;
  // Published posts stored before the index existed (any other post is never indexed).
  const missing = await db
    .selectFrom("blogs")
    .select(["id", "slug", "title", "excerpt", "category", "tags", "content", "status"])
    .where("status", "=", "published")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("knowledge_passages")
            .select(sql`1`.as("one"))
            .whereRef("knowledge_passages.source_key", "=", sql<string>`${sql.lit("post:")} || cast(blogs.id as varchar(20))`),
        ),
      ),
    )
    .execute();
  for (const post of missing) await reindexPost(deps, toIndexablePost(post));
}

/**
 * The passages that best answer a question, best first (search.ts), from an index made current first (ensureKnowledge).
 */
export async function searchKnowledge(deps: Pick<Deps, "db">, question: string): Promise<Hit[]> {
  await ensureKnowledge(deps);
  return rankedSearch(deps, question, ready.get(deps.db));
}

export type { Citation, Hit, Passage, PassageKind } from "./passages";
export { citationOf, defaultPageCopies, faqPassages, sitePassages } from "./passages";
export { hindiPassages, publishedFaqPassages, publishedPages } from "./published-passages";
export { siteUses, stemWeight, VOCABULARY } from "./vocabulary";
