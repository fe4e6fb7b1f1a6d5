/** The studio's audience area (issue 16): subscribers, newsletters, leads, accounts, and the e-mail template. */

export const EMAIL_TEMPLATE = {
  siteName: "Wise Parrot",
  whyYouGetThis: "You receive this e-mail because you subscribed to the Wise Parrot newsletter.",
  unsubscribe: "Unsubscribe",
  /** Under every button: its address, wrapped, for a client that does not show buttons (issue 30). */
  linkBelow: "If the button does not work, open this link:",
} as const;

/**
 * The blocks a site e-mail written in the content is made of (server/services/mail-template.ts renders them: a
 * button with its link below it, paragraphs whose addresses become links).
 */
export type MailBlock = { kind: "paragraph"; text: string } | { kind: "button"; label: string; url: string };

/** A greeting: the first name alone (server/services/mail/outbox.ts firstNameOf), or none when there is none to use. */
export const mailGreeting = (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,");

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
  sendConcurrency: 16,
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
  /** A second request for a post that already went out (a double click, a second tab): nothing more is sent. */
  alreadySentNothingMore: (n: number) => `This post was already sent as a newsletter, to ${n} ${n === 1 ? "subscriber" : "subscribers"}: nothing more was sent.`,
  /** A second request for a post already scheduled: the first schedule stands. */
  alreadyScheduled: (when: string) => `This post is already scheduled to go out on ${when}: nothing was changed.`,
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
  /** Added for a lead sent from the Hindi contact page (issue 33): the owner knows which language to answer in. */
  fromHindiPage: "Sent from the Hindi contact page (/hi/contact): they may prefer an answer in Hindi.",
  open: "Open the lead in the studio",
  fields: { name: "Name", email: "E-mail", phone: "Phone", source: "Came from", message: "Message", received: "Received" },
} as const;

/**
 * The acknowledgement the visitor gets after sending the contact form (issue 45). The address is not verified, so
 * the message carries nothing the sender typed (no name, no message): it cannot be made to say anything to a
 * stranger whose address was typed in.
 */
export const LEAD_ACK_EMAIL = {
  subject: "We received your message - Wise Parrot",
  blocks: (): MailBlock[] => [
    { kind: "paragraph", text: "Hello," },
    { kind: "paragraph", text: "Thank you for contacting Wise Parrot. We received your message and will get back to you shortly." },
    { kind: "paragraph", text: "If you did not write to us, you can ignore this e-mail: nothing more will be sent." },
  ],
  /** At most this many acknowledgements to one address a day, however many forms name it. */
  perAddressPerDay: 3,
};

/** The studio's audience pages. */
export const AUDIENCE_PAGES = {
  subscribers: {
    title: "Subscribers",
    description: "Who receives the newsletter. Only confirmed subscribers are sent newsletters.",
    statuses: { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed" } satisfies Record<SubscriberStatus, string>,
    growthTitle: "Growth per week",
    growthColumns: { week: "Week from", subscribed: "New", confirmed: "Confirmed", unsubscribed: "Unsubscribed" },
    search: "Search by address",
    status: "Status",
    anyStatus: "Any status",
    filter: "Filter",
    export: "Export CSV",
    columns: { email: "Address", status: "Status", created: "Subscribed", confirmed: "Confirmed", actions: "Actions" },
    remove: "Remove…",
    confirmRemoveTitle: "Remove this subscriber completely?",
    confirmRemoveText: (email: string) => `${email} and every link sent to them will be deleted. This cannot be undone; the audit log keeps only that a subscriber was removed.`,
    confirmRemove: "Remove completely",
    cancel: "Cancel",
    empty: "No subscribers match.",
    more: "Older subscribers",
  },
  newsletters: {
    title: "Newsletters",
    description: "Posts sent to the confirmed subscribers, and how each send is going.",
    sendTitle: "Send a post",
    choosePost: "Published post",
    choose: "Preview the newsletter",
    noPosts: "No published post is waiting to be sent.",
    historyTitle: "Sent",
    empty: "No newsletter has been sent yet.",
    columns: { subject: "Post", started: "Started", recipients: "Recipients", sent: "Sent", queued: "Queued", failed: "Failed", unsubscribes: "Unsubscribes since" },
    done: "Sent",
    sending: "Sending",
    open: "Progress",
  },
  newsletter: {
    progressTitle: (subject: string) => `Newsletter: ${subject}`,
    progressDescription: "Updates by itself every few seconds while the send is under way.",
    refresh: "Refresh",
    failuresTitle: "Addresses that refused the message",
    noFailures: "No address refused the message.",
    skippedHint: "Skipped: unsubscribed or removed after the send started.",
    skipped: "Skipped",
    back: "All newsletters",
  },
  newNewsletter: {
    title: "Send as newsletter",
    description: "The e-mail exactly as it will arrive, in the language chosen below. Each subscriber's copy carries their own unsubscribe link.",
    frameLabel: "As a subscriber reads it in",
    subject: "Subject",
    htmlPart: "HTML part",
    textPart: "Plain-text part",
    test: "Send a test to me",
    confirmLabel: (n: number) => `Yes, send this post to ${n} confirmed ${n === 1 ? "subscriber" : "subscribers"} now.`,
    confirmRequired: "Tick the box to confirm the number of subscribers.",
    send: (n: number) => `Send to ${n} confirmed ${n === 1 ? "subscriber" : "subscribers"}`,
    alreadySent: "This post has already been sent as a newsletter.",
    seeProgress: "See its progress",
    notPublished: "Only a published post can be sent as a newsletter. Publish it first.",
    nobody: "There are no confirmed subscribers yet.",
  },
  leads: {
    title: "Leads",
    description: "Everything sent through the contact form, and whether it reached the CRM.",
    noCrm: "No CRM is configured (CRM_WEB_TO_LEAD_URL): leads are stored safely here and are not forwarded anywhere.",
    statuses: { pending: "Pending", sending: "Sending", delivered: "Delivered", failed: "Failed", spam: "Spam" },
    storedOnly: "Stored",
    search: "Search name, address, phone or message",
    status: "Status",
    anyStatus: "Any status",
    from: "From (day)",
    to: "To (day)",
    filter: "Filter",
    export: "Export CSV",
    columns: { received: "Received", name: "Name", email: "E-mail", status: "Status", attempts: "Attempts", lastError: "Last error" },
    empty: "No leads match.",
    more: "Older leads",
  },
  lead: {
    title: (name: string) => `Lead: ${name}`,
    fields: {
      received: "Received",
      email: "E-mail",
      phone: "Phone",
      source: "Came from",
      message: "Message",
      status: "Delivery",
      attempts: "Attempts",
      nextAttempt: "Next attempt",
      delivered: "Delivered",
      crmStatus: "CRM answer status",
      lastError: "Last error",
      crmResponse: "CRM answer",
      /** The contact form sends its hidden default when the visitor was not asked where they heard of us. */
      sourceNotAsked: "not asked",
      /** The collapsed block with the CRM delivery's details. */
      delivery: "Delivery to the CRM",
    },
    retry: "Retry delivery",
    spam: "Mark as spam",
    notSpam: "Not spam",
    back: "All leads",
  },
  accounts: {
    title: "Accounts",
    description: "Visitors' accounts. A disabled account is signed out everywhere at once and cannot sign in.",
    search: "Search name, address or company",
    filter: "Search",
    export: "Export CSV",
    columns: { name: "Name", email: "E-mail", company: "Company", industry: "Industry", verified: "Verified", created: "Created", lastSignIn: "Last sign-in", state: "State", actions: "Actions" },
    yes: "Yes",
    no: "No",
    never: "Never",
    active: "Active",
    disabled: "Disabled",
    staff: "Staff",
    disable: "Disable",
    enable: "Enable",
    empty: "No accounts match.",
    more: "Older accounts",
  },
} as const;
