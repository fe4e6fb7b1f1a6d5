/**
 * The help assistant's knowledge: passages from every published post (one
 * per section), from the site's pages (home sections, about, contact
 * channels, the legal pages' points) and from the FAQ, in a full-text index
 * of the database (SQLite FTS5 ranked with BM25, PostgreSQL tsvector ranked
 * with ts_rank_cd). No outside service.
 *
 * Posts enter and leave the index only through reindexPost / removePost,
 * which the code that writes posts calls; a post that is not published is
 * removed instead of indexed, so a draft can never be cited. The site's own
 * passages are built from the pages' and the FAQ's copy as published and
 * rebuilt when the content version moves (an owner's publish) or a new
 * deployment changed them.
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { CHAT_RULES, CHAT_SOURCE_LABELS, type ChatTopicId, INDUSTRY_WORDS } from "../../../shared/content/chat";
import { CHAT_SOURCE_LABELS_HI, CONTACT_TITLE_HI, HOME_TITLE_HI } from "../../../shared/content/hi/chat";
import { type Locale, localePath } from "../../../shared/i18n";
import { CONTACT_CARDS, SUPPORT_CHANNELS } from "../../../shared/content/contact";
import { FAQ } from "../../../shared/content/faq";
import { COMPARISON } from "../../../shared/content/home";
import { PRODUCT } from "../../../shared/content/site";
import { ABOUT_DOC, type AboutCopy } from "../../../shared/copy/about";
import { CONTACT_DOC, type ContactCopy } from "../../../shared/copy/contact";
import { FAQ_DOC, faqEntries } from "../../../shared/copy/faq";
import { HOME_DOC, type HomeCopy } from "../../../shared/copy/home";
import { type LegalCopy, PRIVACY_DOC, REFUND_DOC, sectionAnchor, TERMS_DOC } from "../../../shared/copy/legal";
import type { Deps } from "../../context";
import { readCopy } from "../content/copy";
import { outsidePreview } from "../content/preview";
import { contentVersion } from "../content/version";
import type { Database } from "../../db/schema";
import { toIndexablePost } from "../blog/rows";
import type { IndexablePost } from "../blog/types";
import { contentStems, normalizeQuestion, stem, stemSet, synonym, Vocabulary, words } from "./text";

export type PassageKind = "post" | "page" | "faq";

export type Passage = {
  kind: PassageKind;
  ref: string;
  title: string;
  heading: string;
  url: string;
  body: string;
  extra: string;
  topic: ChatTopicId | null;
};

export type Hit = Passage & {
  id: number;
  /** The database's rank (BM25 or ts_rank_cd) scaled to the best of its scope (site or posts): 0–1, higher is better. */
  rank: number;
  /** Share (0–1) of the question's weighted content words the passage contains. */
  coverage: number;
  /** Which of the question's stems the passage contains. */
  matched: string[];
  /** How many of the question's stems its heading or other phrasings hold. */
  phrase: number;
  /** How many of the question's words no passage uses. */
  unknown: number;
};

/** A citation as the chat shows it: a label and a same-site link. */
export type Citation = { label: string; url: string };

// ---------------------------------------------------------------------------
// The site's own passages

/** How the site's passages name their pages, per language (the English names are what the index has always held). */
const PASSAGE_LABELS: Record<Locale, { home: string; contact: string; faqTitle: string }> = {
  en: { home: "Home", contact: "Contact", faqTitle: CHAT_SOURCE_LABELS.faqTitle },
  hi: { home: HOME_TITLE_HI, contact: CONTACT_TITLE_HI, faqTitle: CHAT_SOURCE_LABELS_HI.faqTitle },
};

const page = (ref: string, title: string, heading: string, url: string, body: string, topic: ChatTopicId | null = null): Passage => ({
  kind: "page",
  ref: `page:${ref}`,
  title,
  heading,
  url,
  body,
  // The page's title is searched too ("refund policy"), not shown.
  extra: title,
  topic,
});

const lines = (items: ReadonlyArray<{ title: string; text: string }>) => items.map((i) => `${i.title}: ${i.text}`).join("\n");

/** An FAQ entry as the owner publishes it (FAQ_DOC): `also` is one phrasing per line. */
export type FaqCopyEntry = { question: string; answer: string; also: string };

const DEFAULT_FAQ: FaqCopyEntry[] = FAQ.map((e) => ({ question: e.question, answer: e.answer, also: e.also.join("\n") }));

/**
 * The FAQ's passages, from the published entries (the defaults on a fresh install), with the ids the home page
 * anchors them by (faqEntries: an original question keeps its id and topic).
 */
export function faqPassages(entries: readonly FaqCopyEntry[] = DEFAULT_FAQ, locale: Locale = "en"): Passage[] {
  // Ids over the whole list, as the page gives them; an entry without question or answer is not searched.
  return faqEntries({ entries: entries.map((e) => ({ ...e, also: e.also ?? "" })) })
    .filter((e) => e.question.trim() !== "" && e.answer.trim() !== "")
    .map(
    (entry): Passage => ({
      kind: "faq",
      ref: `faq:${entry.id}`,
      title: PASSAGE_LABELS[locale].faqTitle,
      heading: entry.question,
      url: `/#faq-${entry.id}`,
      body: entry.answer,
      extra: entry.also.join("\n"),
      topic: FAQ.find((f) => f.id === entry.id)?.topic ?? null,
    }),
  );
}

/** The published copy of the pages the assistant answers from (each document's defaults on a fresh install). */
export type PageCopies = {
  home: HomeCopy;
  about: AboutCopy;
  contact: ContactCopy;
  legal: ReadonlyArray<{ path: string; copy: LegalCopy }>;
};

/** The legal pages and where they live (their sections' anchors follow the path). */
const LEGAL_DOCS = [
  { path: "/privacy", doc: PRIVACY_DOC },
  { path: "/terms", doc: TERMS_DOC },
  { path: "/refund", doc: REFUND_DOC },
] as const;

/** Every page's defaults: what a fresh install shows. */
export function defaultPageCopies(): PageCopies {
  return {
    home: HOME_DOC.defaults("en"),
    about: ABOUT_DOC.defaults("en"),
    contact: CONTACT_DOC.defaults("en"),
    legal: LEGAL_DOCS.map(({ path, doc }) => ({ path, copy: doc.defaults("en") })),
  };
}

/** A built-in item keeps its reference (`contact-whatsapp`); one the owner added is numbered. */
const idAt = (ids: readonly string[], i: number, prefix: string) => ids[i] ?? `${prefix}${i + 1}`;
const CHANNEL_IDS = SUPPORT_CHANNELS.map((c) => c.id);
const CARD_IDS = CONTACT_CARDS.map((c) => c.id);
const comparisonValue = (v: string) => (COMPARISON.values as Record<string, string>)[v] ?? v;

/**
 * Every passage of the site's pages and FAQ, from the copy as published (the built-in FAQ and each page's defaults
 * when not given): the home page's sections, about, the contact cards and channels, the legal pages' sections.
 * Citations link to the same pages and anchors as the pages show (a legal section by its anchor).
 */
export function sitePassages(faq: readonly FaqCopyEntry[] = DEFAULT_FAQ, pages: PageCopies = defaultPageCopies(), locale: Locale = "en"): Passage[] {
  const h = pages.home;
  const labels = PASSAGE_LABELS[locale];
  const home = labels.home;
  const about = pages.about;
  const aboutTitle = about.seo.title;
  const contact = pages.contact;
  const passages: Passage[] = [
    ...faqPassages(faq, locale),
    page("home-hero", home, h.hero.eyebrow, "/", `${h.hero.description}\n${h.hero.trust.join(". ")}.`),
    page("home-pain", home, h.painPoints.heading, "/", `${h.painPoints.intro}\n${lines(h.painPoints.cards)}`),
    page("home-promise", home, h.promise.heading, "/", h.promise.text),
    page("home-benefits", home, h.benefits.heading, "/", `${h.benefits.intro}\n${lines(h.benefits.cards)}`, "workflow"),
    page("home-metrics", home, h.metrics.heading, "/", `${h.metrics.intro}\n${h.metrics.items.map((m) => `${m.value} ${m.label}`).join("\n")}`, "productivity"),
    ...h.audience.slides.map((s) =>
      page(`home-audience-${words(s.industry).join("-")}`, home, `${h.audience.heading}: ${s.industry}`, "/", `${s.after} ${s.outcome}.`),
    ),
    {
      ...page("home-testimonials", home, h.testimonials.heading, "/", h.testimonials.items.map((t) => `${t.name} (${t.role}): \u201c${t.quote}\u201d`).join("\n")),
      extra: "reviews testimonials what customers clients say feedback ratings happy customers",
    },
    {
      ...page(
        "home-comparison",
        home,
        h.comparison.heading,
        "/",
        `${h.comparison.intro}\n${h.comparison.rows
          .map((r) => `${r.feature}: ${r.values.map((v, i) => `${h.comparison.columns[i] ?? ""} ${comparisonValue(v).toLowerCase()}`).join(", ")}`)
          .join("\n")}`,
      ),
      extra: "compare comparison better than difference versus vs whatsapp crm ai bot tools freelancers why choose competitor competitors alternative",
    },
    {
      ...page("home-core", home, h.wiseCore.heading, "/", `${h.wiseCore.text}\n${h.wiseCore.trainedOnLabel}: ${h.wiseCore.trainedOn.join(", ")}.`, "ai"),
      extra: "what is wise core, the engine, the brain behind the assistant",
    },
    page("home-steps", home, h.steps.heading, "/", `${h.steps.intro}\n${lines(h.steps.items)}`, "getting_started"),
    page("home-kit", home, h.kit.heading, "/", `${h.kit.intro}\n${lines(h.kit.items)}`, "templates"),
    page("home-available", home, h.availableFor.heading, "/", `${h.availableFor.items.join(", ")}.`, "templates"),
    page("about-mission", aboutTitle, about.intro.missionHeading, "/about", about.intro.mission),
    page("about-story", aboutTitle, about.story.heading, "/about", about.story.paragraphs.join("\n")),
    page("about-values", aboutTitle, about.values.heading, "/about", lines(about.values.items)),
    page("about-based", aboutTitle, about.based.heading, "/about", about.based.text),
    ...contact.support.channels.map((c, i) =>
      page(
        `contact-${idAt(CHANNEL_IDS, i, "channel-")}`,
        labels.contact,
        c.title,
        "/contact",
        `${c.description} Availability: ${c.availability}. Response time: ${c.responseTime}.`,
        "support",
      ),
    ),
    ...contact.cards.items.map((c, i) =>
      page(`contact-card-${idAt(CARD_IDS, i, "")}`, labels.contact, c.title, "/contact", `${c.description}${c.detail ? ` ${c.detail}.` : ""}`, "support"),
    ),
    ...pages.legal.flatMap(({ path, copy }) =>
      copy.sections.map((s, i) => {
        const anchor = sectionAnchor(s, i);
        return page(
          `${path.slice(1)}-${anchor}`,
          copy.seo.title,
          s.heading,
          `${path}#${anchor}`,
          [...s.paragraphs, ...s.points.map((p) => `\u2022 ${p}`), ...s.closing].join("\n"),
        );
      }),
    ),
  ];
  // A heading or text the owner left empty is not searched.
  return passages.filter((p) => p.kind !== "page" || `${p.heading}${p.body}`.trim() !== "");
}

/** A post's passages: one per section; the first also carries the excerpt, the tags and the category as search words. */
export function postPassages(post: IndexablePost): Passage[] {
  return post.sections
    .filter((s) => s.content.some((p) => p.trim() !== ""))
    .map((s, i) => ({
      kind: "post",
      ref: `post:${post.id}:${i}`,
      title: post.title,
      heading: s.title,
      url: `/blog/${post.slug}`,
      body: s.content.join("\n"),
      extra: i === 0 ? [post.title, post.excerpt, post.category, ...post.tags].join("\n") : `${post.title}\n${post.tags.join(" ")}`,
      topic: null,
    }));
}

const SITE_PASSAGES = sitePassages();
const versionOf = (passages: Passage[]) => createHash("sha256").update(JSON.stringify(passages)).digest("hex").slice(0, 32);
const SITE_VERSION = versionOf(SITE_PASSAGES);

/** The words misspellings are corrected towards: the site's own pages, FAQ, rules and industries. */
export const VOCABULARY = new Vocabulary([
  ...SITE_PASSAGES.flatMap((p) => [p.heading, p.body, p.extra]),
  ...CHAT_RULES.flatMap((r) => r.keywords.map((k) => k.replace("*", ""))),
  ...Object.values(INDUSTRY_WORDS).flat(),
  "pricing prices language languages whatsapp refund privacy integration integrations demo setup templates",
]);

/**
 * How much a stem counts towards coverage: words the site uses everywhere
 * ("business", "customer") count less than words that pick out a subject.
 */
const SITE_STEM_SETS = SITE_PASSAGES.map((p) => stemSet(`${p.heading}\n${p.body}\n${p.extra}`));
const commonStems = new Set<string>();
{
  const counts = new Map<string, number>();
  for (const set of SITE_STEM_SETS) for (const s of set) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [s, n] of counts) if (n / SITE_STEM_SETS.length >= 0.25) commonStems.add(s);
}
for (const s of ["wise", "parrot", "business", "customer", "assistant", "product", "servic", "team", "site", "website", "help"]) {
  commonStems.add(s);
}

/** Every stem the site's own passages use. */
const SITE_STEMS = new Set(SITE_STEM_SETS.flatMap((set) => [...set]));
/** True when the site's own passages use the word (or its stem). */
export function siteUses(word: string): boolean {
  return SITE_STEMS.has(stemOf(word)) || SITE_STEMS.has(stem(synonym(word)));
}

/** How much a word no passage uses counts towards coverage. */
const UNKNOWN_WEIGHT = 0.3;

export function stemWeight(stem: string): number {
  return commonStems.has(stem) ? 0.35 : 1;
}

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
 * post that is not published is taken out instead. Call it wherever a post
 * is created, edited, published or unpublished.
 */
export async function reindexPost(deps: Pick<Deps, "db">, post: IndexablePost): Promise<void> {
  postFrequencies.delete(deps.db);
  if (!post.published) return removePost(deps, post.id);
  await deps.db.kysely.transaction().execute((trx) => replaceSource(trx, `post:${post.id}`, postPassages(post)));
}

/** Takes a post out of the index (unpublished or deleted): it can no longer be cited. */
export async function removePost(deps: Pick<Deps, "db">, id: number): Promise<void> {
  postFrequencies.delete(deps.db);
  await deps.db.kysely.deleteFrom("knowledge_passages").where("source_key", "=", `post:${id}`).execute();
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

/** The FAQ's passages as published now (their refs are what the question log's topics name). */
export async function publishedFaqPassages(deps: Pick<Deps, "db">): Promise<Passage[]> {
  return faqPassages(await publishedFaq(deps));
}

/** The FAQ as published now (the built-in entries when none is, or the copy cannot be read). */
async function publishedFaq(deps: Pick<Deps, "db">, locale: Locale = "en"): Promise<FaqCopyEntry[]> {
  try {
    return (await readCopy(deps, FAQ_DOC, locale)).entries;
  } catch {
    return locale === "en" ? DEFAULT_FAQ : FAQ_DOC.defaults(locale).entries;
  }
}

/**
 * The pages' copy as published now (readCopy: once per content version, the last copy read during an outage, the
 * defaults for a document never read).
 */
export async function publishedPages(deps: Pick<Deps, "db">, locale: Locale = "en"): Promise<PageCopies> {
  const [home, about, contact, ...legal] = await Promise.all([
    readCopy(deps, HOME_DOC, locale),
    readCopy(deps, ABOUT_DOC, locale),
    readCopy(deps, CONTACT_DOC, locale),
    ...LEGAL_DOCS.map(({ doc }) => readCopy(deps, doc, locale)),
  ]);
  return { home: home!, about: about!, contact: contact!, legal: LEGAL_DOCS.map(({ path }, i) => ({ path, copy: legal[i]! })) } as PageCopies;
}

/** The words and stems of rebuilt passages join the spelling vocabulary and the site's words (never removed: cheap). */
function learnWords(passages: readonly Passage[]): void {
  for (const p of passages) {
    const text = `${p.heading}\n${p.body}\n${p.extra}`;
    for (const w of words(text)) VOCABULARY.add(w);
    for (const s of stemSet(text)) SITE_STEMS.add(s);
  }
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

// ---------------------------------------------------------------------------
// Searching

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
export const POST_FREQUENCY_TTL_MS = 60_000;
const POST_FREQUENCY_TERMS = 5_000;
type FrequencyMemo = Map<string, { n: number; at: number }>;
const postFrequencies = new WeakMap<object, FrequencyMemo>();

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
const siteSearches = new WeakMap<Ready, Map<string, Promise<HitRow[]>>>();

function siteSearch(deps: Pick<Deps, "db">, terms: string[]): Promise<HitRow[]> {
  const held = ready.get(deps.db);
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

async function candidates(deps: Pick<Deps, "db">, terms: string[]): Promise<HitRow[]> {
  const site = await siteSearch(deps, terms);
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
export async function searchKnowledge(deps: Pick<Deps, "db">, question: string): Promise<Hit[]> {
  await ensureKnowledge(deps);
  const { words: normalized } = normalizeQuestion(question, VOCABULARY);
  const stems = contentStems(normalized);
  if (stems.length === 0) return [];
  // Words the site uses everywhere find nearly every passage and rank little:
  // the database looks for the distinctive ones (all, when there are none).
  const distinctive = stems.filter((s) => stemWeight(s) === 1);
  const wanted = distinctive.length > 0 ? distinctive : stems;
  const terms = [...new Set(normalized.filter((w) => wanted.includes(stemOf(w))))].slice(0, 16);
  const rows = await candidates(deps, terms);
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
  let cache = stemSets.get(db);
  if (!cache) {
    cache = new Map();
    stemSets.set(db, cache);
  }
  return cache;
}

function passageStems(cache: StemCache, r: Pick<HitRow, "id" | "heading" | "body" | "extra">): Set<string> {
  const id = Number(r.id);
  let set = cache.get(id);
  if (!set) {
    set = stemSet(`${r.heading}\n${r.body}\n${r.extra}`);
    if (cache.size >= STEM_CACHE_PASSAGES) cache.delete(cache.keys().next().value!);
    cache.set(id, set);
  }
  return set;
}

const headingSets = new WeakMap<StemCache, Map<number, Set<string>>>();

/** The stems of a passage's heading and other phrasings (what it says it is about), remembered like passageStems. */
function headingStems(cache: StemCache, r: Pick<HitRow, "id" | "heading" | "extra">): Set<string> {
  let map = headingSets.get(cache);
  if (!map) {
    map = new Map();
    headingSets.set(cache, map);
  }
  const id = Number(r.id);
  let set = map.get(id);
  if (!set) {
    set = stemSet(`${r.heading}\n${r.extra}`);
    if (map.size >= STEM_CACHE_PASSAGES) map.delete(map.keys().next().value!);
    map.set(id, set);
  }
  return set;
}

const headingWordSets = new WeakMap<StemCache, Map<number, Set<string>>>();

/** The words of a passage's heading and other phrasings as written (for ties), remembered like passageStems. */
function headingWords(cache: StemCache, r: Pick<HitRow, "id" | "heading" | "extra">): Set<string> {
  let map = headingWordSets.get(cache);
  if (!map) {
    map = new Map();
    headingWordSets.set(cache, map);
  }
  const id = Number(r.id);
  let set = map.get(id);
  if (!set) {
    set = new Set(words(`${r.heading}\n${r.extra}`));
    if (map.size >= STEM_CACHE_PASSAGES) map.delete(map.keys().next().value!);
    map.set(id, set);
  }
  return set;
}

function stemOf(word: string): string {
  return contentStems([word])[0] ?? "";
}

/**
 * How a citation reads: "From our blog: <title>", "FAQ: <question>", "<page>: <section>". In Hindi (a passage of
 * `hindiPassages`) the labels are Hindi and the link is the page's Hindi address (`/hi#faq-pricing`).
 */
export function citationOf(p: Pick<Passage, "kind" | "title" | "heading" | "url">, locale: Locale = "en"): Citation {
  const labels = locale === "hi" ? CHAT_SOURCE_LABELS_HI : CHAT_SOURCE_LABELS;
  const label =
    p.kind === "post"
      ? `${labels.blog}: ${p.title}`
      : p.kind === "faq"
        ? `${labels.faq}: ${p.heading}`
        : p.title === PASSAGE_LABELS[locale].home
          ? `${PRODUCT}: ${p.heading}`
          : `${p.title}: ${p.heading}`;
  return { label, url: localePath(p.url, locale) };
}

// ---------------------------------------------------------------------------
// The site's passages in Hindi (issue 33, decision 0033)

type HindiMemo = { copies: readonly unknown[]; byRef: Map<string, Passage> };
const hindiMemos = new WeakMap<object, HindiMemo>();

/**
 * The site's passages in Hindi, by the reference of the English passage they translate: the FAQ and the pages as
 * published in Hindi (readCopy(…, "hi"): the owner's Hindi, the shipped Hindi while the English is unchanged, else
 * the English). The index is searched in English (a Hindi question is read through text.ts's word map); an answer
 * in Hindi quotes the passage of the same reference from here. Passages pair by position (a translation has the
 * English list's length), by reference when the lengths differ. Rebuilt only when a copy changed (readCopy returns
 * the same objects within a content version).
 */
export async function hindiPassages(deps: Pick<Deps, "db">): Promise<Map<string, Passage>> {
  const [faqEn, faqHi, pagesEn, pagesHi] = await Promise.all([
    publishedFaq(deps, "en"),
    publishedFaq(deps, "hi"),
    publishedPages(deps, "en").catch(() => defaultPageCopies()),
    publishedPages(deps, "hi").catch(() => defaultPageCopiesIn("hi")),
  ]);
  const copies = [faqEn, faqHi, pagesEn.home, pagesEn.about, pagesEn.contact, ...pagesEn.legal.map((l) => l.copy), pagesHi.home, pagesHi.about, pagesHi.contact, ...pagesHi.legal.map((l) => l.copy)];
  const held = hindiMemos.get(deps.db);
  if (held && held.copies.length === copies.length && held.copies.every((c, i) => c === copies[i])) return held.byRef;
  const english = sitePassages(faqEn, pagesEn);
  const hindi = sitePassages(faqHi, pagesHi, "hi");
  const byRef = new Map<string, Passage>();
  if (english.length === hindi.length) english.forEach((p, i) => byRef.set(p.ref, hindi[i]!));
  else for (const p of hindi) byRef.set(p.ref, p);
  hindiMemos.set(deps.db, { copies, byRef });
  return byRef;
}

function defaultPageCopiesIn(locale: Locale): PageCopies {
  return {
    home: HOME_DOC.defaults(locale),
    about: ABOUT_DOC.defaults(locale),
    contact: CONTACT_DOC.defaults(locale),
    legal: LEGAL_DOCS.map(({ path, doc }) => ({ path, copy: doc.defaults(locale) })),
  };
}
