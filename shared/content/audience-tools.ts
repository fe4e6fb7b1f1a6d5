/**
 * The audience's tools (issue 31, decision 0030): subscribers added by hand and imported, labels, newsletters to
 * chosen labels and at a chosen time, a lead's follow-up, and what is new since the last visit. Server-side strings
 * stay ASCII (\u escapes).
 */

export const LEAD_STAGES = ["new", "contacted", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Where a subscription came from, as the public forms say it (each becomes the subscriber's label). */
export const SUBSCRIBE_SOURCES = ["footer", "blogs", "post", "newsletter-page"] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];

export const AUDIENCE_LIMITS = {
  /** The largest CSV an import takes (bytes, as uploaded). */
  importBytes: 1024 * 1024,
  /** The most rows one import takes. */
  importRows: 10_000,
  /** Labels per subscriber, and a label's length. */
  labelsPerSubscriber: 10,
  labelLength: 40,
  /** Labels a newsletter may be sent to. */
  labelsPerNewsletter: 20,
  consentLength: 500,
  nameLength: 100,
  leadNoteLength: 2000,
  /** Problem rows an import report lists (the counts cover them all). */
  reportRows: 1000,
  /** Opt-in e-mails made per round of the opt-in loop. */
  optinBatch: 100,
  /**
   * Opt-in e-mails the studio's imports and additions may queue per hour, site-wide (issue 39, item 11): one import
   * of 5,000 addresses goes through, a second in the same hour is refused until the hour has passed, so a session
   * (or a stolen one) cannot mail thousands of strangers in the site's name in one go.
   */
  optinsPerHour: 5000,
  /** How far ahead a newsletter may be scheduled. */
  scheduleAheadMs: 366 * 24 * 3600_000,
  /** A visit this long after the last one starts a new "since your last visit". */
  visitGapMs: 30 * 60_000,
} as const;

export const AUDIENCE_TOOLS_MESSAGES = {
  labelInvalid: "A label is 1 to 40 letters, digits, spaces or dashes.",
  tooManyLabels: "At most 10 labels per subscriber.",
  tooManyNewsletterLabels: "Choose at most 20 labels.",
  chooseLabel: "Choose at least one label, or send to every confirmed subscriber.",
  emailInvalid: "Enter a valid e-mail address.",
  nameTooLong: "The name is at most 100 characters.",
  consentTooLong: "Say how consent was obtained in at most 500 characters.",
  consentRequired: "Say how these people agreed to receive the newsletter, or leave the box unticked to send them the opt-in e-mail.",
  fileRequired: "Choose a CSV file.",
  fileTooLarge: "The file is larger than 1 MB. Split it into smaller files.",
  tooManyRows: "The file has more than 10,000 rows. Split it into smaller files.",
  /** An import (or an addition) over the hour's opt-in e-mails: nothing was added. */
  tooManyOptins: (wanted: number, left: number) =>
    `This would send ${wanted.toLocaleString("en-IN")} opt-in ${wanted === 1 ? "e-mail" : "e-mails"}, but only ${left.toLocaleString("en-IN")} more can go out this hour (at most ${AUDIENCE_LIMITS.optinsPerHour.toLocaleString("en-IN")} an hour, so the site's mail is not taken for spam). Nothing was added: import fewer addresses now and the rest after the wait, or, if these people already agreed to hear from you, say how they consented.`,
  noEmailColumn: "No e-mail address was found in the file's first column or under an \"email\" header.",
  notText: "The file is not text (CSV, UTF-8).",
  added: (email: string) => `${email} was added.`,
  addedPending: (email: string) => `${email} was added and sent the opt-in e-mail: they are subscribed once they confirm.`,
  alreadyKnown: "That address is already on the list: nothing was changed.",
  alreadyUnsubscribed: "That address unsubscribed: it cannot be added back here. They can subscribe again themselves.",
  labelsSaved: "Labels saved.",
  imported: (added: number) => `Import done: ${added} ${added === 1 ? "address" : "addresses"} added.`,
  scheduleInvalid: "Choose a date and time such as 2026-12-01 09:00.",
  scheduleInPast: "Choose a time in the future.",
  scheduleTooFar: "Choose a time within a year.",
  scheduled: (when: string) => `The newsletter is scheduled for ${when}.`,
  notScheduled: "That newsletter is not waiting to be sent (it was sent or cancelled).",
  cancelled: "The scheduled newsletter was cancelled.",
  stageInvalid: "Choose a status from the list.",
  noteTooLong: "The note is at most 2,000 characters.",
  stageSaved: "The lead's status was saved.",
} as const;

export const IMPORT_REASONS = {
  invalid: "Not a valid e-mail address",
  duplicateInFile: "Repeated in the file",
  duplicate: "Already on the list",
  unsubscribed: "Unsubscribed: not added back",
  unsubscribedInSource: "Unsubscribed in the tool it came from: not added",
  bouncedInSource: "Bounced (cleaned) in the tool it came from: not added",
  notSubscribedInSource: "Not subscribed to e-mails in the tool it came from: not added",
  /** Not a refusal: the row was added, without the labels named. */
  labelsLeftOut: "Added without some labels (not valid here, or more than 10)",
} as const;

/** The tool whose export a file was read as (the import report says it). */
export const IMPORT_FORMATS = {
  mailchimp: "a Mailchimp audience export",
  brevo: "a Brevo (Sendinblue) contacts export",
  zoho: "a Zoho Campaigns contacts export",
  ghost: "a Ghost members export",
  plain: "a CSV of e-mail, name and labels",
} as const;
export type ImportReason = keyof typeof IMPORT_REASONS;

export const AUDIENCE_TOOLS_PAGES = {
  add: {
    title: "Add a subscriber",
    email: "E-mail address",
    name: "Name (optional)",
    labels: "Labels (optional)",
    labelsHint: "Separated by commas, such as clinic, pune.",
    consentBox: "I have their consent: add them as confirmed, without the opt-in e-mail",
    consent: "How was consent obtained?",
    consentHint: "Recorded with your name and the time, such as \"Signed up on paper at the Pune expo, 12 Nov\".",
    submit: "Add subscriber",
  },
  import: {
    title: "Import subscribers",
    description:
      "A CSV file with an e-mail address per row, and optionally a name and labels (a header row with \"email\", \"name\", \"labels\" is recognised; labels separated by semicolons). Exports from Mailchimp, Brevo (Sendinblue), Zoho Campaigns and Ghost are read as they are downloaded: names, tags and who left there included. Imported addresses are sent the opt-in e-mail unless you state how consent was obtained. Addresses already on the list and people who unsubscribed are never changed.",
    file: "CSV file (at most 1 MB, 10,000 rows)",
    labels: "Labels for everyone in the file (optional)",
    submit: "Import",
    link: "Import a CSV\u2026",
    reportTitle: "Import report",
    counts: {
      rows: "Rows read",
      added: "Added",
      optin: "Sent the opt-in e-mail",
      confirmed: "Added as confirmed",
      duplicates: "Already on the list or repeated",
      invalid: "Not valid",
      unsubscribed: "Unsubscribed (not added)",
      leftAtSource: "Unsubscribed or bounced in the other tool (not added)",
    },
    readAs: (format: string) => `Read as ${format}.`,
    problemsTitle: "Rows not imported",
    labelNotesTitle: "Rows added without some labels",
    labelNoteColumns: { row: "Row", email: "Address", left: "Labels left out" },
    moreLabelNotes: (n: number) => `And ${n} more rows not listed (the report lists them all).`,
    problemColumns: { row: "Row", email: "Address", reason: "Reason" },
    noProblems: "Every row was imported.",
    downloadReport: "Download the report (CSV)",
    reportFile: "import-report.csv",
    moreProblems: (n: number) => `And ${n} more rows not listed.`,
    back: "All subscribers",
  },
  labels: {
    column: "Labels",
    edit: "Labels",
    save: "Save labels",
    none: "None",
    filter: "Label",
    anyLabel: "Any label",
  },
  newsletter: {
    audience: "Send to",
    everyone: "Every confirmed subscriber",
    chosenLabels: "Subscribers with any of these labels:",
    noLabels: "No subscriber has a label yet.",
    when: "When",
    now: "Now",
    later: "At a date and time",
    at: (zone: string) => `Date and time (${zone})`,
    schedule: (n: number) => `Schedule for ${n} confirmed ${n === 1 ? "subscriber" : "subscribers"}`,
    scheduledTitle: "Scheduled",
    scheduledFor: "Scheduled for",
    toLabels: "To",
    cancel: "Cancel the send",
    everyoneShort: "Everyone",
  },
  leads: {
    stage: "Follow-up",
    anyStage: "Any follow-up",
    stages: { new: "New", contacted: "Contacted", won: "Won", lost: "Lost" } satisfies Record<LeadStage, string>,
    note: "Note",
    save: "Save status",
    replyTitle: "Reply",
    email: "E-mail",
    whatsapp: "WhatsApp",
    call: "Call",
    subject: (site: string) => `Re: your message to ${site}`,
    greeting: (firstName: string, site: string) => `Hello${firstName ? ` ${firstName}` : ""}, thank you for contacting ${site}.`,
    setBy: (who: string, when: string) => `Set by ${who}, ${when}.`,
  },
  overview: {
    title: "New since your last visit",
    since: (when: string) => `Since ${when}`,
    firstVisit: "Welcome: this is your first visit.",
    leads: (n: number) => `${n} new ${n === 1 ? "lead" : "leads"}`,
    subscribers: (n: number) => `${n} new ${n === 1 ? "subscriber" : "subscribers"}`,
    handedOver: (n: number) => `${n} chat ${n === 1 ? "question" : "questions"} handed over to you`,
    nothing: "Nothing new.",
  },
} as const;

export const LEAD_FAILED_EMAIL = {
  subject: (name: string) => `A lead could not be sent to the CRM: ${name}`,
  intro: "A lead from the contact form could not be delivered to the CRM, and no more attempts will be made. It is kept in the studio: contact the person yourself, or retry it from the inbox.",
  error: "What the CRM said",
  open: "Open the lead in the studio",
} as const;
