import { createEvent } from "ics";
import type { Selectable } from "kysely";
import type { Deps } from "../../context";
import type { BookingTables } from "../../db/schema";
import { BOOKING_EMAIL } from "../../../shared/content/booking";
import { BOOKING_EMAIL_HI } from "../../../shared/content/hi/booking";
import { whatsappLink } from "../../../shared/content/site";
import { type Locale, localePath } from "../../../shared/i18n";
import { siteSettings } from "../content/settings";
import { enqueueMail, firstNameOf } from "../mail/outbox";
import { type EmailBlock, renderEmail } from "../mail-template";
import { readCopy } from "../content/copy";
import { BOOK_DEMO_DOC } from "../../../shared/copy/book-demo";

type Booking = Selectable<BookingTables["demo_bookings"]>;

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** A demo's time for a reader: date and time in their zone, the zone named ("Monday, 7 December 2026 at 10:30 am (Asia/Kolkata)"). */
export function formatWhen(ms: number, timeZone: string, locale: Locale): string {
  const key = `${locale}|${timeZone}`;
  let f = whenFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { dateStyle: "full", timeStyle: "short", timeZone });
    whenFormats.set(key, f);
  }
  return `${f.format(ms)} (${timeZone})`;
}

/** Only the time of day, for a subject line. */
export function formatTime(ms: number, timeZone: string, locale: Locale): string {
  return `${new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { timeStyle: "short", timeZone }).format(ms)} (${timeZone})`;
}

function words(locale: string) {
  return locale === "hi" ? BOOKING_EMAIL_HI : BOOKING_EMAIL;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/** The demo as an iCalendar event (RFC 5545), in UTC, with the meeting link. */
export function bookingIcs(booking: Booking, meetingLink: string, publicUrl: string): string {
  const w = words(booking.locale);
  const start = new Date(Number(booking.starts_at));
  const { error, value } = createEvent({
    uid: `demo-${booking.public_id}@${new URL(publicUrl).hostname}`,
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: Number(booking.ends_at),
    endInputType: "utc",
    endOutputType: "utc",
    title: w.icsTitle,
    description: fill(w.icsDescription, { link: meetingLink }),
    url: meetingLink,
    location: meetingLink,
    status: "CONFIRMED",
    productId: "wise-parrot/demo",
  });
  if (error || !value) throw new Error(`calendar event not made: ${error?.message ?? "no value"}`);
  return value;
}

type Links = { manageToken?: string };

async function bookingBlocks(deps: Deps, booking: Booking, intro: string, links: Links, extra: EmailBlock[] = []): Promise<{ blocks: EmailBlock[]; when: string }> {
  const settings = await siteSettings(deps);
  const locale: Locale = booking.locale === "hi" ? "hi" : "en";
  const w = words(locale);
  const copy = await readCopy(deps, BOOK_DEMO_DOC, locale);
  const when = formatWhen(Number(booking.starts_at), booking.visitor_zone, locale);
  const base = deps.config.PUBLIC_URL;
  const price = copy.intro.price;
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: w.hello(firstNameOf(booking.name)) },
    { kind: "paragraph", text: fill(intro, { when }) },
    ...extra,
    { kind: "paragraph", text: booking.payment === "paid" ? fill(w.paid, { price }) : fill(w.unpaid, { price }) },
    { kind: "paragraph", text: w.meeting },
    { kind: "button", label: w.joinButton, url: settings.meetingLink },
    { kind: "button", label: w.ics, url: `${base}${localePath("/book-demo/ics", locale)}?b=${booking.public_id}` },
  ];
  if (links.manageToken) {
    const manage = `${base}${localePath("/book-demo/manage", locale)}?t=${links.manageToken}`;
    blocks.push({ kind: "paragraph", text: w.manage }, { kind: "button", label: w.reschedule, url: manage }, { kind: "button", label: w.cancel, url: `${manage}&do=cancel` });
  }
  blocks.push({
    kind: "button",
    label: w.whatsapp,
    url: whatsappLink(settings.whatsappNumber, fill(w.whatsappMessage, { name: booking.name.slice(0, 80), when })),
  });
  return { blocks, when };
}

async function send(deps: Deps, booking: Booking, subject: string, blocks: EmailBlock[], kind: string, key: string): Promise<void> {
  const settings = await siteSettings(deps);
  const parts = renderEmail({ blocks, locale: booking.locale === "hi" ? "hi" : "en" }, settings.site);
  await enqueueMail(deps, { to: booking.email, subject: subject.replace(/[\r\n]+/g, " "), text: parts.text, html: parts.html, kind, idempotencyKey: key });
}

export async function queueConfirmationMail(deps: Deps, booking: Booking, manageToken: string): Promise<void> {
  const w = words(booking.locale);
  const { blocks, when } = await bookingBlocks(deps, booking, w.confirmed, { manageToken });
  await send(deps, booking, fill(w.confirmedSubject, { when }), blocks, "booking-confirmed", `booking:${booking.id}:confirmed`);
}

export async function queueMovedMail(deps: Deps, booking: Booking, manageToken: string): Promise<void> {
  const w = words(booking.locale);
  const { blocks, when } = await bookingBlocks(deps, booking, w.movedText, { manageToken });
  await send(deps, booking, fill(w.movedSubject, { when }), blocks, "booking-moved", `booking:${booking.id}:moved:${booking.starts_at}:${booking.scheduled_at}`);
}

export async function queueCancelledMail(deps: Deps, booking: Booking): Promise<void> {
  const locale: Locale = booking.locale === "hi" ? "hi" : "en";
  const w = words(locale);
  const when = formatWhen(Number(booking.starts_at), booking.visitor_zone, locale);
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: w.hello(firstNameOf(booking.name)) },
    { kind: "paragraph", text: fill(w.cancelledText, { when }) },
    { kind: "button", label: w.bookAgain, url: `${deps.config.PUBLIC_URL}${localePath("/book-demo", locale)}` },
  ];
  await send(deps, booking, w.cancelledSubject, blocks, "booking-cancelled", `booking:${booking.id}:cancelled`);
}

export async function queueReminderMail(deps: Deps, booking: Booking, which: "24h" | "1h"): Promise<void> {
  const locale: Locale = booking.locale === "hi" ? "hi" : "en";
  const w = words(locale);
  const { blocks } = await bookingBlocks(deps, booking, which === "24h" ? w.reminder24 : w.reminder1, {});
  const subject = which === "24h" ? fill(w.reminderSubject24, { time: formatTime(Number(booking.starts_at), booking.visitor_zone, locale) }) : w.reminderSubject1;
  await send(deps, booking, subject, blocks, `booking-reminder-${which}`, `booking:${booking.id}:reminder-${which}:${booking.starts_at}`);
}
