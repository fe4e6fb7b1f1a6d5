import { hashToken, newToken } from "../tokens";
import { sql } from "kysely";
import { z } from "zod";
import { BLOG_NEWSLETTER, NEWSLETTER } from "../../../shared/content/blog";
import type { Deps } from "../../context";
import { parseInput, rateLimited } from "../errors";
import { enqueueSiteMail, mailAfterAnswer } from "../mail/outbox";
import { hitRateLimit } from "../rate-limit";
import { SUBSCRIBE_SOURCES, type SubscribeSource } from "../../../shared/content/audience-tools";
import { NEWSLETTER_HI } from "../../../shared/content/hi/newsletter";
import { type Locale, localePath } from "../../../shared/i18n";

export const SubscribeSchema = z.object({
  email: z
    .string({ error: BLOG_NEWSLETTER.required })
    .trim()
    .min(1, BLOG_NEWSLETTER.required)
    .max(254, NEWSLETTER.invalidEmail)
    .pipe(z.email(NEWSLETTER.invalidEmail)),
});

export type TokenPurpose = "confirm" | "unsubscribe";

/** A random token (sent by e-mail) and its sha256 (the only thing stored). */
function newEmailToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Stores the address as pending (or puts an unsubscribed one back to pending)
 * and e-mails a confirmation link. The answer is the same whatever the
 * address's state, so the form reveals nothing about who subscribed; so is the
 * work before it (issue 26: a confirmed address was answered sooner): one
 * upsert whatever the state, then the answer; the e-mail's counter, tokens and
 * message are made after it has gone out (mailAfterAnswer), as a password reset's are.
 */
/**
 * `locale`: the language of the form (the page it was on); kept with a new or not yet confirmed subscriber, whose
 * confirmation e-mail and newsletters' frame are in it. A confirmed subscriber's language is not changed by someone
 * typing their address on the other language's form.
 */
export async function subscribe(
  deps: Deps,
  rawEmail: string,
  clientIp: string,
  source?: string | null,
  locale: Locale = "en",
): Promise<{ message: string }> {
  const { email } = parseInput(SubscribeSchema, { email: rawEmail });
  const ipHit = await hitRateLimit(deps.db, `newsletter:ip:${clientIp}`, {
    limit: NEWSLETTER.attemptsPerIpPerHour,
    windowMs: 3600_000,
  });
  if (!ipHit.allowed) throw rateLimited(NEWSLETTER.tooMany, ipHit.retryAfterSeconds);

  const normalized = email.toLowerCase();
  const now = Date.now();
  const { kysely } = deps.db;
  // New, pending, unsubscribed or confirmed, in one statement: a confirmed subscriber stays confirmed, any other
  // known address is (back to) pending.
  const subscriber = await kysely
    .insertInto("subscribers")
    .values({ email, email_normalized: normalized, status: "pending", created_at: now, updated_at: now, confirmed_at: null, unsubscribed_at: null, locale })
    .onConflict((oc) =>
      oc.column("email_normalized").doUpdateSet({
        status: sql<string>`case when subscribers.status = 'confirmed' then 'confirmed' else 'pending' end`,
        locale: sql<string>`case when subscribers.status = 'confirmed' then subscribers.locale else ${locale} end`,
        updated_at: sql<number>`case when subscribers.status = 'unsubscribed' then ${now} else subscribers.updated_at end`,
      }),
    )
    .returning(["id", "status"])
    .executeTakeFirstOrThrow();

  // The form it came from becomes a label (a known form only: anything else is ignored, never an error).
  const formLabel = sourceLabel(source);
  if (formLabel) {
    await kysely
      .insertInto("subscriber_labels")
      .values({ subscriber_id: Number(subscriber.id), label: formLabel })
      .onConflict((oc) => oc.columns(["subscriber_id", "label"]).doNothing())
      .execute();
    await kysely.updateTable("subscribers").set({ source: formLabel }).where("id", "=", Number(subscriber.id)).where("source", "is", null).execute();
  }
  if (subscriber.status !== "confirmed") {
    mailAfterAnswer(deps, "newsletter-confirm", () => sendConfirmation(deps, email, Number(subscriber.id), now, undefined, locale));
  }
  return { message: NEWSLETTER.subscribed };
}

/** The label of the public form a subscription came from, or null for anything not on the list. */
export function sourceLabel(source: string | null | undefined): SubscribeSource | null {
  return typeof source === "string" && (SUBSCRIBE_SOURCES as readonly string[]).includes(source) ? (source as SubscribeSource) : null;
}

/**
 * The confirmation e-mail of a subscription, unless the address had its share this hour. `notBefore`: queued for the
 * outbox's loop (an import's many messages) instead of tried at once.
 */
export async function sendConfirmation(deps: Deps, email: string, subscriberId: number, now: number, notBefore?: number, locale: Locale = "en"): Promise<void> {
  // Repeated requests must not turn the form into a way to flood someone's inbox.
  const mailHit = await hitRateLimit(deps.db, `newsletter:mail:${email.toLowerCase()}`, {
    limit: NEWSLETTER.mailsPerAddressPerHour,
    windowMs: 3600_000,
  });
  if (!mailHit.allowed) return;

  const confirm = newEmailToken();
  const unsubscribe = newEmailToken();
  await deps.db.kysely
    .insertInto("subscriber_tokens")
    .values([
      { token_hash: confirm.hash, subscriber_id: subscriberId, purpose: "confirm", created_at: now, expires_at: now + NEWSLETTER.confirmTtlMs, used_at: null },
      { token_hash: unsubscribe.hash, subscriber_id: subscriberId, purpose: "unsubscribe", created_at: now, expires_at: now + NEWSLETTER.unsubscribeTtlMs, used_at: null },
    ])
    .execute();
  const base = deps.config.PUBLIC_URL;
  // In the subscriber's language, its links to that language's pages (`/hi/newsletter/confirm`).
  const mail = locale === "hi" ? NEWSLETTER_HI.email : NEWSLETTER.email;
  await enqueueSiteMail(deps, {
    to: email,
    subject: mail.subject,
    content: {
      blocks: mail.blocks(`${base}${localePath("/newsletter/confirm", locale)}?token=${confirm.token}`),
      unsubscribeUrl: `${base}${localePath("/newsletter/unsubscribe", locale)}?token=${unsubscribe.token}`,
      ...(locale === "en" ? {} : { locale }),
    },
    kind: "newsletter-confirm",
    notBefore,
  });
}

/** True when the token is well formed, unused and unexpired (without using it). */
export async function tokenIsUsable(deps: Deps, token: string | null | undefined, purpose: TokenPurpose): Promise<boolean> {
  if (!token || !TOKEN_SHAPE.test(token)) return false;
  const row = await deps.db.kysely
    .selectFrom("subscriber_tokens")
    .select("token_hash")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * What opening a link shows: `usable` (unused and unexpired: the page offers its button), `done` (used or not, the
 * address is already where the link leads: confirmed for a confirmation link, unsubscribed for an unsubscribe link;
 * a link opened twice says what the first visit did), or `invalid` (unknown, malformed, expired, or the address
 * has since moved the other way).
 */
export async function linkState(deps: Deps, token: string | null | undefined, purpose: "confirm" | "unsubscribe"): Promise<"usable" | "done" | "invalid"> {
  if (await tokenIsUsable(deps, token, purpose)) return "usable";
  const owner = await linkOwner(deps, token, purpose);
  return owner?.status === (purpose === "confirm" ? "confirmed" : "unsubscribed") ? "done" : "invalid";
}

/**
 * Uses a token once: the atomic update that marks it used is also the check,
 * so two clicks at the same moment cannot both succeed.
 */
async function useToken(deps: Deps, token: string | null | undefined, purpose: TokenPurpose): Promise<number | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  const now = Date.now();
  const row = await deps.db.kysely
    .updateTable("subscriber_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("subscriber_id")
    .executeTakeFirst();
  return row ? Number(row.subscriber_id) : undefined;
}

/**
 * The subscriber a link was sent to, and their status now, whether or not the link was used: a link opened twice
 * (a mail client's retry, a second click) finds what the first did. Undefined for an unknown or malformed token.
 */
async function linkOwner(deps: Deps, token: string | null | undefined, purpose: TokenPurpose): Promise<{ status: string } | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  return deps.db.kysely
    .selectFrom("subscriber_tokens")
    .innerJoin("subscribers", "subscribers.id", "subscriber_tokens.subscriber_id")
    .select("subscribers.status")
    .where("subscriber_tokens.token_hash", "=", hashToken(token))
    .where("subscriber_tokens.purpose", "=", purpose)
    .executeTakeFirst();
}

/**
 * Confirms the subscription the token was sent for. True too when this link already confirmed it (opened twice);
 * false for an unknown or expired token, or an address that has since unsubscribed.
 */
export async function confirmSubscription(deps: Deps, token: string | null | undefined): Promise<boolean> {
  const subscriberId = await useToken(deps, token, "confirm");
  if (subscriberId === undefined) return (await linkOwner(deps, token, "confirm"))?.status === "confirmed";
  const now = Date.now();
  await deps.db.kysely
    .updateTable("subscribers")
    .set({ status: "confirmed", confirmed_at: now, updated_at: now })
    .where("id", "=", subscriberId)
    .execute();
  return true;
}

/**
 * Unsubscribes, and retires every other link already sent to the address. True too when the address is already
 * unsubscribed (RFC 8058 clients retry the one-click POST; any of its links says so); false for an unknown token.
 */
export async function unsubscribe(deps: Deps, token: string | null | undefined): Promise<boolean> {
  const subscriberId = await useToken(deps, token, "unsubscribe");
  if (subscriberId === undefined) return (await linkOwner(deps, token, "unsubscribe"))?.status === "unsubscribed";
  const now = Date.now();
  await deps.db.kysely
    .updateTable("subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
    .where("id", "=", subscriberId)
    .execute();
  await deps.db.kysely
    .updateTable("subscriber_tokens")
    .set({ used_at: now })
    .where("subscriber_id", "=", subscriberId)
    .where("used_at", "is", null)
    .execute();
  return true;
}
