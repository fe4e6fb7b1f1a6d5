import type { z } from "zod";
import { type SiteSettings, senderNameOf } from "../shared/schemas/site-settings";
import { EnvSchema, PLACEHOLDER_BOOKING_URL } from "./env-schema";

/** The environment, validated once (its variables and rules: env-schema.ts), and what is derived from it. */

/** The site's own booking page (issue 42): where Book Demo buttons go when booking is on the site. */
export const BOOK_DEMO_PATH = "/book-demo";

export type Env = z.output<typeof EnvSchema>;

export type Config = Env & {
  isPostgres: boolean;
  /** The parts of the configuration a browser may see: the environment's; pages and e-mails read the effective ones (siteSettings()). */
  site: PublicSite;
  /** The owner's settings as the environment gives them: the defaults the studio's Settings override (server/services/content). */
  settings: SiteSettings;
};

export type PublicSite = {
  publicUrl: string;
  email: string;
  phone: string;
  whatsappNumber: string;
  address: string;
  /** Where Book Demo buttons go: "/book-demo" when booking is on the site (bookingOnSite), else the outside link. */
  bookingUrl: string;
  bookingOnSite: boolean;
  social: { facebook: string; instagram: string; linkedin: string; youtube: string };
  demoVideoUrl: string;
  mapsUrl: string;
  auth: { google: boolean; microsoft: boolean };
  /** The site's time zone (Settings): the day a post shows is the day there (issue 44). */
  timeZone: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** zod's own wording ("Invalid input: expected number, received NaN"), as opposed to a message a rule gives. */
const ZOD_WORDING = /^(Invalid|Too (small|big))\b/;

/**
 * One problem in words an operator reads at a glance ("must be a number"): zod's wording speaks of types and NaN.
 * A rule's own message is kept. The value itself is never repeated: it may be a secret (SMTP_URL's password).
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "number") return "must be a number";
      if (issue.expected === "int") return "must be a whole number";
      return `must be a ${issue.expected}`;
    case "too_small":
      if (issue.origin === "string") return `must be at least ${String(issue.minimum)} characters`;
      return issue.inclusive ? `must be at least ${String(issue.minimum)}` : `must be more than ${String(issue.minimum)}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${String(issue.maximum)} characters`;
      return issue.inclusive ? `must be at most ${String(issue.maximum)}` : `must be less than ${String(issue.maximum)}`;
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      if (issue.format === "email") return "must be an e-mail address";
      if (issue.format === "url") return "must be a URL";
      return "is not in the expected form";
    default:
      return issue.message;
  }
}

/** Parses an environment; throws ConfigError naming each bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  // An empty variable means "use the default", as most .env tooling expects.
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== "") cleaned[key] = value;
  }
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".") || "(environment)"}: ${describeIssue(issue)}`));
  }
  const env = result.data;
  const settings: SiteSettings = {
    email: env.COMPANY_EMAIL,
    phone: env.COMPANY_PHONE,
    whatsappNumber: env.WHATSAPP_NUMBER,
    address: env.COMPANY_ADDRESS,
    addressHi: env.COMPANY_ADDRESS_HI,
    mapsUrl: env.MAPS_URL,
    bookingUrl: env.BOOKING_URL,
    facebook: env.SOCIAL_FACEBOOK_URL,
    instagram: env.SOCIAL_INSTAGRAM_URL,
    linkedin: env.SOCIAL_LINKEDIN_URL,
    youtube: env.SOCIAL_YOUTUBE_URL,
    demoVideoUrl: env.DEMO_VIDEO_URL,
    leadNotifyEmails: env.LEAD_NOTIFY_EMAILS,
    senderName: senderNameOf(env.MAIL_FROM) || "Wise Parrot",
    timeZone: env.SITE_TIME_ZONE,
    replyTo: env.MAIL_REPLY_TO,
    weeklyReport: env.WEEKLY_REPORT,
    hindiHandover: env.HINDI_HANDOVER,
    // Unset: the outside link only when one is really configured (not the placeholder .env.example carries).
    demoBooking: env.DEMO_BOOKING ?? (cleaned.BOOKING_URL && env.BOOKING_URL !== PLACEHOLDER_BOOKING_URL ? "link" : "site"),
    bookingHours: env.BOOKING_HOURS,
    bookingSlotMinutes: env.BOOKING_SLOT_MINUTES,
    bookingBufferMinutes: env.BOOKING_BUFFER_MINUTES,
    bookingDaysAhead: env.BOOKING_DAYS_AHEAD,
    bookingBlockedDates: env.BOOKING_BLOCKED_DATES,
    meetingLink: env.MEETING_LINK,
    demoPrice: env.DEMO_PRICE,
  };
  if ([env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length % 3 !== 0) {
    throw new ConfigError(["RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: set all three, or none"]);
  }
  return {
    ...env,
    isPostgres: /^postgres(ql)?:\/\//i.test(env.DATABASE_URL),
    settings,
    site: {
      publicUrl: env.PUBLIC_URL,
      email: env.COMPANY_EMAIL,
      phone: env.COMPANY_PHONE,
      whatsappNumber: env.WHATSAPP_NUMBER,
      address: env.COMPANY_ADDRESS,
      bookingUrl: settings.demoBooking === "site" ? BOOK_DEMO_PATH : env.BOOKING_URL,
      bookingOnSite: settings.demoBooking === "site",
      social: {
        facebook: env.SOCIAL_FACEBOOK_URL,
        instagram: env.SOCIAL_INSTAGRAM_URL,
        linkedin: env.SOCIAL_LINKEDIN_URL,
        youtube: env.SOCIAL_YOUTUBE_URL,
      },
      demoVideoUrl: env.DEMO_VIDEO_URL,
      mapsUrl: env.MAPS_URL,
      timeZone: settings.timeZone,
      auth: {
        google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
        microsoft: Boolean(env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET),
      },
    },
  };
}

let cached: Config | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Loads the configuration or stops the process with a message naming the bad variables. */
export function loadConfigOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
