import { randomInt } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { Deps } from "../../context";
import { intervalWorker, type Worker } from "../interval-worker";
import { afterFailure, backoffMs, claimDue, failureText, holdLease, type RetryPolicy, writeOutcome } from "../outbox";
import { contentFromText, type EmailContent, renderEmail } from "../mail-template";
import { insertMailIn } from "../mail-queue";
import { senderFrom, siteSettings } from "../content/settings";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** When set, queueing a second message with the same key does nothing (one notification per lead and address…). */
  idempotencyKey?: string;
  /** The Reply-To header (checked: one address, no line breaks); else the owner's Reply-To setting, if any. */
  replyTo?: string;
  /**
   * Queued to go out at this time by the outbox's loop, with no attempt now: many messages at once (an import's
   * opt-in e-mails) keep the outbox's pace instead of opening a connection each.
   */
  notBefore?: number;
};

const REPLY_TO_SHAPE = /^[^\s@<>()",;:\\[\]]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$/;

/** A Reply-To address as a header may carry it: one plain address, no line breaks or display name; else undefined. */
export function safeReplyTo(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const address = value.trim();
  return address.length <= 254 && REPLY_TO_SHAPE.test(address) ? address : undefined;
}

/** The longest first name a greeting shows (longer is cut). */
const FIRST_NAME_MAX = 30;

/**
 * The first name in a name a visitor typed, as an e-mail's greeting shows it ("Hello Asha,"): the first word,
 * reduced to letters, marks, apostrophes, hyphens and inner dots, and bounded. What remains can never pose as the
 * site's own sentences or carry an address ("Bob. Your account is suspended, pay at evil.example" greets "Bob").
 * Empty when nothing usable remains (the greeting is then "Hello,").
 */
export function firstNameOf(name: string): string {
  const word = name.trim().split(/[\s,;:/\\@]+/u)[0] ?? "";
  // \u2019: the typographic apostrophe (the server bundles stay ASCII).
  const letters = word.replace(/[^\p{L}\p{M}'\u2019.-]+/gu, "").replace(/^[.'\u2019-]+|[.'\u2019-]+$/gu, "");
  return [...letters].slice(0, FIRST_NAME_MAX).join("");
}

/** After this many failed attempts a message is marked failed and no longer retried. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a delivery attempt owns a message before another process may retry it (renewed while it sends). */
export const MAIL_CLAIM_LEASE_MS = 2 * 60_000;
const WORKER_INTERVAL_MS = 15_000;

/** The outbox's retries (newsletter messages too): 30 s, 1 min, 2 min… capped at 1 h; MAIL_MAX_ATTEMPTS in all. */
export const MAIL_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: MAIL_MAX_ATTEMPTS };

/** Wait before the next attempt after `attempts` failures. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts, MAIL_RETRY);
}

// Background attempts started by enqueueMail, so tests and shutdown can wait for them.
const inFlight = new Set<Promise<unknown>>();

/**
 * Stores the message in the outbox (committed before returning), then tries to
 * deliver it in the background. The caller never waits for, or fails because
 * of, the SMTP server: a failed send stays in the outbox and the worker retries it.
 */
export async function enqueueMail(deps: Deps, mail: OutgoingMail): Promise<void> {
  const now = Date.now();
  // A message written as plain text goes out in the site's template: both parts from that one text.
  const parts = mail.html ? { text: mail.text, html: mail.html } : renderEmail(contentFromText(mail.text), (await siteSettings(deps)).site);
  const id = await insertMailIn(
    deps.db.kysely,
    { to: mail.to, subject: mail.subject, text: parts.text, html: parts.html, kind: mail.kind, idempotencyKey: mail.idempotencyKey, replyTo: safeReplyTo(mail.replyTo), notBefore: mail.notBefore },
    now,
  );
  if (id === null) return; // already queued under this key
  if (mail.notBefore !== undefined) return; // the outbox's loop sends it when due
  const attempt = attemptDelivery(deps, id).catch((err: unknown) =>
    deps.log.warn({ mailId: id, err: { message: (err as Error).message } }, "mail delivery attempt failed"),
  );
  inFlight.add(attempt);
  void attempt.finally(() => inFlight.delete(attempt));
}

/** A message written as blocks (its action a button): both parts rendered in the site's template. */
export async function enqueueSiteMail(deps: Deps, mail: Omit<OutgoingMail, "text" | "html"> & { content: EmailContent }): Promise<void> {
  const { content, ...rest } = mail;
  const parts = renderEmail(content, (await siteSettings(deps)).site);
  await enqueueMail(deps, { ...rest, text: parts.text, html: parts.html });
}

/**
 * How long after the answer the work runs: at least AFTER_ANSWER_MS, plus up to as much again at random. Run a timer
 * turn later (as before issue 39), a known address's lookup, link and e-mail (several milliseconds of this process)
 * fell on the very next answer: the request after a known address was slower, ×4 in the reset timing test. Later
 * and at a random moment, that work lands on whichever answers happen to be under way then, a known address's
 * and an unknown one's alike; the e-mail leaves a second or so later, which nobody waiting for it notices.
 */
export const AFTER_ANSWER_MS = 400;

/**
 * Runs mail work after the current answer has gone out (see AFTER_ANSWER_MS), tracked like a delivery attempt.
 * For work whose duration must not show in the answer's timing: a password reset does the lookup, the link
 * and the e-mail here, so a known and an unknown address are answered after the same work.
 */
export function mailAfterAnswer(deps: Deps, kind: string, work: () => Promise<void>): void {
  const delay = AFTER_ANSWER_MS * (1 + randomInt(1000) / 1000);
  const task = new Promise((resolve) => setTimeout(resolve, delay))
    .then(work)
    .catch((err: unknown) => deps.log.warn({ kind, err: { message: (err as Error).message } }, "background mail work failed"));
  inFlight.add(task);
  void task.finally(() => inFlight.delete(task));
}

/** Resolves once every background attempt started so far has finished (tests, shutdown). */
export async function settleMailDeliveries(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

/** Delivers every message that is due. Returns how many were sent. */
export async function deliverDueMail(deps: Deps, now = Date.now()): Promise<number> {
  const due = await deps.db.kysely
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    // Newsletter messages are personal (their unsubscribe link is made when they go out): their own loop sends them.
    .where("newsletter_id", "is", null)
    .orderBy("next_attempt_at")
    .limit(50)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    if (await attemptDelivery(deps, Number(id), now)) sent++;
  }
  return sent;
}

/**
 * One delivery attempt. The message is claimed first (an atomic update that
 * pushes its next attempt into the future), so two processes, or the request
 * and the worker, never send it twice at the same time. The claim's attempt
 * count is its fence: the lease is renewed while the SMTP server takes its
 * time, and the outcome is written only if no other claim took the message
 * since (this process frozen past the lease), so a late finisher never turns
 * a message another process sent back into a pending one.
 */
export async function attemptDelivery(deps: Deps, id: number, now = Date.now(), leaseMs = MAIL_CLAIM_LEASE_MS): Promise<boolean> {
  const { db, log } = deps;
  // The lease is the next attempt's time pushed past the attempt (a process that dies leaves the message due again).
  const [claimed] = await claimDue(
    db,
    (k) => k.selectFrom("mail_outbox").select("id").where("id", "=", id).where("status", "=", "pending").where("next_attempt_at", "<=", now).where("newsletter_id", "is", null),
    (k, ids) =>
      k
        .updateTable("mail_outbox")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: now + leaseMs }))
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .returning(["id", "to_address", "subject", "text_body", "html_body", "kind", "attempts", "reply_to", "created_at"])
        .execute(),
  );
  if (!claimed) return false;
  const attempts = Number(claimed.attempts);
  // Still this claim's: pending under the attempt count it set.
  const mine = () => db.kysely.updateTable("mail_outbox").where("id", "=", id).where("status", "=", "pending").where("attempts", "=", attempts);
  const started = Date.now();
  const lease = holdLease({ leaseMs, clock: () => now + (Date.now() - started), log, what: "mail" }, [id], async (_ids, until) =>
    Number((await mine().set({ next_attempt_at: until }).executeTakeFirst()).numUpdatedRows ?? 0),
  );
  const write = async (set: { status: string; last_error: string | null; sent_at?: number; next_attempt_at?: number }) => {
    await lease.release([id]);
    const done = await writeOutcome(() => mine().set(set).executeTakeFirst());
    if (Number(done.numUpdatedRows ?? 0) !== 1) log.warn({ mailId: id, kind: claimed.kind, attempts }, "mail outcome arrived after the claim was taken over");
  };
  let where: Record<string, string>;
  try {
    const settings = await siteSettings(deps);
    where = await send(deps.config, {
      id,
      from: senderFrom(deps.config, settings),
      replyTo: safeReplyTo(claimed.reply_to) ?? safeReplyTo(settings.replyTo),
      to: claimed.to_address,
      subject: claimed.subject,
      text: claimed.text_body,
      html: claimed.html_body ?? undefined,
      // The same on a second attempt after an answer that never came: a mailbox keeps one copy of a message it sees twice.
      messageId: `<mail-${id}.${Number(claimed.created_at)}@${new URL(deps.config.PUBLIC_URL).hostname}>`,
    });
  } catch (error) {
    const message = failureText(error);
    const { final: giveUp, nextAttemptAt } = afterFailure(attempts, MAIL_RETRY, { permanent: isPermanentSmtpFailure(error) });
    await write({ status: giveUp ? "failed" : "pending", next_attempt_at: nextAttemptAt, last_error: message });
    log.warn({ mailId: id, kind: claimed.kind, attempts, giveUp, err: { message } }, "mail not sent; will retry");
    return false;
  } finally {
    await lease.stop();
  }
  // Outside the try: the SMTP server has the message, so a database that refuses the mark is not a failed send.
  await write({ status: "sent", sent_at: Date.now(), last_error: null });
  // The address's domain only, and never the body: bodies hold single-use tokens.
  log.info({ mailId: id, kind: claimed.kind, toDomain: domainOf(claimed.to_address), ...where }, "mail sent");
  return true;
}

/** The outbox worker: retries due messages with back-off. Registered in server/workers.ts. */
export function mailOutboxWorker(deps: Deps): Worker {
  return intervalWorker("mail-outbox", deps, WORKER_INTERVAL_MS, async () => {
    await deliverDueMail(deps);
  });
}

/** A 5xx answer from the SMTP server (550 no such mailbox…): trying again cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = Number((error as { responseCode?: unknown })?.responseCode);
  return Number.isInteger(code) && code >= 500 && code < 600;
}

export type Sendable = {
  id: number;
  /** The From header; MAIL_FROM when not given (the owner's sender name: senderFrom()). */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The Reply-To header: give only what safeReplyTo() accepted. */
  replyTo?: string;
  messageId?: string;
  /** Saying it spares nodemailer scanning every body to choose (a newsletter sends thousands of the same size). */
  textEncoding?: "base64" | "quoted-printable";
};

const transports = new WeakMap<Config, Transporter>();
const pooledTransports = new WeakMap<Config, Transporter>();

/**
 * The SMTP transport. nodemailer reads a connection URL's settings from its query string and ignores a second
 * argument of transport options (that argument is message defaults), so the timeouts and the pool go in the URL.
 */
export function smtpTransportUrl(smtpUrl: string, pooled: boolean): string {
  const url = new URL(smtpUrl);
  const settings: Record<string, string> = { connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "20000" };
  // A newsletter keeps a few connections open instead of one connection and greeting per message.
  if (pooled) Object.assign(settings, { pool: "true", maxConnections: "8", maxMessages: "1000" });
  for (const [key, value] of Object.entries(settings)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.href;
}

function smtpTransport(config: Config, pooled = false): Transporter {
  const cache = pooled ? pooledTransports : transports;
  let t = cache.get(config);
  if (!t) {
    t = nodemailer.createTransport(smtpTransportUrl(config.SMTP_URL ?? "", pooled));
    cache.set(config, t);
  }
  return t;
}

/** Closes the pooled connections (a stopping server must not wait for the SMTP server to time them out). */
export function closePooledTransport(config: Config): void {
  pooledTransports.get(config)?.close();
  pooledTransports.delete(config);
}

/** Sends one message now (SMTP, or the mail folder when none is configured). Throws what the SMTP server said. */
export async function send(config: Config, mail: Sendable, { pooled = false } = {}): Promise<Record<string, string>> {
  const message = { from: mail.from ?? config.MAIL_FROM, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: mail.messageId, textEncoding: mail.textEncoding };
  if (config.SMTP_URL) {
    await smtpTransport(config, pooled).sendMail(message);
    return { via: "smtp" };
  }
  // No SMTP configured: the message is written as a standard .eml file, so the
  // flows work out of the box and nothing is silently dropped.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const dir = path.resolve(config.MAIL_DIR);
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`;
  const file = path.join(dir, name);
  // Written beside it first and renamed: whoever reads the folder never sees half a message.
  const partial = path.join(dir, `.${name}.${process.pid}.part`);
  await fs.writeFile(partial, built.message as Buffer, { mode: 0o600 });
  await fs.rename(partial, file);
  return { via: "file", file };
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}
