import { EventEmitter } from "node:events";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { AUDIENCE_MESSAGES, AUDIENCE_RULES, NEWSLETTER_EMAIL } from "../../../shared/content/audience";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES } from "../../../shared/content/audience-tools";
import { type Locale } from "../../../shared/i18n";
import type { Deps } from "../../context";
import type { Database } from "../../db/schema";
import { conflict, invalid, notFound, rateLimited } from "../errors";
import { intervalWorker, type KickableWorker } from "../interval-worker";
import { enqueueMail } from "../mail/outbox";
import { renderEmail } from "../mail-template";
import { siteSettings } from "../content/settings";
import { hitRateLimit } from "../rate-limit";
import { type Actor, recordAudit } from "../audit";
import { assertFreshSecondFactor } from "../step-up";
import { parseStoredLabels } from "./labels";
import { contentOf, emailContent, forgetIssueContent, localizedSiteUrl, newsletterUnsubscribeUrl, postFor } from "./render";

/**
 * Newsletters: a published post sent to the confirmed subscribers, from the owner's click to the outbox.
 *
 * - One issue per post (unique `blog_id`): a second click, another tab or another process finds the first issue.
 * - The issue and its messages are written in one transaction, the messages by one INSERT … SELECT over the
 *   confirmed subscribers, each under the key `newsletter:<issue>:<subscriber>` (unique in the outbox): exactly one
 *   message per subscriber and issue, whoever queues it and however often.
 * - MAIL_SEND_RATE_PER_MINUTE spreads the messages' due times when they are queued, so every process shares the rate.
 * - A scheduled issue waits for its time; whichever process takes it first queues its messages (delivery.ts sends them).
 */

export const NEWSLETTER_KIND = "newsletter";

/** Wakes this process's delivery loop when a send was queued. */
export const newsletterEvents = new EventEmitter();
newsletterEvents.setMaxListeners(50);

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
    forgetIssueContent(deps.db, issueId);
    sent++;
    await recordAudit(deps, actor, { action: "newsletter.send", recordType: "newsletter", recordId: String(issueId), detail: `scheduled; post ${Number(post.id)}, ${queued} recipients` });
    deps.log.info({ newsletterId: issueId, queued }, "scheduled newsletter queued");
    newsletterEvents.emit("queued", issueId);
  }
  return sent;
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
