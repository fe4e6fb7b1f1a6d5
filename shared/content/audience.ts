/** The studio's audience area (issue 16): subscribers, newsletters, leads, accounts, and the e-mail template. */

export const EMAIL_TEMPLATE = {
  siteName: "Wise Parrot",
  whyYouGetThis: "You receive this e-mail because you subscribed to the Wise Parrot newsletter.",
  unsubscribe: "Unsubscribe",
} as const;

/**
 * Where a mail client's one-click unsubscribe (RFC 8058) posts: the one address of the site that accepts a
 * cross-site POST, since the POST comes from the mail provider, not from this site.
 */
export const NEWSLETTER_ONE_CLICK_PATH = "/api/newsletter/one-click";

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const LEAD_STATUSES = ["pending", "sending", "delivered", "failed", "spam"] as const;

export const AUDIENCE_RULES = {
  /** How long the unsubscribe link of a newsletter works after it was sent. */
  newsletterUnsubscribeTtlMs: 366 * 24 * 3600_000,
  /** Weeks shown in the subscribers' growth line. */
  growthWeeks: 12,
  /** Rows per page in the studio's lists. */
  pageSize: 50,
  /** Newsletter messages one process sends at the same time. */
  sendConcurrency: 8,
  /** Test sends of one newsletter per staff member and hour. */
  testSendsPerHour: 10,
  /** CSV exports per staff member and hour (each reads whole tables). */
  exportsPerHour: 30,
} as const;

export const AUDIENCE_MESSAGES = {
  postNotFound: "That post does not exist.",
  postNotPublished: "Only a published post can be sent as a newsletter.",
  alreadySent: "This post has already been sent as a newsletter.",
  nobodyToSend: "There are no confirmed subscribers to send to.",
  confirmCountChanged: (n: number) => `The number of confirmed subscribers is now ${n}. Check it and confirm again.`,
  testSent: (email: string) => `A test was sent to ${email}.`,
  sendStarted: (n: number) => `Sending to ${n} confirmed ${n === 1 ? "subscriber" : "subscribers"}.`,
  subscriberNotFound: "That subscriber does not exist.",
  subscriberErased: "The subscriber and everything kept about them were removed.",
  leadNotFound: "That lead does not exist.",
  leadNotRetryable: "Only a lead whose delivery failed can be retried.",
  leadRetried: "The lead is queued for delivery again.",
  leadMarkedSpam: "The lead was marked as spam; it will not be sent to the CRM.",
  leadMarkedNotSpam: "The lead is no longer spam.",
  leadBusy: "The lead is being sent right now. Try again in a moment.",
  accountNotFound: "That account does not exist.",
  accountIsStaff: "A staff account cannot be disabled here: remove its studio access first.",
  accountDisabled: "The account is disabled and signed out everywhere.",
  accountEnabled: "The account can sign in again.",
  disabledSignIn: "This account has been disabled. Please contact us if you think this is a mistake.",
  tooManyExports: "Too many exports. Please wait a while and try again.",
  tooManyTests: "Too many test e-mails. Please wait a while and try again.",
} as const;

export const NEWSLETTER_EMAIL = {
  readMore: "Read it on the website",
  testPrefix: "[Test] ",
} as const;

export const LEAD_NOTIFY_EMAIL = {
  subject: (name: string) => `New lead from the website: ${name}`,
  intro: "Someone sent the contact form on the website.",
  open: "Open the lead in the studio",
  fields: { name: "Name", email: "E-mail", phone: "Phone", source: "Came from", message: "Message" },
} as const;
