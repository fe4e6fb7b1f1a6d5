import { z } from "../zod";

/**
 * The demo booking's rules (issue 42): the owner's availability as Settings hold it (text the owner types, read
 * into weekly hours), and the visitor's booking form, shared by the page (checked before submit), its action and
 * the services.
 */

/** Day names as the owner writes them, Sunday first (Date#getUTCDay's order). */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** Per weekday (0 = Sunday), the open ranges in minutes after midnight in the site's zone, sorted, not overlapping. */
export type WeeklyHours = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

const RANGE = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;

/**
 * "Mon-Fri 10:00-13:00 14:00-18:00; Sat 10:00-14:00" → weekly hours; a string naming the first problem when the text
 * cannot be read. Days not named are closed. A day named twice adds its ranges.
 */
export function parseWeeklyHours(text: string): WeeklyHours | string {
  const week: Array<Array<[number, number]>> = WEEKDAYS.map(() => []);
  const parts = text.split(/[;\n]/).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return "must name at least one day, such as Mon-Fri 10:00-18:00";
  for (const part of parts) {
    const [dayText = "", ...ranges] = part.split(/[\s,]+/).filter(Boolean);
    const days = daysOf(dayText.toLowerCase());
    if (!days) return `"${dayText.slice(0, 20)}" is not a day or a range of days such as Mon-Fri`;
    if (ranges.length === 0) return `${dayText.slice(0, 20)} needs hours such as 10:00-18:00`;
    const joined = ranges.join(" ").replace(/\s*-\s*/g, "-").split(" ");
    for (const range of joined) {
      const m = RANGE.exec(range);
      if (!m) return `"${range.slice(0, 20)}" is not hours such as 10:00-18:00`;
      const from = Number(m[1]) * 60 + Number(m[2]);
      const to = Number(m[3]) * 60 + Number(m[4]);
      if (Number(m[2]) > 59 || Number(m[4]) > 59 || from > 24 * 60 || to > 24 * 60) return `"${range}" is not a time of day`;
      if (to <= from) return `"${range}" must end after it starts`;
      for (const d of days) week[d]!.push([from, to]);
    }
  }
  for (const day of week) {
    day.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < day.length; i++) if (day[i]![0] < day[i - 1]![1]) return "hours of one day must not overlap";
  }
  return week;
}

/** Weekly hours as the owner writes them: "Mon 10:00-18:00; Tue 10:00-18:00" (days in the week's order from Monday). */
export function formatWeeklyHours(week: WeeklyHours): string {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  const parts: string[] = [];
  for (const d of [1, 2, 3, 4, 5, 6, 0]) {
    const ranges = week[d] ?? [];
    if (ranges.length === 0) continue;
    const name = WEEKDAYS[d]!;
    parts.push(`${name[0]!.toUpperCase()}${name.slice(1)} ${ranges.map(([a, b]) => `${hhmm(a)}-${hhmm(b)}`).join(" ")}`);
  }
  return parts.join("; ");
}

function daysOf(text: string): number[] | null {
  const index = (name: string) => WEEKDAYS.indexOf(name.slice(0, 3) as (typeof WEEKDAYS)[number]);
  const [first = "", last, ...rest] = text.split("-");
  if (rest.length > 0) return null;
  const a = index(first);
  if (a < 0) return null;
  if (last === undefined) return [a];
  const b = index(last);
  if (b < 0) return null;
  const out: number[] = [];
  // Mon-Sun wraps through the week: Monday … Saturday, then Sunday.
  for (let d = a; ; d = (d + 1) % 7) {
    out.push(d);
    if (d === b) break;
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-12-25, 2027-01-01" → the dates (site's zone), each checked. */
export function parseBlockedDates(text: string): string[] | string {
  const list = text.split(/[,\s]+/).map((d) => d.trim()).filter(Boolean);
  for (const d of list) {
    if (!DATE.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) !== d) {
      return `"${d.slice(0, 20)}" is not a date such as 2026-12-25`;
    }
  }
  if (list.length > 366) return "must be at most 366 dates";
  return list;
}

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be a whole number from ${min} to ${max}` });
}

/** The Settings rules of the demo booking (shared/schemas/site-settings.ts spreads them into SETTING_RULES). */
export const BOOKING_SETTING_RULES = {
  /** Where Book Demo buttons go: "site" (/book-demo) or "link" (the booking and payment link). */
  demoBooking: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["site", "link"], { error: "must be site or link" })),
  bookingHours: z.string().transform((v, ctx) => {
    const week = parseWeeklyHours(v);
    if (typeof week === "string") {
      ctx.addIssue({ code: "custom", message: week });
      return z.NEVER;
    }
    return week;
  }),
  bookingSlotMinutes: wholeNumber(10, 240),
  bookingBufferMinutes: wholeNumber(0, 120),
  bookingDaysAhead: wholeNumber(1, 180),
  bookingBlockedDates: z.string().transform((v, ctx) => {
    const list = parseBlockedDates(v);
    if (typeof list === "string") {
      ctx.addIssue({ code: "custom", message: list });
      return z.NEVER;
    }
    return list;
  }),
  /** The demo's price in rupees (what the payment link asks): 1 to 100000, up to two decimals. */
  demoPrice: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "must be an amount in rupees such as 1 or 499.50")
    .transform((v) => Math.round(Number(v) * 100))
    .refine((paise) => paise >= 100 && paise <= 10_000_000, { message: "must be from 1 to 100000 rupees" }),
} as const;

export type Availability = {
  hours: WeeklyHours;
  slotMinutes: number;
  bufferMinutes: number;
  daysAhead: number;
  blockedDates: readonly string[];
  timeZone: string;
};

// ---- The visitor's form ----

/** The form's fields with their longest values. */
export const BOOKING_FIELD_MAX = { name: 100, email: 254, whatsapp: 24, businessType: 100, note: 1000 } as const;
export type BookingFieldName = keyof typeof BOOKING_FIELD_MAX;

/**
 * The form's messages (the page's copy, owner-editable, in the page's language): `{field}` and `{max}` are
 * replaced by the field's label and its longest length.
 */
export type BookingMessages = {
  pickTime: string;
  required: string;
  tooLong: string;
  badCharacters: string;
  invalidEmail: string;
  invalidWhatsapp: string;
};
export type BookingLabels = Record<BookingFieldName, string>;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function fill(template: string, label: string, max: number): string {
  return template.replaceAll("{field}", label).replaceAll("{max}", String(max));
}

/** The booking's schema in the page's words: the page (before sending) and the server (its action) build the same. */
export function bookingSchema(messages: BookingMessages, labels: BookingLabels) {
  const text = (name: BookingFieldName, required: boolean) => {
    const label = labels[name];
    const max = BOOKING_FIELD_MAX[name];
    const base = z
      .string({ error: fill(messages.required, label, max) })
      .trim()
      .max(max, { error: fill(messages.tooLong, label, max), abort: true })
      .refine((v) => !v.includes("\u0000") && (name === "note" || !CONTROL.test(v)), { error: fill(messages.badCharacters, label, max), abort: true });
    return required ? base.refine((v) => v.length > 0, { error: fill(messages.required, label, max), abort: true }) : base;
  };
  return z.object({
    slot: z
      .string({ error: messages.pickTime })
      .regex(/^\d{12,14}$/, messages.pickTime)
      .transform(Number),
    name: text("name", true),
    email: text("email", true).refine((v) => z.email().safeParse(v).success, { error: messages.invalidEmail }),
    whatsapp: text("whatsapp", true).refine((v) => /^\+?[\d\s()-]{8,24}$/.test(v) && v.replace(/\D/g, "").length >= 8 && v.replace(/\D/g, "").length <= 15, {
      error: messages.invalidWhatsapp,
    }),
    businessType: text("businessType", true),
    note: z.preprocess((v) => (v === undefined || v === null ? "" : v), text("note", false)),
    /** The visitor's time zone as their browser names it (only for showing times); a bad one is the site's. */
    timeZone: z.preprocess((v) => (typeof v === "string" && v.length <= 64 ? v : ""), z.string()),
  });
}

export type BookingForm = z.output<ReturnType<typeof bookingSchema>>;
export type BookingFormField = keyof BookingForm;
const ORDER: BookingFormField[] = ["slot", "name", "email", "whatsapp", "businessType", "note", "timeZone"];

export type BookingCheck =
  | { ok: true; data: BookingForm }
  | { ok: false; errors: Partial<Record<BookingFormField, string>>; first: BookingFormField; message: string };

/** Checks a booking: each field's first problem, and the first field at fault in the form's order. */
export function validateBooking(input: unknown, messages: BookingMessages, labels: BookingLabels): BookingCheck {
  const parsed = bookingSchema(messages, labels).safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Partial<Record<BookingFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as BookingFormField | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  const first = ORDER.find((k) => errors[k]) ?? "slot";
  return { ok: false, errors, first, message: errors[first] ?? messages.pickTime };
}

/** The form's values as posted (strings only), for showing them back. */
export function bookingFromFormData(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ORDER) {
    const v = form.get(key);
    if (typeof v === "string") out[key] = v;
  }
  return out;
}
