import { LEAD_ACK_EMAIL, LEAD_NOTIFY_EMAIL } from "../../../shared/content/audience";
import { LEAD_ACK_EMAIL_HI } from "../../../shared/content/hi/audience";
import { hitRateLimit } from "../rate-limit";
import { LEAD_FAILED_EMAIL } from "../../../shared/content/audience-tools";
import type { Deps } from "../../context";
import { siteSettings } from "../content/settings";
import { enqueueMail, enqueueSiteMail, safeReplyTo } from "../mail/outbox";
import { renderEmail } from "../mail-template";
import { studioLink } from "../studio-link";
import { zonedTime } from "../../../shared/zoned-time";

/**
 * Queues one e-mail per address of the lead-notification recipients (Settings, else LEAD_NOTIFY_EMAILS) about a stored, non-spam lead. The outbox key
 * (lead:<id>:<address>) makes it once per lead and address however often it is called.
 */
export async function notifyAboutLead(deps: Deps, leadId: number): Promise<void> {
  // Who is told: the owner's Settings, else LEAD_NOTIFY_EMAILS (decision 0024).
  const settings = await siteSettings(deps);
  const to = settings.leadNotifyEmails;
  if (!to.length) return;
  const lead = await deps.db.kysely.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
  if (!lead || lead.status === "spam") return;
  const name = `${lead.first_name} ${lead.last_name}`.trim();
  const f = LEAD_NOTIFY_EMAIL.fields;
  const parts = renderEmail(
    {
      blocks: [
        { kind: "paragraph", text: LEAD_NOTIFY_EMAIL.intro },
        ...(lead.locale === "hi" ? [{ kind: "paragraph" as const, text: LEAD_NOTIFY_EMAIL.fromHindiPage }] : []),
        { kind: "subheading", text: f.name },
        { kind: "quote", text: name },
        { kind: "subheading", text: f.email },
        { kind: "quote", text: lead.email },
        { kind: "subheading", text: f.phone },
        { kind: "quote", text: lead.phone },
        { kind: "subheading", text: f.source },
        { kind: "quote", text: lead.lead_source },
        { kind: "subheading", text: f.message },
        { kind: "quote", text: lead.message },
        // When, in the site's time zone (Settings), the zone named: "24 Nov 2026, 11:00 Asia/Kolkata".
        { kind: "subheading", text: f.received },
        { kind: "quote", text: zonedTime(Number(lead.created_at), settings.timeZone, { dateStyle: "medium", timeStyle: "short" }) },
        // Through sign-in: a signed-out owner signs in and lands on the lead (a signed-in one goes straight on).
        { kind: "button", label: LEAD_NOTIFY_EMAIL.open, url: studioLink(deps.config, `/studio/leads/${leadId}`) },
      ],
    },
    settings.site,
  );
  // The subject is one line: a name cannot add headers or pose as something else.
  // eslint-disable-next-line no-control-regex
  const subjectName = name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").slice(0, 80);
  for (const address of to) {
    await enqueueMail(deps, {
      to: address,
      subject: LEAD_NOTIFY_EMAIL.subject(subjectName),
      text: parts.text,
      html: parts.html,
      kind: "lead-notify",
      idempotencyKey: `lead:${leadId}:${address.toLowerCase()}`,
      // Answering the notice answers the lead (decision 0030): their address, only if it is one plain address.
      replyTo: safeReplyTo(lead.email),
    });
  }
}

/**
 * Tells the people told about leads (else the company's address) that a lead will not reach the CRM: the delivery
 * gave up (a final refusal, or every retry used). Once per lead and address (the outbox's key); a lead retried and
 * failing again is not announced twice.
 */
export async function notifyLeadFailed(deps: Deps, leadId: number): Promise<void> {
  const settings = await siteSettings(deps);
  const to = settings.leadNotifyEmails.length ? settings.leadNotifyEmails : [settings.email];
  const lead = await deps.db.kysely.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
  if (!lead || lead.status !== "failed") return;
  const name = `${lead.first_name} ${lead.last_name}`.trim();
  const parts = renderEmail(
    {
      blocks: [
        { kind: "paragraph", text: LEAD_FAILED_EMAIL.intro },
        { kind: "subheading", text: LEAD_NOTIFY_EMAIL.fields.name },
        { kind: "quote", text: name },
        { kind: "subheading", text: LEAD_NOTIFY_EMAIL.fields.email },
        { kind: "quote", text: lead.email },
        { kind: "subheading", text: LEAD_FAILED_EMAIL.error },
        { kind: "quote", text: (lead.last_error ?? "").slice(0, 500) },
        { kind: "button", label: LEAD_FAILED_EMAIL.open, url: studioLink(deps.config, `/studio/leads/${leadId}`) },
      ],
    },
    settings.site,
  );
  // eslint-disable-next-line no-control-regex
  const subjectName = name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").slice(0, 80);
  for (const address of to) {
    await enqueueMail(deps, {
      to: address,
      subject: LEAD_FAILED_EMAIL.subject(subjectName),
      text: parts.text,
      html: parts.html,
      kind: "lead-failed",
      idempotencyKey: `lead-failed:${leadId}:${address.toLowerCase()}`,
      replyTo: safeReplyTo(lead.email),
    });
  }
}

/**
 * The visitor's acknowledgement of a stored, non-spam lead, in the language of the page they sent it from: once per
 * lead (the outbox key lead-ack:<id>), and at most LEAD_ACK_EMAIL.perAddressPerDay to one address, since the address
 * is whatever the form was given (the form's own per-IP limit aside, many senders could name one stranger).
 */
export async function acknowledgeLead(deps: Deps, leadId: number): Promise<void> {
  const lead = await deps.db.kysely.selectFrom("leads").select(["email", "status", "locale"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead || lead.status === "spam") return;
  const to = safeReplyTo(lead.email);
  if (!to) return;
  const already = await deps.db.kysely.selectFrom("mail_outbox").select("id").where("idempotency_key", "=", `lead-ack:${leadId}`).executeTakeFirst();
  if (already) return;
  const limit = await hitRateLimit(deps.db, `lead:ack:${to.toLowerCase()}`, { limit: LEAD_ACK_EMAIL.perAddressPerDay, windowMs: 86_400_000 });
  if (!limit.allowed) return;
  const hindi = lead.locale === "hi";
  const mail = hindi ? LEAD_ACK_EMAIL_HI : LEAD_ACK_EMAIL;
  await enqueueSiteMail(deps, {
    to,
    subject: mail.subject,
    content: { blocks: mail.blocks(), ...(hindi ? { locale: "hi" as const } : {}) },
    kind: "lead-ack",
    idempotencyKey: `lead-ack:${leadId}`,
  });
}
