/**
 * Searching the knowledge index: the database's full-text search (SQLite FTS5 ranked with BM25, PostgreSQL tsvector
 * ranked with ts_rank_cd) finds candidates in the site's passages and, by a question's rarer words, the posts'; each
 * is then scored by how much of the question (weighted, stemmed) it holds and by what its heading names.
 */
import { sql } from "kysely";
import type { ChatTopicId } from "../../../shared/content/chat";
import type { Deps } from "../../context";
import type { Hit, Passage, PassageKind } from "./passages";
import { SITE_STEMS, stemOf, stemWeight, UNKNOWN_WEIGHT, VOCABULARY } from "./vocabulary";
import { contentStems, normalizeQuestion, stemSet, words } from "./text";
import { CACHE_POLICY } from "../cache-policy";

const CANDIDATES = 30;
/**
 * A word found in more post passages than this does not pick out a post (and
 * ranking every post that holds it costs more than it tells): posts are
 * searched by a question's rarer words only. The site's own passages are
 * always searched by every word.
 */
export const FREQUENT_IN_POSTS = 200;

type Scope = "site" | "post";
type HitRow = Omit<Passage, "kind" | "topic"> & { id: number; kind: string; topic: string | null; rank: number };

async function scopeSearch(deps: Pick<Deps, "db">, scope: Scope, terms: string[]): Promise<HitRow[]> {
  const db = deps.db.kysely;
  if (deps.db.dialect === "sqlite") {
    // Terms are letters and digits only, quoted: nothing in them is FTS syntax.
    const match = terms.map((t) => `"${t}"`).join(" OR ");
    const fts = sql.table(scope === "site" ? "knowledge_site_fts" : "knowledge_post_fts");
    // FTS5's own rank column (BM25 with the weights the migration set) lets it keep only the best rows.
    const { rows } = await sql<HitRow>`
      select p.id, p.kind, p.ref, p.title, p.heading, p.url, p.body, p.extra, p.topic, -f.rank as rank
      from (select rowid, rank from ${fts} where ${fts} match ${match} order by rank limit ${CANDIDATES}) f
      join knowledge_passages p on p.id = f.rowid
      order by f.rank`.execute(db);
    return rows;
  }
  const query = sql.join(
    terms.map((t) => sql`plainto_tsquery('english', ${t})`),
    sql` || `,
  );
  const where = scope === "site" ? sql`p.source_key = 'site'` : sql`p.kind = 'post'`;
  const { rows } = await sql<HitRow>`
    select p.id, p.kind, p.ref, p.title, p.heading, p.url, p.body, p.extra, p.topic,
           ts_rank_cd(p.tsv, q.query, 1) as rank
    from knowledge_passages p, (select ${query} as query) q
    where ${where} and p.tsv @@ q.query
    order by rank desc
    limit ${CANDIDATES}`.execute(db);
  return rows;
}

/**
 * How long a word's count among the posts is remembered (per database, in this process): it only decides whether the
 * word is rare enough to search the posts by, which one post more or less (published on another process) hardly
 * moves; this process's own reindexing forgets the counts at once.
 */
export const POST_FREQUENCY_TTL_MS = CACHE_POLICY.postFrequency.lifetimeMs;
const POST_FREQUENCY_TERMS = CACHE_POLICY.postFrequency.maxEntries;
type FrequencyMemo = Map<string, { n: number; at: number }>;
const postFrequencies = new WeakMap<object, FrequencyMemo>();

/** This process wrote a post's passages: the words' counts among the posts are read afresh. */
export function forgetPostCounts(db: object): void {
  postFrequencies.delete(db);
}

function frequencyMemo(db: object): FrequencyMemo {
  let memo = postFrequencies.get(db);
  if (!memo) {
    memo = new Map();
    postFrequencies.set(db, memo);
  }
  return memo;
}

/** How many post passages hold a word, counted up to just past FREQUENT_IN_POSTS (remembered POST_FREQUENCY_TTL_MS). */
async function postFrequency(deps: Pick<Deps, "db">, term: string, now = Date.now()): Promise<number> {
  const memo = frequencyMemo(deps.db);
  const held = memo.get(term);
  if (held && now - held.at < POST_FREQUENCY_TTL_MS) return held.n;
  const n = await countInPosts(deps, term);
  if (memo.size >= POST_FREQUENCY_TERMS) memo.delete(memo.keys().next().value!);
  memo.set(term, { n, at: now });
  return n;
}

async function countInPosts(deps: Pick<Deps, "db">, term: string): Promise<number> {
  const db = deps.db.kysely;
  const cap = FREQUENT_IN_POSTS + 1;
  const { rows } =
    deps.db.dialect === "sqlite"
      ? await sql<{ n: number }>`select count(*) as n from (
          select rowid from knowledge_post_fts where knowledge_post_fts match ${`"${term}"`} limit ${cap}) s`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from (
          select 1 from knowledge_passages where kind = 'post' and tsv @@ plainto_tsquery('english', ${term}) limit ${cap}) s`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Each scope's ranks scaled to its best (1), so the site's and the posts' can be compared. */
function scaled(rows: HitRow[]): HitRow[] {
  const best = Math.max(...rows.map((r) => Number(r.rank)), 0);
  return rows.map((r) => ({ ...r, rank: best > 0 ? Number(r.rank) / best : 0 }));
}

/** Site searches remembered per content version (the site's passages change only with it), by their terms. */
const SITE_SEARCHES = 1_000;
const siteSearches = new WeakMap<object, Map<string, Promise<HitRow[]>>>();

/** `held`: the index's state for the current content version (a new version, new memory), none to search afresh. */
function siteSearch(deps: Pick<Deps, "db">, terms: string[], held: object | undefined): Promise<HitRow[]> {
  if (!held) return scopeSearch(deps, "site", terms);
  let memo = siteSearches.get(held);
  if (!memo) {
    memo = new Map();
    siteSearches.set(held, memo);
  }
  const key = terms.join(" ");
  const found = memo.get(key);
  if (found) return found;
  const searched = scopeSearch(deps, "site", terms);
  if (memo.size >= SITE_SEARCHES) memo.delete(memo.keys().next().value!);
  memo.set(key, searched);
  // A failed search is not remembered.
  searched.catch(() => memo.delete(key));
  return searched;
}

async function candidates(deps: Pick<Deps, "db">, terms: string[], held: object | undefined): Promise<HitRow[]> {
  const site = await siteSearch(deps, terms, held);
  const rare: string[] = [];
  for (const term of terms.slice(0, 8)) {
    const n = await postFrequency(deps, term);
    if (n > 0 && n <= FREQUENT_IN_POSTS) rare.push(term);
  }
  const posts = rare.length > 0 ? await scopeSearch(deps, "post", rare) : [];
  return [...scaled(site), ...scaled(posts)];
}

/**
 * The passages that best answer a question, best first: the database ranks
 * candidates by full-text relevance; each is then scored by how much of the
 * question (weighted, stemmed) it contains.
 */
export async function rankedSearch(deps: Pick<Deps, "db">, question: string, held: object | undefined): Promise<Hit[]> {
  const { words: normalized } = normalizeQuestion(question, VOCABULARY);
  const stems = contentStems(normalized);
  if (stems.length === 0) return [];
  // Words the site uses everywhere find nearly every passage and rank little:
  // the database looks for the distinctive ones (all, when there are none).
  const distinctive = stems.filter((s) => stemWeight(s) === 1);
  const wanted = distinctive.length > 0 ? distinctive : stems;
  const terms = [...new Set(normalized.filter((w) => wanted.includes(stemOf(w))))].slice(0, 16);
  const rows = await candidates(deps, terms, held);
  const cache = stemSetCache(deps.db);
  // A word no passage uses (the site's nor a candidate's) counts little: it never sinks a strong match
  // ("refund milega agar pasand nahi aaya?"), but a question of such words alone finds nothing.
  const known = (s: string) => SITE_STEMS.has(s) || rows.some((r) => passageStems(cache, r).has(s));
  const weights = new Map(stems.map((s) => [s, known(s) ? stemWeight(s) : UNKNOWN_WEIGHT]));
  const total = stems.reduce((sum, s) => sum + weights.get(s)!, 0);
  const asked = [...new Set(words(question))];
  return rows
    .map((r) => {
      const have = passageStems(cache, r);
      const matched = stems.filter((s) => have.has(s));
      const coverage = matched.reduce((sum, s) => sum + weights.get(s)!, 0) / total;
      // The heading's stems first; the question's own words (common ones too) break ties.
      const named = headingStems(cache, r);
      const said = headingWords(cache, r);
      const phrase = stems.filter((s) => named.has(s)).length * 100 + asked.filter((w) => said.has(w)).length;
      const unknown = stems.filter((s) => weights.get(s) === UNKNOWN_WEIGHT).length;
      return { ...r, kind: r.kind as PassageKind, topic: (r.topic as ChatTopicId | null) ?? null, rank: Number(r.rank), coverage, matched, phrase, unknown };
    })
    // Equal coverage: the FAQ (written as answers) before pages and posts, then
    // the heading or phrasing closest to the question's own words, then the database's rank.
    .sort(
      (a, b) =>
        score(b) - score(a) ||
        b.coverage - a.coverage ||
        Math.floor(b.phrase / 100) - Math.floor(a.phrase / 100) ||
        Number(b.kind === "faq") - Number(a.kind === "faq") ||
        b.phrase - a.phrase ||
        b.rank - a.rank,
    );
}

/**
 * How well a passage answers: its coverage, plus a little for each of the question's words its heading names (up to
 * three), so a passage titled by the question ("What happens when the assistant does not know an answer?") outranks
 * one that holds one common word more in its body.
 */
const HEADING_BONUS = 0.05;
function score(h: { coverage: number; phrase: number }): number {
  return h.coverage + HEADING_BONUS * Math.min(3, Math.floor(h.phrase / 100));
}

/**
 * A passage's stems, remembered per database by passage id: a passage is
 * never changed in place (a reindex deletes and inserts, and ids are not
 * reused), so an id always means the same text.
 */
type StemCache = Map<number, Set<string>>;
const stemSets = new WeakMap<object, StemCache>();
const STEM_CACHE_PASSAGES = 20_000;

function stemSetCache(db: object): StemCache {
  return mapIn(stemSets, db);
}

/** The map kept under `key` in `weak`, made on first use. */
function mapIn<K extends object>(weak: WeakMap<K, StemCache>, key: K): StemCache {
  let map = weak.get(key);
  if (!map) {
    map = new Map();
    weak.set(key, map);
  }
  return map;
}

/** A passage's set from `map`, made by `make` on first use; the oldest dropped past STEM_CACHE_PASSAGES. */
function remembered(map: StemCache, id: number, make: () => Set<string>): Set<string> {
  let set = map.get(id);
  if (!set) {
    set = make();
    if (map.size >= STEM_CACHE_PASSAGES) map.delete(map.keys().next().value!);
    map.set(id, set);
  }
  return set;
}

function passageStems(cache: StemCache, r: Pick<HitRow, "id" | "heading" | "body" | "extra">): Set<string> {
  return remembered(cache, Number(r.id), () => stemSet(`${r.heading}\n${r.body}\n${r.extra}`));
}

const headingSets = new WeakMap<StemCache, StemCache>();

/** The stems of a passage's heading and other phrasings (what it says it is about), remembered like passageStems. */
function headingStems(cache: StemCache, r: Pick<HitRow, "id" | "heading" | "extra">): Set<string> {
  return remembered(mapIn(headingSets, cache), Number(r.id), () => stemSet(`${r.heading}\n${r.extra}`));
}

const headingWordSets = new WeakMap<StemCache, StemCache>();

/** The words of a passage's heading and other phrasings as written (for ties), remembered like passageStems. */
function headingWords(cache: StemCache, r: Pick<HitRow, "id" | "heading" | "extra">): Set<string> {
  return remembered(mapIn(headingWordSets, cache), Number(r.id), () => new Set(words(`${r.heading}\n${r.extra}`)));
}
