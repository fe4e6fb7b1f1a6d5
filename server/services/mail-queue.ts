import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { type EmailContent, type EmailSite, renderEmail } from "./mail-template";

/**
 * Site e-mails queued in the outbox inside a caller's transaction, so they stand or fall with its writes (a settings
 * change and the notices about it: content/settings.ts). No query of its own (the site's identity is given), so a
 * service the outbox itself reads (the settings) can use it. The outbox's loop sends them when due (within its
 * interval); delivery, retries and the Reply-To's check at sending are the outbox's (mail/outbox.ts).
 */
export type RenderedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  idempotencyKey?: string;
  /** The Reply-To header; the outbox checks it again when sending (one plain address, else none). */
  replyTo?: string;
};

/** Renders a message written as blocks in the site's template, with the site's identity as given. */
export function renderSiteMail(site: EmailSite, mail: Omit<RenderedMail, "text" | "html"> & { content: EmailContent }): RenderedMail {
  const { content, ...rest } = mail;
  const parts = renderEmail(content, site);
  return { ...rest, text: parts.text, html: parts.html };
}

/** One message as the outbox stores it: `notBefore` holds it back until then (the outbox's loop sends it when due). */
export type QueuedMail = RenderedMail & { notBefore?: number };

/**
 * The one insert of a message into the outbox, inside `k` (a transaction or the database): its id, or null when a
 * message under the same idempotency key is queued already (then nothing is written).
 */
export async function insertMailIn(k: Kysely<Database>, mail: QueuedMail, now = Date.now()): Promise<number | null> {
  const row = await k
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      kind: mail.kind,
      status: "pending",
      attempts: 0,
      next_attempt_at: mail.notBefore ?? now,
      last_error: null,
      created_at: now,
      sent_at: null,
      idempotency_key: mail.idempotencyKey ?? null,
      reply_to: mail.replyTo ?? null,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Queues the messages in `k` (a transaction); a message whose idempotency key is queued already is not queued again. */
export async function queueRenderedMailIn(k: Kysely<Database>, mails: readonly RenderedMail[], now = Date.now()): Promise<number> {
  let queued = 0;
  for (const mail of mails) if ((await insertMailIn(k, mail, now)) !== null) queued += 1;
  return queued;
}
