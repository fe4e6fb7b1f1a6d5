import type { Deps } from "../../context";
import { mailGreeting } from "../../../shared/content/audience";
import { mailGreetingHi } from "../../../shared/content/hi/audience";
import { ONBOARDING_EMAILS } from "../../../shared/content/onboarding";
import { ONBOARDING_EMAILS_HI, ONBOARDING_PAGE_HI } from "../../../shared/content/hi/onboarding";
import { ONBOARDING_PAGE } from "../../../shared/content/onboarding";
import { localePath } from "../../../shared/i18n";
import type { BriefFields } from "../../../shared/schemas/onboarding";
import { zonedTime } from "../../../shared/zoned-time";
import { siteSettings } from "../content/settings";
import { enqueueMail, enqueueSiteMail, firstNameOf, mailAfterAnswer, safeReplyTo } from "../mail/outbox";
import { type EmailBlock, renderEmail } from "../mail-template";
import { studioLink } from "../studio-link";
import type { OrderHooks } from "./orders";
import type { KitOrder } from "./types";

/**
 * The onboarding's e-mails the customer side owns (issue 41, decision 0050), all through the outbox (stored, then
 * sent and retried; an idempotency key makes each once): the customer's "brief received" with a copy of the brief,
 * in the order's language; and, to the lead recipients (Settings), a notice of each new sign-up and each submitted
 * brief, linked to the studio through sign-in (studioLink). The step e-mails are the studio side's (studio-order-mail.ts).
 */

// eslint-disable-next-line no-control-regex -- a subject is one line
const oneLine = (text: string, max = 80) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim().slice(0, max);

/** The brief as e-mail blocks: each filled field's name, then what the customer wrote, quoted. */
export function briefBlocks(brief: BriefFields, locale: "en" | "hi"): EmailBlock[] {
  const f = locale === "hi" ? ONBOARDING_EMAILS_HI.fields : ONBOARDING_EMAILS.fields;
  const page = locale === "hi" ? ONBOARDING_PAGE_HI : ONBOARDING_PAGE;
  const out: EmailBlock[] = [];
  const add = (label: string, text: string) => {
    if (text.trim()) out.push({ kind: "subheading", text: label }, { kind: "quote", text: text.trim() });
  };
  add(f.businessName, brief.businessName);
  add(f.city, brief.city);
  add(f.services, brief.services.filter((s) => s.name.trim()).map((s) => (s.price.trim() ? `${s.name.trim()}: ${s.price.trim()}` : s.name.trim())).join("\n"));
  add(f.usps, brief.usps);
  add(f.painPoints, brief.painPoints);
  add(f.pitch, brief.pitch);
  add(f.tone, brief.tone ? page.tones[brief.tone] : "");
  add(f.toneExample, brief.toneExample);
  add(f.whatsapp, brief.whatsapp ? `+${brief.whatsapp}` : "");
  add(f.hours, brief.hours);
  add(f.languages, [...brief.languages.map((l) => page.languageNames[l]), brief.languagesOther.trim()].filter(Boolean).join(", "));
  return out;
}

/** The customer's "brief received", once per order. */
export async function mailBriefReceived(deps: Deps, order: KitOrder): Promise<void> {
  const user = await deps.db.kysely.selectFrom("users").select(["email", "name"]).where("id", "=", order.userId).executeTakeFirst();
  if (!user) return;
  const settings = await siteSettings(deps);
  const hi = order.locale === "hi";
  const m = hi ? ONBOARDING_EMAILS_HI.received : ONBOARDING_EMAILS.received;
  const greeting = (hi ? mailGreetingHi : mailGreeting)(firstNameOf(user.name));
  await enqueueSiteMail(deps, {
    to: user.email,
    subject: m.subject(order.number),
    kind: "kit-brief-received",
    idempotencyKey: `kit-order:${order.id}:received`,
    content: {
      locale: order.locale,
      blocks: [
        { kind: "paragraph", text: greeting },
        { kind: "paragraph", text: m.intro(order.number, order.promisedHours) },
        { kind: "paragraph", text: m.due(zonedTime(order.dueAt, settings.timeZone, { dateStyle: "medium", timeStyle: "short" })) },
        { kind: "button", label: m.open, url: `${deps.config.PUBLIC_URL}${localePath("/templates", order.locale)}` },
        { kind: "paragraph", text: m.copy },
        ...briefBlocks(order.brief, order.locale),
        { kind: "paragraph", text: m.team },
      ],
    },
  });
}

/** The lead recipients' notice of a submitted brief (its order), once per order and address. */
export async function notifyBriefSubmitted(deps: Deps, order: KitOrder): Promise<void> {
  const settings = await siteSettings(deps);
  const to = settings.leadNotifyEmails;
  if (!to.length) return;
  const user = await deps.db.kysely.selectFrom("users").select(["email", "name", "company"]).where("id", "=", order.userId).executeTakeFirst();
  if (!user) return;
  const m = ONBOARDING_EMAILS.briefSubmitted;
  const parts = renderEmail(
    {
      blocks: [
        { kind: "paragraph", text: m.intro(order.promisedHours) },
        { kind: "subheading", text: m.customer },
        { kind: "quote", text: `${user.name} <${user.email}>${user.company ? `, ${user.company}` : ""}` },
        { kind: "subheading", text: m.kit },
        { kind: "quote", text: order.kitLabel },
        { kind: "subheading", text: m.due },
        { kind: "quote", text: zonedTime(order.dueAt, settings.timeZone, { dateStyle: "medium", timeStyle: "short" }) },
        { kind: "button", label: m.open, url: studioLink(deps.config, `/studio/orders/${order.id}`) },
        ...briefBlocks(order.brief, "en"),
      ],
    },
    settings.site,
  );
  for (const address of to) {
    await enqueueMail(deps, {
      to: address,
      subject: m.subject(order.number, oneLine(order.brief.businessName || user.company || user.name)),
      text: parts.text,
      html: parts.html,
      kind: "kit-brief-notify",
      idempotencyKey: `kit-order:${order.id}:notify:${address.toLowerCase()}`,
      replyTo: safeReplyTo(user.email),
    });
  }
}

/** The lead recipients' notice of a new account, once per account and address. */
export async function notifySignUp(deps: Deps, userId: string): Promise<void> {
  const settings = await siteSettings(deps);
  const to = settings.leadNotifyEmails;
  if (!to.length) return;
  const user = await deps.db.kysely
    .selectFrom("users")
    .select(["email", "name", "company", "industry", "locale", "created_at", "access"])
    .where("id", "=", userId)
    .executeTakeFirst();
  // Staff made by an invitation or the command line are not customers signing up.
  if (!user || user.access !== "user") return;
  const m = ONBOARDING_EMAILS.signUp;
  const parts = renderEmail(
    {
      blocks: [
        { kind: "paragraph", text: m.intro },
        { kind: "subheading", text: m.name },
        { kind: "quote", text: user.name },
        { kind: "subheading", text: m.email },
        { kind: "quote", text: user.email },
        ...(user.company ? [{ kind: "subheading" as const, text: m.company }, { kind: "quote" as const, text: user.company }] : []),
        { kind: "subheading", text: m.industry },
        { kind: "quote", text: user.industry },
        { kind: "subheading", text: m.language },
        { kind: "quote", text: user.locale === "hi" ? "Hindi" : "English" },
        { kind: "subheading", text: m.when },
        { kind: "quote", text: zonedTime(Number(user.created_at), settings.timeZone, { dateStyle: "medium", timeStyle: "short" }) },
        { kind: "button", label: m.open, url: studioLink(deps.config, "/studio/accounts") },
      ],
    },
    settings.site,
  );
  for (const address of to) {
    await enqueueMail(deps, {
      to: address,
      subject: m.subject(oneLine(user.name)),
      text: parts.text,
      html: parts.html,
      kind: "signup-notify",
      idempotencyKey: `signup:${userId}:${address.toLowerCase()}`,
      replyTo: safeReplyTo(user.email),
    });
  }
}

/**
 * Runs the sign-up notice without the sign-up waiting for it or failing with it: a refusal is logged, and the
 * notice is a row in the outbox, sent and retried by its loop.
 */
export function notifySignUpInBackground(deps: Deps, userId: string): void {
  mailAfterAnswer(deps, "signup-notify", () => notifySignUp(deps, userId));
}

/** The hooks the customer's doors pass to submitBrief and startWaitingOrder: the e-mails of a new order. */
export const CUSTOMER_ORDER_HOOKS: OrderHooks = {
  onOrderCreated: async (deps, order) => {
    // Each e-mail on its own: one failing to queue never keeps the other back, nor fails the order (made already).
    for (const send of [mailBriefReceived, notifyBriefSubmitted]) {
      try {
        await send(deps, order);
      } catch (err) {
        deps.log.warn({ kind: "kit-order-mail", orderId: order.id, err: { message: (err as Error).message } }, "kit order e-mail not queued");
      }
    }
  },
};
