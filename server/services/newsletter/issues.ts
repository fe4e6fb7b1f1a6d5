import { EventEmitter } from "node:events";
import { sql } from "kysely";
import { AUDIENCE_MESSAGES, AUDIENCE_RULES, NEWSLETTER_EMAIL, NEWSLETTER_ONE_CLICK_PATH } from "../../../shared/content/audience";
import type { Deps } from "../../context";
import { conflict, invalid, notFound, rateLimited } from "../errors";
import { intervalWorker, type KickableWorker } from "../interval-worker";
import { closePooledTransport, domainOf, enqueueMail, isPermanentSmtpFailure, MAIL_RETRY, safeReplyTo, send } from "../mail/outbox";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES } from "../../../shared/content/audience-tools";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { afterFailure, claimDue, failureText, holdLease, writeOutcome } from "../outbox";
import { type EmailBlock, type EmailContent, postEmailBlocks, renderEmail } from "../mail-template";
import { type EffectiveSettings, senderFrom, siteSettings } from "../content/settings";
import { hitRateLimit } from "../rate-limit";
import type { Actor } from "../audit";
import { recordAudit } from "../audit";
import { hashToken, newToken } from "../tokens";
import { storedSections } from "../blog/rows";
import { NEWSLETTER_EMAIL_HI } from "../../../shared/content/hi/audience";
import { type Locale, isLocale, localePath } from "../../../shared/i18n";
import { coversFor } from "../media/covers";
import { inlinePicturesFor } from "../media/inline-pictures";
import { assertFreshSecondFactor } from "../step-up";

/**
 * Newsletters: a published post sent to the confirmed subscribers.
 *
 * - One issue per post (unique `blog_id`): a second click, another tab or another process finds the first issue.
 * - The issue and its messages are written in one transaction, the messages by one INSERT … SELECT over the
 *   confirmed subscribers, each under the key `newsletter:<issue>:<subscriber>` (unique in the outbox): exactly one
 *   message per subscriber and issue, whoever queues it and however often.
 * - MAIL_SEND_RATE_PER_MINUTE spreads the messages' due times when they are queued, so every process shares the rate.
 * - A message is made personal when it goes out: the subscriber is read again (unsubscribed or removed since: nothing
 *   is sent), and a fresh unsubscribe link, valid for a year, is stored for it.
 * - A claim is a lease (as in the outbox), renewed while its holder works through the batch: a slow SMTP server or a
 *   starved process keeps its messages. The claim's attempt count fences every mark: a holder frozen past its lease
 *   finds, at the next message, that another process took it, and neither sends it nor marks it. A process killed
 *   after the SMTP server took a message and before it was recorded sends that one message again once the lease runs
 *   out (with the same Message-ID); that window is the only way to get two.
 */

export const NEWSLETTER_KIND = "newsletter";
/** How long a claimed newsletter message belongs to the process sending it. */
export const NEWSLETTER_CLAIM_LEASE_MS = 60_000;
const BATCH = 100;

/** Wakes this process's delivery loop when a send was queued. */
export const newsletterEvents = new EventEmitter();
newsletterEvents.setMaxListeners(50);

type IssueContent = {
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

type PostForNewsletter = { id: number; slug: string; title: string; excerpt: string; status: string; image: string | null; content: string };

async function postFor(deps: Deps, blogId: number): Promise<PostForNewsletter> {
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
async function contentOf(deps: Deps, post: PostForNewsletter): Promise<IssueContent> {
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
function emailContent(content: IssueContent, unsubscribeUrl: string | undefined, locale: Locale = "en"): EmailContent {
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
function localizedSiteUrl(deps: Deps, url: string, locale: Locale): string {
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

/** Confirmed subscribers, or those of them carrying any of `labels` (an empty list: everyone). */
export async function confirmedCount(deps: Pick<Deps, "db">, labels: readonly string[] = []): Promise<number> {
  let q = deps.db.kysely
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "confirmed");
  if (labels.length) q = q.where("id", "in", (eb) => eb.selectFrom("subscriber_labels").select("subscriber_id").where("label", "in", [...labels]));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewsletterPreview = {
  post: { id: number; title: string; slug: string; status: string };
  subject: string;
  text: string;
  html: string;
  confirmed: number;
  /** The issue this post was already sent as, if any. */
  issueId: number | null;
};

/** The e-mail exactly as a subscriber will get it (with a stand-in unsubscribe link), and how many would get it. */
export async function previewNewsletter(deps: Deps, blogId: number, labels: readonly string[] = [], locale: Locale = "en"): Promise<NewsletterPreview> {
  const post = await postFor(deps, blogId);
  // The copy a subscriber of `locale` gets (issue 44): the frame's words, the post's and unsubscribe addresses in it.
  const content = await contentOf(deps, post);
  const url = locale === "en" ? content.url : localizedSiteUrl(deps, content.url, locale);
  const parts = renderEmail(emailContent({ ...content, url }, newsletterUnsubscribeUrl(deps, "PREVIEW", locale), locale), (await siteSettings(deps)).site);
  const issue = await deps.db.kysely.selectFrom("newsletter_issues").select("id").where("blog_id", "=", post.id).executeTakeFirst();
  return {
    post: { id: post.id, title: post.title, slug: post.slug, status: post.status },
    subject: post.title,
    ...parts,
    confirmed: await confirmedCount(deps, labels),
    issueId: issue ? Number(issue.id) : null,
  };
}

/** Sends the newsletter to the staff member alone, marked as a test; its unsubscribe link leads nowhere. */
export async function sendTestNewsletter(deps: Deps, blogId: number, actor: Actor & { email: string }): Promise<void> {
  const post = await postFor(deps, blogId);
  const hit = await hitRateLimit(deps.db, `newsletter-test:${actor.userId ?? actor.label}`, { limit: AUDIENCE_RULES.testSendsPerHour, windowMs: 3600_000 });
  if (!hit.allowed) throw rateLimited(AUDIENCE_MESSAGES.tooManyTests, hit.retryAfterSeconds);
  const parts = renderEmail(emailContent(await contentOf(deps, post), newsletterUnsubscribeUrl(deps, "TEST")), (await siteSettings(deps)).site);
  await enqueueMail(deps, { to: actor.email, subject: `${NEWSLETTER_EMAIL.testPrefix}${post.title}`, text: parts.text, html: parts.html, kind: "newsletter-test" });
  await recordAudit(deps, actor, { action: "newsletter.test", recordType: "post", recordId: String(post.id) });
}

/** `queued`: the messages this call queued (none when the post was already sent); `recipients`: the issue's. */
export type StartedNewsletter = { issueId: number; queued: number; recipients: number; created: boolean; scheduledFor: number | null };

export type SendOptions = {
  /** Only confirmed subscribers with any of these labels (normalised, see labels.ts); empty: everyone. */
  labels?: readonly string[];
  /** When to send (epoch ms, in the future); absent: now. */
  scheduledFor?: number | null;
};

/**
 * Starts sending a published post to every confirmed subscriber. `expected` is the number the owner confirmed;
 * if it changed meanwhile, nothing is sent and the owner is asked again. Sending a post that was already sent
 * (a double click) answers the first issue and queues nothing.
 */
export async function startNewsletter(deps: Deps, blogId: number, expected: number, actor: Actor, now = Date.now(), options: SendOptions = {}): Promise<StartedNewsletter> {
  assertFreshSecondFactor(deps, actor, now);
  const post = await postFor(deps, blogId);
  if (post.status !== "published") throw invalid(AUDIENCE_MESSAGES.postNotPublished, "post");
  const existing = await deps.db.kysely.selectFrom("newsletter_issues").select(["id", "recipients", "scheduled_for", "state"]).where("blog_id", "=", post.id).executeTakeFirst();
  if (existing) {
    const scheduledFor = existing.state === "scheduled" && existing.scheduled_for != null ? Number(existing.scheduled_for) : null;
    return { issueId: Number(existing.id), queued: 0, recipients: Number(existing.recipients), created: false, scheduledFor };
  }
  const labels = [...(options.labels ?? [])];
  const scheduledFor = options.scheduledFor ?? null;
  if (scheduledFor !== null) {
    if (!Number.isSafeInteger(scheduledFor) || scheduledFor <= now) throw invalid(AUDIENCE_TOOLS_MESSAGES.scheduleInPast, "at");
    if (scheduledFor > now + AUDIENCE_LIMITS.scheduleAheadMs) throw invalid(AUDIENCE_TOOLS_MESSAGES.scheduleTooFar, "at");
  }
  const count = await confirmedCount(deps, labels);
  if (count === 0) throw invalid(AUDIENCE_MESSAGES.nobodyToSend, "confirm");
  if (count !== expected) throw conflict(AUDIENCE_MESSAGES.confirmCountChanged(count), "confirm");

  const content = JSON.stringify(await contentOf(deps, post));
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const issue = await trx
      .insertInto("newsletter_issues")
      .values({
        blog_id: post.id,
        subject: post.title,
        content,
        created_at: now,
        created_by: actor.userId,
        labels: labels.length ? JSON.stringify(labels) : null,
        scheduled_for: scheduledFor,
        state: scheduledFor === null ? "sent" : "scheduled",
      })
      .onConflict((oc) => oc.column("blog_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!issue) return null; // another request created it a moment ago
    const issueId = Number(issue.id);
    if (scheduledFor !== null) return { issueId, queued: 0 };
    return { issueId, queued: await queueIssueMessages(trx, deps, issueId, post.title, labels, now) };
  });
  if (!result) return startNewsletter(deps, blogId, expected, actor, now, options);
  await recordAudit(deps, actor, {
    action: scheduledFor === null ? "newsletter.send" : "newsletter.schedule",
    recordType: "newsletter",
    recordId: String(result.issueId),
    detail:
      scheduledFor === null
        ? `post ${post.id}, ${result.queued} recipients${labels.length ? `, labels ${labels.join(", ")}` : ""}`
        : `post ${post.id}, at ${new Date(scheduledFor).toISOString()}, ${count} recipients now${labels.length ? `, labels ${labels.join(", ")}` : ""}`,
  });
  if (scheduledFor === null) {
    deps.log.info({ newsletterId: result.issueId, queued: result.queued }, "newsletter queued");
    newsletterEvents.emit("queued", result.issueId);
  }
  return { ...result, recipients: result.queued, created: true, scheduledFor };
}

/**
 * The issue's messages, one per confirmed subscriber (with any of `labels`), in one INSERT … SELECT under the keys
 * `newsletter:<issue>:<subscriber>`; records the number on the issue. Inside the caller's transaction.
 */
async function queueIssueMessages(trx: Kysely<Database>, deps: Deps, issueId: number, title: string, labels: readonly string[], now: number): Promise<number> {
  const rate = deps.config.MAIL_SEND_RATE_PER_MINUTE;
  // With a rate, this send starts where the sends still under way end, so two sends together keep the rate.
  let start = now;
  if (rate > 0) {
    const last = await trx
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.max("next_attempt_at").as("t"))
      .where("newsletter_id", "is not", null)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (last?.t != null) start = Math.max(now, Number(last.t) + Math.ceil(60_000 / rate));
  }
  const due = rate > 0 ? sql<number>`${start} + (row_number() over (order by id) - 1) * 60000 / ${rate}` : sql<number>`${start}`;
  const wanted = [...labels];
  const inserted = await trx
    .insertInto("mail_outbox")
    .columns([
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "kind",
      "status",
      "attempts",
      "next_attempt_at",
      "created_at",
      "idempotency_key",
      "newsletter_id",
      "subscriber_id",
    ])
    .expression((eb) =>
      eb
        .selectFrom("subscribers")
        .select([
          "email",
          // Every value a parameter (never spliced into the SQL text: a title is an editor's input), typed so
          // PostgreSQL knows what each is in a select list.
          sql<string>`cast(${title.slice(0, 300)} as text)`.as("subject"),
          sql<string>`cast(${""} as text)`.as("text_body"),
          sql<null>`cast(null as text)`.as("html_body"),
          sql<string>`cast(${NEWSLETTER_KIND} as text)`.as("kind"),
          sql<string>`cast(${"pending"} as text)`.as("status"),
          sql<number>`cast(${0} as integer)`.as("attempts"),
          due.as("next_attempt_at"),
          sql<number>`cast(${now} as bigint)`.as("created_at"),
          sql<string>`cast(${`newsletter:${issueId}:`} as text) || id`.as("idempotency_key"),
          sql<number>`cast(${issueId} as bigint)`.as("newsletter_id"),
          "id",
        ])
        .where("status", "=", "confirmed")
        .$if(wanted.length > 0, (q) => q.where("id", "in", (eb) => eb.selectFrom("subscriber_labels").select("subscriber_id").where("label", "in", wanted))),
    )
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .executeTakeFirst();
  const queued = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  await trx.updateTable("newsletter_issues").set({ recipients: queued }).where("id", "=", issueId).execute();
  return queued;
}

/**
 * Sends the scheduled newsletters that are due. Each is taken by one UPDATE (scheduled → sent) in the transaction
 * that queues its messages: whichever process runs this first sends it; another finds nothing to take (its UPDATE
 * waits for the first's transaction, then matches no row), and the outbox's keys would refuse a second copy anyway.
 * A post no longer published by then is not sent: the schedule is dropped and the audit says so.
 */
export async function sendDueNewsletters(deps: Deps, now = Date.now()): Promise<number> {
  const due = await deps.db.kysely
    .selectFrom("newsletter_issues")
    .select(["id", "blog_id", "labels", "created_by"])
    .where("state", "=", "scheduled")
    .where("scheduled_for", "<=", now)
    .orderBy("scheduled_for")
    .limit(20)
    .execute();
  let sent = 0;
  for (const issue of due) {
    const issueId = Number(issue.id);
    const labels = parseStoredLabels(issue.labels);
    const post = await deps.db.kysely.selectFrom("blogs").select(["id", "slug", "title", "excerpt", "status", "image", "content"]).where("id", "=", Number(issue.blog_id)).executeTakeFirst();
    const actor: Actor = { userId: null, label: "scheduled newsletter", clientIp: "server" };
    if (!post || post.status !== "published") {
      const dropped = await deps.db.kysely.deleteFrom("newsletter_issues").where("id", "=", issueId).where("state", "=", "scheduled").executeTakeFirst();
      if (Number(dropped.numDeletedRows ?? 0) === 1) {
        await recordAudit(deps, actor, { action: "newsletter.schedule-dropped", recordType: "newsletter", recordId: String(issueId), detail: `post ${Number(issue.blog_id)} is not published` });
        deps.log.warn({ newsletterId: issueId }, "scheduled newsletter dropped: its post is not published");
      }
      continue;
    }
    // The post as it is now (edited since it was scheduled): frozen again as the send starts.
    const content = JSON.stringify(await contentOf(deps, { ...post, id: Number(post.id) }));
    const queued = await deps.db.kysely.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("newsletter_issues")
        .set({ state: "sent", created_at: now, content, subject: post.title })
        .where("id", "=", issueId)
        .where("state", "=", "scheduled")
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows ?? 0) !== 1) return null;
      return queueIssueMessages(trx, deps, issueId, post.title, labels, now);
    });
    if (queued === null) continue;
    contentCache.delete(issueId);
    sent++;
    await recordAudit(deps, actor, { action: "newsletter.send", recordType: "newsletter", recordId: String(issueId), detail: `scheduled; post ${Number(post.id)}, ${queued} recipients` });
    deps.log.info({ newsletterId: issueId, queued }, "scheduled newsletter queued");
    newsletterEvents.emit("queued", issueId);
  }
  return sent;
}

function parseStoredLabels(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === "string") : [];
  } catch {
    return [];
  }
}

/** Cancels a newsletter still waiting for its time (the post may then be sent or scheduled again); audited. */
export async function cancelScheduledNewsletter(deps: Deps, issueId: number, actor: Actor): Promise<void> {
  if (!Number.isSafeInteger(issueId) || issueId <= 0) throw notFound("That newsletter does not exist.");
  const removed = await deps.db.kysely.deleteFrom("newsletter_issues").where("id", "=", issueId).where("state", "=", "scheduled").returning(["blog_id"]).executeTakeFirst();
  if (!removed) throw conflict(AUDIENCE_TOOLS_MESSAGES.notScheduled);
  await recordAudit(deps, actor, { action: "newsletter.cancel", recordType: "newsletter", recordId: String(issueId), detail: `post ${Number(removed.blog_id)}` });
}

/** The loop that sends scheduled newsletters when due (every 20 s; any number of processes may run it). */
export function scheduledNewsletterWorker(deps: Deps): KickableWorker {
  return intervalWorker("newsletter-schedule", deps, 20_000, async () => {
    await sendDueNewsletters(deps);
  });
}

type Claimed = { id: number; to: string; subject: string; newsletterId: number; subscriberId: number; attempts: number };

async function claimNewsletterMail(deps: Deps, now: number, limit: number, leaseMs: number): Promise<Claimed[]> {
  // "sending": handed to SMTP by a process that died before it heard back (its lease ran out): sent again, with the
  // same Message-ID. "pending" ones were never handed over: sent for the first time.
  const rows = await claimDue(
    deps.db,
    (k) =>
      k
        .selectFrom("mail_outbox")
        .select("id")
        .where("newsletter_id", "is not", null)
        .where("status", "in", ["pending", "sending"])
        .where("next_attempt_at", "<=", now)
        .orderBy("next_attempt_at")
        .limit(limit),
    (k, ids) =>
      k
        .updateTable("mail_outbox")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: now + leaseMs }))
        .where("id", "in", ids)
        .where("status", "in", ["pending", "sending"])
        .where("next_attempt_at", "<=", now)
        .returning(["id", "to_address", "subject", "newsletter_id", "subscriber_id", "attempts", "status"])
        .execute(),
  );
  const interrupted = rows.filter((r) => r.status === "sending");
  if (interrupted.length) {
    deps.log.warn({ mailIds: interrupted.map((r) => Number(r.id)) }, "newsletter messages handed to SMTP before a crash are sent again (same Message-ID)");
  }
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address,
    subject: r.subject,
    newsletterId: Number(r.newsletter_id),
    subscriberId: Number(r.subscriber_id),
    attempts: Number(r.attempts),
  }));
}

const contentCache = new Map<number, IssueContent>();

async function issueContent(deps: Deps, issueId: number): Promise<IssueContent | null> {
  const cached = contentCache.get(issueId);
  if (cached) return cached;
  const row = await deps.db.kysely.selectFrom("newsletter_issues").select("content").where("id", "=", issueId).executeTakeFirst();
  if (!row) return null;
  const content = JSON.parse(row.content) as IssueContent;
  if (contentCache.size > 20) contentCache.clear();
  contentCache.set(issueId, content);
  return content;
}

/** The message, while it is still this claim's (its attempt count unchanged, not finished): every mark goes through it. */
const stillMine = (deps: Deps, m: Claimed) =>
  deps.db.kysely.updateTable("mail_outbox").where("id", "=", m.id).where("attempts", "=", m.attempts).where("status", "in", ["pending", "sending"]);

type Outcome = { status: string; last_error: string | null; sent_at?: number; next_attempt_at?: number };

/** Records a message's outcome under its claim; false when the claim had been taken over meanwhile. */
async function finish(deps: Deps, m: Claimed, set: Outcome): Promise<boolean> {
  const done = await writeOutcome(() => stillMine(deps, m).set(set).executeTakeFirst());
  const ok = Number(done.numUpdatedRows ?? 0) === 1;
  if (!ok) deps.log.warn({ mailId: m.id, newsletterId: m.newsletterId, attempts: m.attempts, status: set.status }, "newsletter message's outcome arrived after its claim was taken over");
  return ok;
}

// Rendered once per issue with a stand-in for the token, then only the token changes per message: the render and its
// escaping are not repeated ten thousand times while the same process serves pages.
const TOKEN_SLOT = "NEWSLETTERTOKENSLOT";
const renderedCache = new Map<string, { text: string[]; html: string[] }>();

/** `settings`: the site's identity in the e-mail's frame (the owner's settings, read once per round); one render per language. */
function personalParts(
  deps: Deps,
  issueId: number,
  content: IssueContent,
  token: string,
  settings: EffectiveSettings,
  locale: Locale,
): { text: string; html: string } {
  const key = `${issueId}:${settings.version}:${locale}`;
  let rendered = renderedCache.get(key);
  if (!rendered) {
    // The post opens on the reader's language's page (`/hi/blog/…`): the site's frame around it in their language.
    const url = locale === "en" ? content.url : localizedSiteUrl(deps, content.url, locale);
    const parts = renderEmail(emailContent({ ...content, url }, newsletterUnsubscribeUrl(deps, TOKEN_SLOT, locale), locale), settings.site);
    rendered = { text: parts.text.split(TOKEN_SLOT), html: parts.html.split(TOKEN_SLOT) };
    if (renderedCache.size > 20) renderedCache.clear();
    renderedCache.set(key, rendered);
  }
  return { text: rendered.text.join(token), html: rendered.html.join(token) };
}

/** `lost`: claimed by this round, then taken over by another process before this one sent them (not sent by this one). */
export type NewsletterRound = { claimed: number; sent: number; skipped: number; failed: number; retrying: number; lost: number };

/**
 * One round of newsletter delivery: claims up to `limit` due messages and sends them, `concurrency` at a time, the
 * claim's lease (`leaseMs`) renewed meanwhile.
 */
export async function deliverNewsletterMail(
  deps: Deps,
  {
    now = Date.now(),
    limit = BATCH,
    concurrency = AUDIENCE_RULES.sendConcurrency,
    leaseMs = NEWSLETTER_CLAIM_LEASE_MS,
  }: { now?: number; limit?: number; concurrency?: number; leaseMs?: number } = {},
): Promise<NewsletterRound> {
  const round: NewsletterRound = { claimed: 0, sent: 0, skipped: 0, failed: 0, retrying: 0, lost: 0 };
  const claimed = await claimNewsletterMail(deps, now, limit, leaseMs);
  round.claimed = claimed.length;
  if (!claimed.length) return round;
  // Renewed for the messages not yet finished, on this round's clock; each under its own claim's attempt count (a
  // batch mixes first attempts and retries: one UPDATE per count, usually one in all).
  const started = Date.now();
  const attemptsOf = new Map(claimed.map((m) => [m.id, m.attempts]));
  const lease = holdLease({ leaseMs, clock: () => now + (Date.now() - started), log: deps.log, what: "newsletter" }, [...attemptsOf.keys()], async (ids, until) => {
    const byAttempts = new Map<number, number[]>();
    for (const id of ids) byAttempts.set(attemptsOf.get(id)!, [...(byAttempts.get(attemptsOf.get(id)!) ?? []), id]);
    let moved = 0;
    for (const [attempts, group] of byAttempts) {
      const r = await deps.db.kysely
        .updateTable("mail_outbox")
        .set({ next_attempt_at: until })
        .where("id", "in", group)
        .where("attempts", "=", attempts)
        .where("status", "in", ["pending", "sending"])
        .executeTakeFirst();
      moved += Number(r.numUpdatedRows ?? 0);
    }
    return moved;
  });
  try {
    await sendClaimed(deps, claimed, round, concurrency, lease);
  } finally {
    await lease.stop();
  }
  return round;
}

async function sendClaimed(deps: Deps, claimed: Claimed[], round: NewsletterRound, concurrency: number, lease: { release(ids: number[]): Promise<void> }): Promise<void> {
  // Written once the lease no longer renews the message (a renewal would move a retry's due time).
  const settle = async (m: Claimed, set: Outcome) => {
    await lease.release([m.id]);
    return finish(deps, m, set);
  };

  // Read at delivery time: whoever unsubscribed or was removed since the send started gets nothing more.
  const ids = [...new Set(claimed.map((c) => c.subscriberId))];
  // With each one's language (the frame of their copy is in it).
  const live = new Map(
    (await deps.db.kysely.selectFrom("subscribers").select(["id", "locale"]).where("id", "in", ids).where("status", "=", "confirmed").execute()).map(
      (r) => [Number(r.id), isLocale(r.locale) ? r.locale : "en"] as const,
    ),
  );

  // Each message's own unsubscribe link, valid for a year from now: stored for the whole batch in one statement.
  const tokens = new Map<number, string>();
  const at = Date.now();
  const rows = claimed
    .filter((m) => live.has(m.subscriberId))
    .map((m) => {
      const token = newToken();
      tokens.set(m.id, token);
      return { token_hash: hashToken(token), subscriber_id: m.subscriberId, purpose: "unsubscribe", created_at: at, expires_at: at + AUDIENCE_RULES.newsletterUnsubscribeTtlMs, used_at: null };
    });
  if (rows.length) await deps.db.kysely.insertInto("subscriber_tokens").values(rows).execute();

  const queue = [...claimed];
  const settings = await siteSettings(deps);
  const from = senderFrom(deps.config, settings);
  const replyTo = safeReplyTo(settings.replyTo);
  const work = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      if (!live.has(m.subscriberId)) {
        if (await settle(m, { status: "skipped", last_error: "unsubscribed or removed before delivery" })) round.skipped++;
        else round.lost++;
        continue;
      }
      const content = await issueContent(deps, m.newsletterId);
      if (!content) {
        if (await settle(m, { status: "skipped", last_error: "newsletter removed" })) round.skipped++;
        else round.lost++;
        continue;
      }
      const token = tokens.get(m.id) as string;
      const parts = personalParts(deps, m.newsletterId, content, token, settings, live.get(m.subscriberId) ?? "en");
      try {
        // Marked as it is handed to SMTP: if this process dies before the answer is recorded, only the messages so
        // marked may have reached their reader already (decision 0016); the others of the claim were never sent.
        // The mark is fenced by the claim: a message another process took meanwhile is left to it, unsent by this one.
        const marked = await stillMine(deps, m).set({ status: "sending" }).executeTakeFirst();
        if (Number(marked.numUpdatedRows ?? 0) !== 1) {
          await lease.release([m.id]);
          round.lost++;
          deps.log.warn({ mailId: m.id, newsletterId: m.newsletterId, attempts: m.attempts }, "newsletter message taken over by another process before it was sent: left to it");
          continue;
        }
        // The same Message-ID on a resend after a crash: mailbox providers keep one copy of a message they see twice.
        const messageId = `<newsletter-${m.newsletterId}-${m.subscriberId}@${new URL(deps.config.PUBLIC_URL).hostname}>`;
        await send(deps.config, { id: m.id, from, replyTo, to: m.to, subject: m.subject, ...parts, headers: listUnsubscribeHeaders(deps, token), messageId, textEncoding: "base64" }, { pooled: true });
      } catch (error) {
        const message = failureText(error);
        const { final: permanent, nextAttemptAt } = afterFailure(m.attempts, MAIL_RETRY, { permanent: isPermanentSmtpFailure(error) });
        if (!(await settle(m, { status: permanent ? "failed" : "pending", last_error: message, next_attempt_at: nextAttemptAt }))) round.lost++;
        else if (permanent) round.failed++;
        else round.retrying++;
        deps.log.warn({ mailId: m.id, newsletterId: m.newsletterId, toDomain: domainOf(m.to), attempts: m.attempts, permanent, err: { message } }, "newsletter message not sent");
        continue;
      }
      // Outside the try: the SMTP server has the message, so a database that refuses the mark is not a failed send.
      await settle(m, { status: "sent", sent_at: Date.now(), last_error: null });
      round.sent++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, work));
}

/** Delivers rounds until nothing is due (or `maxRounds`). Returns how many messages were sent. */
export async function drainNewsletterMail(deps: Deps, { maxRounds = Number.POSITIVE_INFINITY, now }: { maxRounds?: number; now?: () => number } = {}): Promise<number> {
  let sent = 0;
  for (let i = 0; i < maxRounds; i++) {
    const round = await deliverNewsletterMail(deps, now ? { now: now() } : {});
    sent += round.sent;
    if (round.claimed === 0) break;
  }
  return sent;
}

/** The newsletter delivery loop: every few seconds, and at once when a send is queued in this process. */
export function newsletterDeliveryWorker(deps: Deps): KickableWorker {
  const worker = intervalWorker("newsletter-delivery", deps, 5_000, async () => {
    await drainNewsletterMail(deps, { maxRounds: 200 });
  });
  const onQueued = () => worker.kick();
  newsletterEvents.on("queued", onQueued);
  return {
    ...worker,
    async stop() {
      newsletterEvents.off("queued", onQueued);
      await worker.stop();
      closePooledTransport(deps.config);
    },
  };
}

export type NewsletterProgress = {
  id: number;
  blogId: number;
  subject: string;
  createdAt: number;
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribesSince: number;
  done: boolean;
  /** "scheduled" (waiting for scheduledFor) or "sent". */
  state: string;
  scheduledFor: number | null;
  /** The labels it goes to; empty: everyone. */
  labels: string[];
};

type IssueRow = { id: number; blog_id: number; subject: string; created_at: number; recipients: number; state: string; scheduled_for: number | null; labels: string | null };

async function progressOf(deps: Deps, issues: IssueRow[]): Promise<NewsletterProgress[]> {
  if (!issues.length) return [];
  const ids = issues.map((i) => Number(i.id));
  const counts = await deps.db.kysely
    .selectFrom("mail_outbox")
    .select(["newsletter_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("newsletter_id", "in", ids)
    .groupBy(["newsletter_id", "status"])
    .execute();
  const out: NewsletterProgress[] = [];
  for (const issue of issues) {
    const id = Number(issue.id);
    const by = (status: string) => Number(counts.find((c) => Number(c.newsletter_id) === id && c.status === status)?.n ?? 0);
    const unsub = await deps.db.kysely
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "unsubscribed")
      .where("unsubscribed_at", ">=", Number(issue.created_at))
      .executeTakeFirstOrThrow();
    const queued = by("pending") + by("sending");
    out.push({
      id,
      blogId: Number(issue.blog_id),
      subject: issue.subject,
      createdAt: Number(issue.created_at),
      recipients: Number(issue.recipients),
      queued,
      sent: by("sent"),
      failed: by("failed"),
      skipped: by("skipped"),
      unsubscribesSince: Number(unsub.n),
      done: queued === 0 && issue.state !== "scheduled",
      state: issue.state,
      scheduledFor: issue.scheduled_for == null ? null : Number(issue.scheduled_for),
      labels: parseStoredLabels(issue.labels),
    });
  }
  return out;
}

/** Newsletters sent, newest first, each with its progress. */
export async function listNewsletters(deps: Deps, { limit = 50 }: { limit?: number } = {}): Promise<NewsletterProgress[]> {
  const issues = await deps.db.kysely
    .selectFrom("newsletter_issues")
    .select(["id", "blog_id", "subject", "created_at", "recipients", "state", "scheduled_for", "labels"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return progressOf(deps, issues);
}

export async function newsletterProgress(deps: Deps, issueId: number): Promise<NewsletterProgress & { failures: { to: string; error: string }[] }> {
  if (!Number.isSafeInteger(issueId) || issueId <= 0) throw notFound("That newsletter does not exist.");
  const issue = await deps.db.kysely
    .selectFrom("newsletter_issues")
    .select(["id", "blog_id", "subject", "created_at", "recipients", "state", "scheduled_for", "labels"])
    .where("id", "=", issueId)
    .executeTakeFirst();
  if (!issue) throw notFound("That newsletter does not exist.");
  const [progress] = (await progressOf(deps, [issue])) as [NewsletterProgress];
  const failures = await deps.db.kysely
    .selectFrom("mail_outbox")
    .select(["to_address", "last_error"])
    .where("newsletter_id", "=", issueId)
    .where("status", "=", "failed")
    .orderBy("id")
    .limit(200)
    .execute();
  return { ...progress, failures: failures.map((f) => ({ to: f.to_address, error: f.last_error ?? "" })) };
}

/** Published posts never sent as a newsletter, newest first: what the owner can send next. */
export async function unsentPosts(deps: Deps, limit = 50): Promise<{ id: number; title: string }[]> {
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["id", "title"])
    .where("status", "=", "published")
    .where("id", "not in", (eb) => eb.selectFrom("newsletter_issues").select("blog_id"))
    .orderBy("published_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}
