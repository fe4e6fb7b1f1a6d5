import { isHttpUrl } from "../http-url";
import { videoEmbedProblem } from "../video-embed";
import { z } from "../zod";
import { BOOKING_SETTING_RULES } from "./booking";

/**
 * The rules of the site's identity and the owner's settings, in one place: server/config.ts validates the
 * environment's values with them (the defaults), and the content service the owner's (the studio's Settings page,
 * which overrides them). A value refused in one is refused in the other, with the same message.
 *
 * Each rule takes the text as typed (a form field, an environment variable) and gives the value the site uses.
 */
/**
 * An http(s) address as typed (isHttpUrl, any length): trimmed, and without the tabs and line breaks a browser's URL
 * parser drops (what the site links to is the address the browser reads). The environment's other addresses
 * (server/config.ts) follow it too.
 */
export const HTTP_URL_RULE = z
  .string()
  .trim()
  .refine((v) => isHttpUrl(v, Number.POSITIVE_INFINITY), { error: "must be an http(s) URL" })
  .overwrite((v) => v.replace(/[\t\n\r]/g, ""));

const httpUrl = HTTP_URL_RULE.max(500, "must be at most 500 characters");

export const SETTING_RULES = {
  email: z.email({ error: "must be an e-mail address" }).max(320, "must be at most 320 characters"),
  phone: z.string().trim().min(3, "must be at least 3 characters").max(40, "must be at most 40 characters"),
  whatsappNumber: z
    .string()
    .transform((v) => v.replace(/[\s()+-]/g, ""))
    .pipe(z.string().regex(/^\d{8,15}$/, "must be 8 to 15 digits, country code first")),
  address: z.string().trim().min(3, "must be at least 3 characters").max(300, "must be at most 300 characters"),
  /** The address as the Hindi pages show it (issue 33): the same rules; empty, the English address shows there. */
  addressHi: z
    .string()
    .trim()
    .max(300, "must be at most 300 characters")
    .refine((v) => v === "" || v.length >= 3, { message: "must be at least 3 characters" }),
  mapsUrl: httpUrl,
  bookingUrl: httpUrl,
  facebook: httpUrl,
  instagram: httpUrl,
  linkedin: httpUrl,
  youtube: httpUrl,
  /** The home page's frame (decision 0045): only an address the page can embed (shared/video-embed.ts). */
  demoVideoUrl: httpUrl.superRefine((v, ctx) => {
    const problem = videoEmbedProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  /** Who is told by e-mail about each new lead: comma-separated addresses; empty: nobody. */
  leadNotifyEmails: z.string().transform((v, ctx) => {
    const list = v.split(",").map((a) => a.trim()).filter(Boolean);
    for (const a of list) if (!z.email().safeParse(a).success) ctx.addIssue({ code: "custom", message: `"${a.slice(0, 80)}" is not an e-mail address` });
    if (list.length > 20) ctx.addIssue({ code: "custom", message: "must be at most 20 addresses" });
    return list;
  }),
  /** The name e-mails come from (the address stays MAIL_FROM's). */
  senderName: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(80, "must be at most 80 characters")
    .refine((v) => !/[<>"\\]/.test(v) && ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f), {
      message: "must not contain <, >, quotes, backslashes or line breaks",
    }),
  /** The Reply-To of newsletters and the site's e-mails (decision 0030): one address; empty: none (replies go to the sender). */
  replyTo: z
    .string()
    .trim()
    .max(254, "must be at most 254 characters")
    .refine((v) => v === "" || (z.email().safeParse(v).success && !/[\s<>,;"]/.test(v)), { message: "must be an e-mail address" }),
  /** An IANA time zone (Asia/Kolkata): every time in the studio and in e-mails to the owner is shown in it. */
  timeZone: z
    .string()
    .trim()
    .max(64, "must be at most 64 characters")
    .refine(isTimeZone, { message: "must be a time zone such as Asia/Kolkata or Europe/London" }),
  /** The weekly e-mail to the owners (visitors, sources, leads, subscriptions): "on" or "off". */
  weeklyReport: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["on", "off"], { error: "must be on or off" })),
  /** Whether a Hindi-speaking person answers hand-overs (issue 33): the assistant's hand-over in Hindi says so. "on" or "off". */
  hindiHandover: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["on", "off"], { error: "must be on or off" })),
  /** The demo booking (issue 42): on the site or the link above; the availability; the price asked. */
  ...BOOKING_SETTING_RULES,
  /** The video call's address the visitor joins (in the confirmation, the e-mails and the .ics). */
  meetingLink: httpUrl,
} as const;

export type SettingKey = keyof typeof SETTING_RULES;

export const SETTING_KEYS = Object.keys(SETTING_RULES) as SettingKey[];

/** The values the site uses (what each rule gives). */
export type SiteSettings = { [K in SettingKey]: z.output<(typeof SETTING_RULES)[K]> };

export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The display name of a From header (`Wise Parrot <no-reply@example.com>` → `Wise Parrot`), or "" when it has none. */
export function senderNameOf(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(from);
  return match?.[1]?.trim() ?? "";
}

/** The address of a From header (`Wise Parrot <no-reply@example.com>` → `no-reply@example.com`). */
export function senderAddressOf(from: string): string {
  const match = /<([^>]+)>\s*$/.exec(from);
  return (match?.[1] ?? from).trim();
}

/** A From header with the given display name (quoted: the name may hold commas or dots). */
export function fromHeader(name: string, address: string): string {
  return name ? `"${name}" <${address}>` : address;
}
