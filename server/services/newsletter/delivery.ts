import { AUDIENCE_RULES } from "../../../shared/content/audience";
import { isLocale } from "../../../shared/i18n";
import type { Deps } from "../../context";
import { intervalWorker, type KickableWorker } from "../interval-worker";
import { closePooledTransport, domainOf, isPermanentSmtpFailure, MAIL_RETRY, safeReplyTo, send } from "../mail/outbox";
import { afterFailure, claimDue, failureText, holdLease, writeOutcome } from "../outbox";
import { senderFrom, siteSettings } from "../content/settings";
import { hashToken, newToken } from "../tokens";
import { issueContent, listUnsubscribeHeaders, personalParts } from "./render";
import { newsletterEvents } from "./queue";

/**
 * Newsletter delivery: the queued messages claimed, made personal and handed to SMTP.
 *
 * - A message is made personal when it goes out: the subscriber is read again (unsubscribed or removed since: nothing
 *   is sent), and a fresh unsubscribe link, valid for a year, is stored for it.
 * - A claim is a lease (as in the outbox), renewed while its holder works through the batch: a slow SMTP server or a
 *   starved process keeps its messages. The claim's attempt count fences every mark: a holder frozen past its lease
 *   finds, at the next message, that another process took it, and neither sends it nor marks it. A process killed
 *   after the SMTP server took a message and before it was recorded sends that one message again once the lease runs
 *   out (with the same Message-ID); that window is the only way to get two.
 */

/** How long a claimed newsletter message belongs to the process sending it. */
export const NEWSLETTER_CLAIM_LEASE_MS = 60_000;
const BATCH = 100;

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
