/** The studio's Settings page (owner only): the site's identity and the owner's e-mail settings (decision 0024). */
import type { SettingKey } from "../schemas/site-settings";

export type SettingField = {
  key: SettingKey;
  /** As the visitor or the owner meets the value. */
  label: string;
  hint?: string;
  type: "text" | "email" | "tel" | "url" | "select";
  /** For a select: its choices (value and label); an empty choice means the default. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The environment variable whose value is the default. */
  env: string;
  /** The language of the value (a text visitors read on the Hindi pages), for the input's `lang`. */
  lang?: "hi";
  /** What an empty field means, said instead of the default (a translation: the English value shows). */
  emptyMeans?: string;
};

export const SETTINGS_GROUPS: ReadonlyArray<{ title: string; fields: readonly SettingField[] }> = [
  {
    title: "Contact",
    fields: [
      { key: "email", label: "Company e-mail", type: "email", env: "COMPANY_EMAIL" },
      { key: "phone", label: "Phone", type: "tel", env: "COMPANY_PHONE" },
      { key: "whatsappNumber", label: "WhatsApp number", hint: "Digits with the country code, such as 919876543210.", type: "tel", env: "WHATSAPP_NUMBER" },
      { key: "address", label: "Office address", type: "text", env: "COMPANY_ADDRESS" },
      {
        key: "addressHi",
        label: "Office address in Hindi",
        hint: "Shown on the Hindi pages (/hi), in the footer and on the contact page.",
        type: "text",
        env: "COMPANY_ADDRESS_HI",
        lang: "hi",
        emptyMeans: "Empty: the Hindi pages show the office address above.",
      },
      { key: "mapsUrl", label: "Maps link", type: "url", env: "MAPS_URL" },
    ],
  },
  {
    title: "Links",
    fields: [
      { key: "bookingUrl", label: "Booking and payment link", type: "url", env: "BOOKING_URL" },
      { key: "demoVideoUrl", label: "Demo video", hint: "A player address: YouTube (youtube.com/embed/…), youtube-nocookie, Vimeo (player.vimeo.com/video/…), or any https address whose host allows embedding.", type: "url", env: "DEMO_VIDEO_URL" },
      { key: "facebook", label: "Facebook", type: "url", env: "SOCIAL_FACEBOOK_URL" },
      { key: "instagram", label: "Instagram", type: "url", env: "SOCIAL_INSTAGRAM_URL" },
      { key: "linkedin", label: "LinkedIn", type: "url", env: "SOCIAL_LINKEDIN_URL" },
      { key: "youtube", label: "YouTube", type: "url", env: "SOCIAL_YOUTUBE_URL" },
    ],
  },
  {
    title: "Demo booking",
    fields: [
      {
        key: "demoBooking",
        label: "Demo booking",
        hint: "Where every Book Demo button goes: the site's own booking page (/book-demo: a time, the payment, reminders), or the booking and payment link above.",
        type: "select",
        options: [
          { value: "site", label: "On this site" },
          { value: "link", label: "An outside booking link" },
        ],
        env: "DEMO_BOOKING",
        emptyMeans: "Empty: on this site, unless the server sets a booking link (BOOKING_URL).",
      },
      { key: "bookingHours", label: "Weekly hours", hint: "Days and hours in the site's time zone, such as: Mon-Fri 10:00-13:00 14:00-18:00; Sat 10:00-14:00. Days not named are closed.", type: "text", env: "BOOKING_HOURS" },
      { key: "bookingSlotMinutes", label: "Demo length (minutes)", type: "text", env: "BOOKING_SLOT_MINUTES" },
      { key: "bookingBufferMinutes", label: "Break between demos (minutes)", type: "text", env: "BOOKING_BUFFER_MINUTES" },
      { key: "bookingDaysAhead", label: "Days ahead a demo can be booked", type: "text", env: "BOOKING_DAYS_AHEAD" },
      { key: "bookingBlockedDates", label: "Days off", hint: "Dates with no demos, separated by commas, such as 2026-12-25, 2027-01-01.", type: "text", env: "BOOKING_BLOCKED_DATES" },
      { key: "meetingLink", label: "Meeting link", hint: "The video call visitors join (in the confirmation, the e-mails and the calendar invitation).", type: "url", env: "MEETING_LINK" },
      { key: "demoPrice", label: "Demo price (rupees)", hint: "What the Razorpay payment link asks. The price the page shows is its copy (Pages, Book Demo page).", type: "text", env: "DEMO_PRICE" },
    ],
  },
  {
    title: "E-mail and time",
    fields: [
      { key: "leadNotifyEmails", label: "Who is told about new leads", hint: "E-mail addresses, separated by commas.", type: "text", env: "LEAD_NOTIFY_EMAILS" },
      { key: "senderName", label: "Sender's name", hint: "The name e-mails from the site come from.", type: "text", env: "MAIL_FROM" },
      { key: "replyTo", label: "Reply-To address", hint: "Where replies to newsletters and the site's e-mails go. Empty: to the sender's address.", type: "email", env: "MAIL_REPLY_TO" },
      { key: "timeZone", label: "Time zone", hint: "Times in the studio and in e-mails to you are shown in it, such as Asia/Kolkata.", type: "text", env: "SITE_TIME_ZONE" },
      {
        key: "weeklyReport",
        label: "Weekly report",
        hint: "An e-mail to the owners every Monday morning (in the time zone above): visitors, top sources, leads, subscriptions and chat questions handed over to you, of the week before.",
        type: "select",
        options: [
          { value: "on", label: "On: send it" },
          { value: "off", label: "Off: do not send it" },
        ],
        env: "WEEKLY_REPORT",
      },
      {
        key: "hindiHandover",
        label: "Hindi-speaking person",
        hint: "Whether someone on your team answers in Hindi when the help assistant hands a visitor over. The assistant's Hindi hand-over says so.",
        type: "select",
        options: [
          { value: "on", label: "On: someone answers in Hindi" },
          { value: "off", label: "Off: nobody answers in Hindi yet" },
        ],
        env: "HINDI_HANDOVER",
      },
    ],
  },
];

export const SETTINGS_PAGE = {
  title: "Settings",
  intro:
    "The site's contact details, links and e-mail settings. A field left empty uses the server's default (shown under it). Passwords and keys stay in the server's environment.",
  defaultLabel: "Default:",
  noDefault: "nobody",
  useDefault: "The default",
  save: "Save settings",
  saving: "Saving…",
  saved: "Settings saved. The site shows them within a few seconds.",
  unchanged: "Nothing changed.",
  fixFields: "Some values need fixing: see the messages below.",
  /** The message next to a field: its label and the rule it broke. */
  fieldError: (label: string, problem: string) => `${label} ${problem}.`,
} as const;

/**
 * Settings that decide where the site's leads, replies and visitors go (issue 39, item 3): changing one asks for a
 * fresh second factor, is a security event, and every owner (and the lead recipients until now) is told by e-mail.
 */
export const GUARDED_SETTINGS = ["leadNotifyEmails", "senderName", "replyTo", "bookingUrl", "whatsappNumber", "demoBooking", "meetingLink"] as const satisfies readonly SettingKey[];

/** The e-mail the owners get when one of GUARDED_SETTINGS changed. */
export const SETTINGS_CHANGED_EMAIL = {
  subject: "Wise Parrot: the site's e-mail and contact settings were changed",
  blocks: (who: string, when: string, changes: readonly string[], link: string) => [
    { kind: "paragraph" as const, text: `${who} changed these settings of the Wise Parrot website on ${when}:` },
    ...changes.map((text) => ({ kind: "paragraph" as const, text: `- ${text}` })),
    { kind: "paragraph" as const, text: "If this was not you or someone you trust, sign in, change them back, and end the other sessions by changing your password." },
    { kind: "button" as const, label: "Open the settings", url: link },
  ],
  /** How a value reads in the e-mail: as saved, or the server's default (its text, when it has one). */
  value: (text: string | null, fallback: string) => (text !== null ? `"${text}"` : fallback ? `the server's default ("${fallback}")` : "the server's default (none)"),
};
