/**
 * The studio's kit orders (issue 41, the business's side): the orders pages' words (the studio stays English), the
 * e-mails the team's work sends the customer (English here, Hindi in ./hi/studio-orders.ts), and their rules.
 */
/** The steps of a kit order, in order (the onboarding domain's steps). */
export const ORDER_STEPS = ["received", "setup", "review", "live"] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export function isOrderStep(value: unknown): value is OrderStep {
  return typeof value === "string" && (ORDER_STEPS as readonly string[]).includes(value);
}

/** The steps whose arrival the customer is told of by e-mail (the brief's receipt is the onboarding domain's own e-mail). */
export const ORDER_STEPS_MAILED = ["setup", "review", "live"] as const satisfies readonly OrderStep[];

export const ORDER_RULES = {
  /** A message to the customer, an internal note. */
  messageMax: 4000,
  /** Studio writes on orders per staff member and minute (steps, assignees, notes, messages). */
  writesPerMinute: 30,
  /** Messages to customers per staff member and hour: each is an e-mail. */
  messagesPerHour: 60,
  /** Orders a list or a board shows at most. */
  pageSize: 200,
} as const;

/** The words of the studio's orders pages. */
export const ORDERS_PAGES = {
  list: {
    metaTitle: "Kit orders · Studio",
    title: "Kit orders",
    description: "Every submitted brief is an order with a promised time. Overdue orders come first, in red.",
    views: "View",
    list: "List",
    board: "Board",
    filter: "Filter",
    step: "Step",
    anyStep: "Any step",
    kit: "Kit",
    anyKit: "Any kit",
    assignee: "Assigned to",
    anyone: "Anyone",
    nobody: "Nobody yet",
    overdue: "Overdue only",
    empty: "No orders match.",
    columns: { order: "Order", customer: "Customer", kit: "Kit", step: "Step", assignee: "Assigned to", age: "Age", left: "Time left" },
    count: (n: number) => (n === 1 ? "1 order" : `${n} orders`),
    boardColumn: (step: string, n: number) => `${step} (${n})`,
    noneInStep: "None",
  },
  order: {
    metaTitle: (number: string) => `Order ${number} · Studio`,
    title: (number: string, business: string) => (business ? `Order ${number}: ${business}` : `Order ${number}`),
    back: "All orders",
    submitted: "Brief submitted",
    due: "Promised for",
    left: "Time left",
    step: "Step",
    kit: "Kit",
    customerTitle: "The customer's account",
    customer: { name: "Name", email: "E-mail", verified: "E-mail verified", company: "Company", industry: "Industry", since: "Account since", language: "Language" },
    verifiedYes: "Yes",
    verifiedNo: "Not yet",
    languages: { en: "English", hi: "Hindi" } as Record<string, string>,
    briefTitle: "The brief (as the customer submitted it)",
    noBrief: "The brief could not be read.",
    filesTitle: "Files",
    purposes: { "price-list": "price list", brochure: "brochure", logo: "logo", other: "other" } as Record<string, string>,
    noFiles: "No files.",
    stepTitle: "Step",
    stepHint: "The customer is e-mailed the first time the order reaches in setup, ready for review and live.",
    moveTo: "Move to",
    saveStep: "Save step",
    assigneeTitle: "Assigned to",
    assigneeHint: "The customer sees this person's first name.",
    saveAssignee: "Save",
    unassigned: "Nobody",
    notesTitle: "Internal notes",
    notesHint: "Only staff see these notes: never the customer.",
    note: "Note",
    addNote: "Add note",
    noNotes: "No notes yet.",
    messagesTitle: "Messages with the customer",
    messagesHint: "A message is e-mailed to the customer and shown on their order page.",
    message: "Message to the customer",
    asQuestion: "It is a question: ask the customer to answer it",
    sendMessage: "Send message",
    noMessages: "No messages yet.",
    fromCustomer: "Customer",
    fromTeam: (name: string) => `Team (${name})`,
    question: "Question",
    kinds: { message: "", question: "Question", answer: "Answer", "change-request": "Asks to change the brief", file: "File added", note: "" } as Record<string, string>,
    whatsapp: "Open WhatsApp with the customer",
    deleteTitle: "Delete this order",
    deleteHint: "Only owners can delete an order: its brief stays, its messages and notes go.",
    delete: "Delete order…",
    deleteConfirm: "Delete this order for good?",
    deleteYes: "Delete order",
    cancel: "Cancel",
  },
  steps: { received: "Brief received", setup: "In setup", review: "Ready for review", live: "Live" } satisfies Record<OrderStep, string>,
  age: (ms: number) => durationWords(ms),
  left: (ms: number) => (ms <= 0 ? `Overdue by ${durationWords(-ms)}` : `${durationWords(ms)} left`),
  liveDone: "Done",
  overdueBadge: "Overdue",
} as const;

/** The brief's answers as the studio's order page labels them (the customer's form has its own words). */
export const ORDER_BRIEF_LABELS = {
  businessName: "Business name",
  city: "City",
  services: "Services and price ranges",
  usps: "What makes them different",
  painPoints: "Their customers' pain points",
  pitch: "Their pitch, in their words",
  tone: "Brand tone",
  toneExample: "An example message in their tone",
  whatsapp: "WhatsApp business number",
  hours: "Business hours",
  languages: "Languages spoken",
  languagesOther: "Other languages",
  tones: { friendly: "Friendly", professional: "Professional", premium: "Premium", playful: "Playful" } as Record<string, string>,
  languageNames: { en: "English", hi: "Hindi", hinglish: "Hinglish" } as Record<string, string>,
  noPrice: "no price given",
};

/** The studio's notices and refusals about orders. */
export const ORDERS_MESSAGES = {
  notFound: "No such order.",
  stepInvalid: "Choose one of the steps.",
  stepSaved: (step: string) => `Moved to ${step}.`,
  stepUnchanged: "The order is already at that step.",
  stepChangedMeanwhile: "Someone changed this order's step meanwhile: here it is as it is now.",
  anotherOpen: "This customer has another order open, so this one cannot leave live.",
  assigneeInvalid: "Choose a member of staff.",
  assigneeSaved: "Assignee saved.",
  noteRequired: "Write the note first.",
  noteTooLong: `Keep it under ${ORDER_RULES.messageMax} characters.`,
  noteAdded: "Note added.",
  messageRequired: "Write the message first.",
  messageTooLong: `Keep it under ${ORDER_RULES.messageMax} characters.`,
  messageSent: "Message sent: the customer is e-mailed and sees it on their order page.",
  tooManyWrites: "Too many changes in a minute. Please wait a moment and try again.",
  tooManyMessages: "Too many messages sent in the last hour. Please wait and try again.",
  deleted: "Order deleted.",
  ownersOnlyDelete: "Only an owner can delete an order.",
  chooseAction: "Choose an action.",
  filterInvalid: "That filter is not one of the choices.",
};

/** Hours and minutes in words: "3 d 4 h", "5 h 20 min", "12 min". */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/** What the overview's inbox adds to an item that has an age (kit orders, sign-ups). */
export const ORDERS_WAITING = {
  oldest: (age: string) => `oldest: ${age} ago`,
};

/** The lines the weekly report and the analytics funnel add. */
export const ORDERS_REPORT = {
  weekly: (signUps: number, briefs: number, live: number) => `Sign-ups: ${signUps}. Briefs submitted: ${briefs}. Kits gone live: ${live}.`,
  funnelTitle: "Sign-up to a live kit",
  funnelIntro: (from: string, to: string) => `Accounts signed up from ${from} to ${to} (UTC days), and how far each has come.`,
  funnelSteps: { signedUp: "Signed up", briefSubmitted: "Brief submitted", live: "Kit live" },
  medianToLive: "Median time from brief to live",
  medianNone: "No kit has gone live yet",
  ofPrevious: (percent: number) => `${percent}% of the step before`,
};

/** What the customer reads in an e-mail about their order (English; Hindi beside it in ./hi/studio-orders.ts). */
export const ORDER_EMAILS = {
  hello: (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,"),
  openOrder: "See your order",
  whatsapp: "Chat with the team on WhatsApp",
  whatsappText: (number: string) => `Hi, I'm writing about my kit order ${number}.`,
  step: {
    setup: {
      subject: (number: string) => `Your kit is being set up (${number}) - Wise Parrot`,
      lines: (number: string, who: string): string[] => [`Our team has started setting up your kit for order ${number}${who ? `: ${who} is working on it` : ""}.`, "We will write as soon as it is ready for your review."],
    },
    review: {
      subject: (number: string) => `Your kit is ready for your review (${number}) - Wise Parrot`,
      lines: (number: string): string[] => [`Your kit for order ${number} is ready for your review.`, "Open your order to see it and tell us what to change, or reply to this e-mail."],
    },
    live: {
      subject: (number: string) => `Your kit is live (${number}) - Wise Parrot`,
      lines: (number: string): string[] => [`Your kit for order ${number} is live: your customers can now reach your Wise Core on WhatsApp.`, "Thank you for choosing Wise Parrot. Write to us any time if something should change."],
    },
  },
  message: {
    subject: (number: string) => `A message about your kit order ${number} - Wise Parrot`,
    intro: (number: string) => `Our team wrote to you about order ${number}:`,
    questionSubject: (number: string) => `A question about your kit order ${number} - Wise Parrot`,
    questionIntro: (number: string) => `Our team has a question about order ${number}:`,
    answer: "Answer on your order page, or reply to this e-mail.",
  },
} satisfies {
  hello: (firstName: string) => string;
  step: Record<(typeof ORDER_STEPS_MAILED)[number], { subject: (n: string) => string; lines: (n: string, who: string) => string[] }>;
  [key: string]: unknown;
};
