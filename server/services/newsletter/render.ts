import { AUDIENCE_MESSAGES, NEWSLETTER_EMAIL, NEWSLETTER_ONE_CLICK_PATH } from "../../../shared/content/audience";
import { NEWSLETTER_EMAIL_HI } from "../../../shared/content/hi/audience";
import { type Locale, localePath } from "../../../shared/i18n";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import { notFound } from "../errors";
import { type EmailBlock, type EmailContent, postEmailBlocks, renderEmail } from "../mail-template";
import type { EffectiveSettings } from "../content/settings";
import { storedSections } from "../blog/rows";
import { coversFor } from "../media/covers";
import { inlinePicturesFor } from "../media/inline-pictures";
import { CACHE_POLICY } from "../cache-policy";

/**
 * What a newsletter issue says and the e-mail it becomes: the post frozen with absolute addresses, the e-mail's
 * blocks in the reader's language, the unsubscribe links and headers, and the per-issue caches delivery reads.
 */

export type IssueContent = {
  title: string;
  excerpt: string;
  url: string;
  image: string | null;
  /** The cover's alt text (the title when the post has none, or an issue frozen before it was kept). */
  imageAlt?: string;
  sections: { title: string; content: string[] }[];
  /** The library pictures the body shows, by media id: absolute addresses (decision 0034). */
  pictures?: Record<number, string>;
};

export type PostForNewsletter = { id: number; slug: string; title: string; excerpt: string; status: string; image: string | null; content: string };

export async function postFor(deps: Deps, blogId: number): Promise<PostForNewsletter> {
  if (!Number.isSafeInteger(blogId) || blogId <= 0) throw notFound(AUDIENCE_MESSAGES.postNotFound);
  const row = await deps.db.kysely
    .selectFrom("blogs")
    .select(["id", "slug", "title", "excerpt", "status", "image", "content"])
    .where("id", "=", blogId)
    .executeTakeFirst();
  if (!row) throw notFound(AUDIENCE_MESSAGES.postNotFound);
  return { ...row, id: Number(row.id) };
}

function absolute(deps: Deps, src: string | null): string | null {
  if (!src) return null;
  if (src.startsWith("/") && !src.startsWith("//")) return `${deps.config.PUBLIC_URL}${src}`;
  return src;
}

/** The post's address as a newsletter links to it: tagged so analytics counts the visits it brings (decision 0030). */
export function newsletterPostUrl(deps: Deps, slug: string): string {
  const campaign = encodeURIComponent(slug);
  return `${deps.config.PUBLIC_URL}/blog/${encodeURIComponent(slug)}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`;
}

/**
 * What an issue says, frozen when it is sent: the post's text, its cover (an uploaded one first: its WebP at the
 * cover's width, with its alt text) and the addresses of the library pictures its body shows, all absolute (an
 * e-mail has no page address to resolve a path against).
 */
export async function contentOf(deps: Deps, post: PostForNewsletter): Promise<IssueContent> {
  const sections = storedSections(post.content);
  const [covers, inline] = await Promise.all([coversFor(deps, [post.id]), inlinePicturesFor(deps, sections)]);
  const cover = covers[post.id];
  const pictures: Record<number, string> = {};
  for (const [id, picture] of Object.entries(inline)) pictures[Number(id)] = absolute(deps, picture.src)!;
  return {
    title: post.title,
    excerpt: post.excerpt,
    url: newsletterPostUrl(deps, post.slug),
    image: cover ? absolute(deps, cover.src) : absolute(deps, post.image),
    imageAlt: cover?.alt || post.title,
    sections,
    pictures,
  };
}

/** `locale`: the subscriber's language: the frame's words (read more, the footer) are in it; the post is as written. */
export function emailContent(content: IssueContent, unsubscribeUrl: string | undefined, locale: Locale = "en"): EmailContent {
  const blocks: EmailBlock[] = [{ kind: "heading", text: content.title }];
  if (content.image) blocks.push({ kind: "image", src: content.image, alt: content.imageAlt || content.title });
  if (content.excerpt) blocks.push({ kind: "paragraph", text: content.excerpt });
  for (const section of content.sections) {
    if (section.title) blocks.push({ kind: "subheading", text: section.title });
    blocks.push(...postEmailBlocks(section.content, content.pictures ?? {}));
  }
  blocks.push({ kind: "button", label: (locale === "hi" ? NEWSLETTER_EMAIL_HI : NEWSLETTER_EMAIL).readMore, url: content.url });
  return locale === "en" ? { blocks, unsubscribeUrl } : { blocks, unsubscribeUrl, locale };
}

/** The unsubscribe page of the subscriber's language (`/hi/newsletter/unsubscribe` for a Hindi subscriber). */
export function newsletterUnsubscribeUrl(deps: Deps, token: string, locale: Locale = "en"): string {
  return `${deps.config.PUBLIC_URL}${localePath("/newsletter/unsubscribe", locale)}?token=${token}`;
}

/** An address of this site in a language (`https://site/blog/x?utm…` → `https://site/hi/blog/x?utm…`); others as they are. */
export function localizedSiteUrl(deps: Deps, url: string, locale: Locale): string {
  const base = deps.config.PUBLIC_URL;
  if (!url.startsWith(`${base}/`)) return url;
  return `${base}${localePath(url.slice(base.length), locale)}`;
}

/** The one-click address of RFC 8058 (List-Unsubscribe): a POST there unsubscribes, a GET shows the page. */
export function oneClickUrl(deps: Deps, token: string): string {
  return `${deps.config.PUBLIC_URL}${NEWSLETTER_ONE_CLICK_PATH}?token=${token}`;
}

export function listUnsubscribeHeaders(deps: Deps, token: string): Record<string, string> {
  const mailto = deps.config.NEWSLETTER_UNSUBSCRIBE_MAILTO;
  const values = [`<${oneClickUrl(deps, token)}>`];
  if (mailto) values.push(`<mailto:${mailto}?subject=unsubscribe>`);
  return { "List-Unsubscribe": values.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

// Both caches are kept per database (a process serving two databases, or a test beside the server, never mixes their
// issues, whose ids repeat); entries are few and bounded, and an issue's content never changes once it is sent.
const contentCaches = new WeakMap<Db, Map<number, IssueContent>>();
function cacheIn<K, V>(caches: WeakMap<Db, Map<K, V>>, db: Db): Map<K, V> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The issue's frozen content, read once per issue (a few kept); null when the issue is gone. */
export async function issueContent(deps: Deps, issueId: number): Promise<IssueContent | null> {
  const cache = cacheIn(contentCaches, deps.db);
  const cached = cache.get(issueId);
  if (cached) return cached;
  const row = await deps.db.kysely.selectFrom("newsletter_issues").select("content").where("id", "=", issueId).executeTakeFirst();
  if (!row) return null;
  const content = JSON.parse(row.content) as IssueContent;
  if (cache.size > CACHE_POLICY.newsletterIssue.maxEntries) cache.clear();
  cache.set(issueId, content);
  return content;
}

/** Forgets an issue's cached content (a scheduled issue is frozen again when its send starts). */
export function forgetIssueContent(db: Db, issueId: number): void {
  contentCaches.get(db)?.delete(issueId);
}

// Rendered once per issue with a stand-in for the token, then only the token changes per message: the render and its
// escaping are not repeated ten thousand times while the same process serves pages.
const TOKEN_SLOT = "NEWSLETTERTOKENSLOT";
const renderedCaches = new WeakMap<Db, Map<string, { text: string[]; html: string[] }>>();

/** `settings`: the site's identity in the e-mail's frame (the owner's settings, read once per round); one render per language. */
export function personalParts(
  deps: Deps,
  issueId: number,
  content: IssueContent,
  token: string,
  settings: EffectiveSettings,
  locale: Locale,
): { text: string; html: string } {
  const renderedCache = cacheIn(renderedCaches, deps.db);
  // The site's address is part of every link in it.
  const key = `${issueId}:${settings.version}:${locale}:${deps.config.PUBLIC_URL}`;
  let rendered = renderedCache.get(key);
  if (!rendered) {
    // The post opens on the reader's language's page (`/hi/blog/…`): the site's frame around it in their language.
    const url = locale === "en" ? content.url : localizedSiteUrl(deps, content.url, locale);
    const parts = renderEmail(emailContent({ ...content, url }, newsletterUnsubscribeUrl(deps, TOKEN_SLOT, locale), locale), settings.site);
    rendered = { text: parts.text.split(TOKEN_SLOT), html: parts.html.split(TOKEN_SLOT) };
    if (renderedCache.size > CACHE_POLICY.newsletterIssue.maxEntries) renderedCache.clear();
    renderedCache.set(key, rendered);
  }
  return { text: rendered.text.join(token), html: rendered.html.join(token) };
}
