import net from "node:net";
import { z } from "zod";
import { DEFAULT_TIME_ZONE, HTTP_URL_RULE, SETTING_RULES } from "../shared/schemas/site-settings";

/**
 * The whole environment's variables and their rules (zod), read by parseConfig (config.ts). Defaults are
 * deliberately fake and harmless (example.com, +91 00000 00000) so nothing real-looking is invented.
 */

const optionalUrl = HTTP_URL_RULE.optional();

/** The outside booking link's placeholder: a site with only this has no booking link configured (issue 42). */
export const PLACEHOLDER_BOOKING_URL = "https://payments.example.com/wise-parrot-demo";

const positiveInt = z.coerce.number().int().positive();

/**
 * Which peers may speak for the client in X-Forwarded-For: none, the nearest `hops` proxies (whatever their
 * address), or the proxies whose addresses are in `ranges`. server/http/client-ip.ts walks the hops from the right.
 */
export type TrustProxy = { kind: "hops"; hops: number } | { kind: "ranges"; ranges: net.BlockList; text: string };

const NAMED_RANGES: Record<string, Array<[string, number, "ipv4" | "ipv6"]>> = {
  loopback: [["127.0.0.0", 8, "ipv4"], ["::1", 128, "ipv6"]],
  private: [["10.0.0.0", 8, "ipv4"], ["172.16.0.0", 12, "ipv4"], ["192.168.0.0", 16, "ipv4"], ["fc00::", 7, "ipv6"]],
};

/** false | true (one proxy) | a hop count | a comma list of addresses, CIDRs, "loopback" or "private". */
export function parseTrustProxy(value: string): TrustProxy | string {
  const v = value.trim().toLowerCase();
  if (["", "false", "no", "0"].includes(v)) return { kind: "hops", hops: 0 };
  if (["true", "yes"].includes(v)) return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 32 ? { kind: "hops", hops } : "a hop count must be at most 32";
  }
  const ranges = new net.BlockList();
  for (const item of v.split(",").map((s) => s.trim())) {
    const named = NAMED_RANGES[item];
    if (named) {
      for (const [address, prefix, family] of named) ranges.addSubnet(address, prefix, family);
      continue;
    }
    const [address = "", prefix, ...rest] = item.split("/");
    const family = net.isIP(address);
    const max = family === 4 ? 32 : 128;
    if (!family || rest.length > 0 || (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max))) {
      return `"${item}" is not an IP address or CIDR range (expected false, true, a hop count, or a comma list such as 10.0.0.0/8,::1,loopback)`;
    }
    ranges.addSubnet(address, prefix === undefined ? max : Number(prefix), family === 4 ? "ipv4" : "ipv6");
  }
  return { kind: "ranges", ranges, text: v };
}

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * `npm run dev` only: the port of Vite's hot-reload WebSocket. Unset: the dev server's own PORT carries it (one
   * port per person, nothing else to collide on a shared machine); a number: a separate port for it.
   */
  DEV_HMR_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUBLIC_URL: HTTP_URL_RULE.default("http://localhost:3000").transform((v) => v.replace(/\/+$/, "")),
  DATABASE_URL: z
    .string()
    .min(1)
    .default("data/wise-parrot.db")
    // Any other scheme is refused, with or without "//": "file:/tmp/site.db" used to become a folder named "file:".
    .refine((v) => !/^[a-z][a-z0-9+.-]+:/i.test(v) || /^postgres(ql)?:\/\//i.test(v) || /^sqlite:/i.test(v), {
      message: "must be a SQLite file path or a postgres:// URL",
    }),
  /** Server processes sharing the port (node:cluster). Unset: one per CPU; 1: a single process. */
  WEB_CONCURRENCY: positiveInt.max(64).optional(),
  /** PostgreSQL connections per server process. */
  DATABASE_POOL_SIZE: positiveInt.max(200).default(20),
  // The request line (server/http/admission.ts). Unset: 8 on SQLite, DATABASE_POOL_SIZE + 8 on PostgreSQL.
  MAX_CONCURRENT_REQUESTS: positiveInt.optional(),
  MAX_QUEUED_REQUESTS: positiveInt.default(2000),
  MAX_QUEUE_WAIT_MS: positiveInt.default(15_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Whom to believe about the client's address: see parseTrustProxy and the README ("Behind a reverse proxy"). */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx): TrustProxy => {
      const trust = parseTrustProxy(v);
      if (typeof trust === "string") {
        ctx.addIssue({ code: "custom", message: trust });
        return z.NEVER;
      }
      return trust;
    }),

  // Site identity: the defaults of the owner's settings (studio, Settings), validated by the same rules (shared/schemas/site-settings.ts).
  COMPANY_EMAIL: SETTING_RULES.email.default("hello@example.com"),
  COMPANY_PHONE: SETTING_RULES.phone.default("+91 00000 00000"),
  WHATSAPP_NUMBER: SETTING_RULES.whatsappNumber.default("910000000000"),
  COMPANY_ADDRESS: SETTING_RULES.address.default("Example Business Park, Baner, Pune, Maharashtra 411045, India"),
  /** The address on the Hindi pages (issue 33); empty: the English one. */
  COMPANY_ADDRESS_HI: SETTING_RULES.addressHi.default(""),
  BOOKING_URL: SETTING_RULES.bookingUrl.default(PLACEHOLDER_BOOKING_URL),
  SOCIAL_FACEBOOK_URL: SETTING_RULES.facebook.default("https://facebook.example.com/wiseparrot"),
  SOCIAL_INSTAGRAM_URL: SETTING_RULES.instagram.default("https://instagram.example.com/wiseparrot"),
  SOCIAL_LINKEDIN_URL: SETTING_RULES.linkedin.default("https://linkedin.example.com/company/wiseparrot"),
  SOCIAL_YOUTUBE_URL: SETTING_RULES.youtube.default("https://youtube.example.com/@wiseparrot"),
  DEMO_VIDEO_URL: SETTING_RULES.demoVideoUrl.default("https://video.example.com/embed/wise-parrot-demo"),
  MAPS_URL: SETTING_RULES.mapsUrl.default("https://www.google.com/maps/search/?api=1&query=Pune%2C+Maharashtra%2C+India"),
  /** The site's time zone: every time in the studio and in e-mails to the owner is shown in it, named. */
  SITE_TIME_ZONE: SETTING_RULES.timeZone.default(DEFAULT_TIME_ZONE),
  /** The weekly report e-mail to the owners, Monday mornings in the site's time zone: on (default) or off. */
  WEEKLY_REPORT: SETTING_RULES.weeklyReport.default("on"),
  /** Whether a Hindi-speaking person answers the assistant's hand-overs (the owner's setting overrides it): off by default. */
  HINDI_HANDOVER: SETTING_RULES.hindiHandover.default("off"),

  // The demo booking (issue 42): defaults of the owner's Settings.
  /** site (/book-demo) or link (BOOKING_URL). Unset: link when BOOKING_URL is set (to other than its placeholder), else site. */
  DEMO_BOOKING: SETTING_RULES.demoBooking.optional(),
  BOOKING_HOURS: SETTING_RULES.bookingHours.prefault("Mon-Sat 10:00-18:00"),
  BOOKING_SLOT_MINUTES: SETTING_RULES.bookingSlotMinutes.prefault("30"),
  BOOKING_BUFFER_MINUTES: SETTING_RULES.bookingBufferMinutes.prefault("15"),
  BOOKING_DAYS_AHEAD: SETTING_RULES.bookingDaysAhead.prefault("14"),
  BOOKING_BLOCKED_DATES: SETTING_RULES.bookingBlockedDates.prefault(""),
  MEETING_LINK: SETTING_RULES.meetingLink.default("https://meet.example.com/wise-parrot-demo"),
  /** Rupees the demo's payment link asks (1 to 100000). */
  DEMO_PRICE: SETTING_RULES.demoPrice.prefault("1"),
  /** Razorpay (all three, or none: then bookings are confirmed unpaid, "pay at the demo"). */
  RAZORPAY_KEY_ID: z.string().trim().optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Tests only: the Razorpay API's origin (a local stand-in); unset, the SDK's own (https://api.razorpay.com). */
  RAZORPAY_API_URL: optionalUrl,

  // E-mail.
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().min(3).default("Wise Parrot <no-reply@example.com>"),
  /** The default Reply-To of newsletters and the site's e-mails (the owner's setting overrides it); empty: none. */
  MAIL_REPLY_TO: SETTING_RULES.replyTo.default(""),
  MAIL_DIR: z.string().min(1).default("data/mail"),
  /** Newsletter messages per minute, shared by every process (the send is spread when queued); 0 sends as fast as SMTP takes them. */
  MAIL_SEND_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** An address that unsubscribes whoever writes to it, offered in List-Unsubscribe beside the link; empty: the link only. */
  NEWSLETTER_UNSUBSCRIBE_MAILTO: z.union([z.literal(""), z.email()]).default("").transform((v) => v || undefined),

  // Sessions.
  SESSION_IDLE_HOURS: positiveInt.default(24 * 7),
  SESSION_ABSOLUTE_DAYS: positiveInt.default(30),
  /**
   * The key that seals the studio's TOTP secrets at rest (AES-256-GCM): 32 random bytes as 64 hex digits or base64
   * (`openssl rand -hex 32`). Unset: secrets are stored as before, unsealed, and a production server says so at start
   * (decision 0020). Rotated by re-enrolment: a secret sealed with another key cannot be read. A key derived from it
   * signs the owner's archives (decision 0039): only an archive signed with it brings staff access back on import.
   */
  TOTP_SECRET_KEY: z
    .string()
    .trim()
    .default("")
    .transform((v, ctx) => {
      if (v === "") return undefined;
      const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(v) ? Buffer.from(v, "base64") : null;
      if (!key || key.length !== 32) {
        ctx.addIssue({ code: "custom", message: "must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)" });
        return z.NEVER;
      }
      return key;
    }),

  // Social sign-in (enabled per provider when both id and secret are set).
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER: HTTP_URL_RULE.default("https://accounts.google.com"),
  MICROSOFT_CLIENT_ID: z.string().trim().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().trim().optional(),
  MICROSOFT_TENANT: z.string().trim().min(1).default("common"),
  MICROSOFT_ISSUER: optionalUrl,

  // CRM web-to-lead forwarding.
  CRM_WEB_TO_LEAD_URL: optionalUrl,
  CRM_HIDDEN_FIELDS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      if (v.trim() === "") return {} as Record<string, string>;
      const out: Record<string, string> = {};
      for (const pair of new URLSearchParams(v)) out[pair[0]] = pair[1];
      if (Object.keys(out).length === 0) {
        ctx.addIssue({ code: "custom", message: "must look like oid=XXXX&retURL=..." });
      }
      return out;
    }),
  /**
   * The form field that carries each lead's idempotency key (the same on every attempt; also sent as the
   * Idempotency-Key header), for a CRM that can keep one lead per key; empty sends the header only.
   */
  CRM_IDEMPOTENCY_FIELD: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{0,100}$/, "must be a form field name (letters, digits, _ . -)")
    .default("idempotency_key"),
  LEAD_RATE_LIMIT_PER_HOUR: positiveInt.default(10),
  /** Who is told by e-mail about each new lead (comma-separated addresses); empty: nobody. */
  LEAD_NOTIFY_EMAILS: SETTING_RULES.leadNotifyEmails.default([]),
  /** New likes of one post from one client address per day (UTC); more answer 429. Views count once per address, post and hour. */
  LIKES_PER_POST_PER_ADDRESS_PER_DAY: positiveInt.default(5),
  /** New accounts per client address and hour. */
  SIGNUP_RATE_LIMIT_PER_HOUR: positiveInt.default(10),
  /**
   * Wrong sign-ins from strangers (every account, every address together) per 10 s; beyond it strangers are refused
   * (429) before any hashing, while known devices and addresses sign in as ever (limits.ts, issue 39 item 2).
   */
  SIGN_IN_STRANGER_FAILURES_PER_10S: positiveInt.default(20),

  // Language model (any OpenAI-compatible chat-completions API).
  LLM_API_KEY: z.string().trim().optional(),
  LLM_BASE_URL: HTTP_URL_RULE.default("https://api.openai.com/v1").transform((v) => v.replace(/\/+$/, "")),
  LLM_MODEL: z.string().min(1).default("gpt-3.5-turbo"),
  LLM_TIMEOUT_MS: positiveInt.default(20_000),
  LLM_DAILY_CAP: positiveInt.default(2000),
  /** One client address's share of LLM_DAILY_CAP per day (issue 39): past it, that address is answered locally. */
  LLM_DAILY_CAP_PER_ADDRESS: positiveInt.default(100),
  CHAT_RATE_LIMIT_PER_MINUTE: positiveInt.default(20),
  /** Days the help chat's questions are kept (text only) for the owner's list of unanswered questions. */
  CHAT_LOG_DAYS: positiveInt.default(90),

  // Analytics (decision 0017).
  /** Days raw page views and goals are kept; each finished day is rolled up into daily totals kept for ever. */
  ANALYTICS_RAW_DAYS: positiveInt.max(3660).default(90),
  /**
   * A folder holding newer country tables (`geoip-country.dat`, `geoip-country6.dat`) than the npm package ships:
   * `npm run countries:update` with GEOLITE2_LICENSE_KEY writes MaxMind's latest release there (decision 0035).
   * Empty: the package's own files.
   */
  COUNTRY_DATA_DIR: z.string().default(""),

  // Backups (decision 0026): `npm run backup` writes here and keeps the newest BACKUP_KEEP.
  BACKUP_DIR: z.string().min(1).default("data/backups"),
  BACKUP_KEEP: positiveInt.max(1000).default(14),
  /** Where `npm run export` without a file writes the owner's archive (0600 files in a 0700 folder). */
  EXPORT_DIR: z.string().min(1).default("data/exports"),
});
