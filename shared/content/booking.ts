/**
 * The demo booking's words (issue 42): the /book-demo page (its copy document, shared/copy/book-demo.ts, makes them
 * owner-editable), the confirmation, the visitor's e-mails and the studio's Bookings page. Hindi beside it in
 * shared/content/hi/booking.ts.
 */
export const BOOK_DEMO_PAGE = {
  seo: { title: "Book your demo", description: "Pick a time for your Wise Parrot demo, pay 1 \u20b9 and get the meeting link and a calendar invitation." },
  intro: {
    eyebrow: "Book Demo",
    title: "Book your demo for 1 \u20b9",
    lead: "Pick a day and a time that suit you. We show you Wise Parrot on your own business in a short video call.",
    price: "1 \u20b9",
    priceNote: "The demo costs {price}, paid securely through Razorpay after you pick a time.",
    unpaidNote: "You pay {price} at the demo.",
  },
  picker: {
    dayLegend: "Pick a day",
    timeLegend: "Pick a time",
    zoneNote: "Times are shown in {zone}.",
    noSlots: "No times are free in the coming days. Write to us on WhatsApp and we will find one.",
    taken: "That time was just taken, pick another.",
    held: "We hold this time for you for 15 minutes while you pay.",
  },
  form: {
    heading: "Your details",
    name: "Your name",
    email: "E-mail",
    whatsapp: "WhatsApp number",
    whatsappHint: "With the country code, such as +91 98765 43210.",
    businessType: "Type of business",
    businessTypeHint: "Such as clinic, real estate, salon, coaching.",
    note: "Anything we should know (optional)",
    submit: "Book and pay",
    submitUnpaid: "Book the demo",
    submitting: "Booking\u2026",
  },
  messages: {
    pickTime: "Please pick a time.",
    required: "Please fill in {field}.",
    tooLong: "{field} must be at most {max} characters.",
    badCharacters: "{field} contains characters that cannot be used.",
    invalidEmail: "Please enter a valid email address",
    invalidWhatsapp: "Please enter a WhatsApp number with 8 to 15 digits.",
    failed: "Your booking could not be saved just now. Please try again in a minute.",
  },
  done: {
    title: "Your demo is booked",
    titlePending: "Waiting for your payment",
    pendingLead: "Your time is held for you until {until}. Pay to confirm it.",
    pay: "Pay {price} now",
    when: "When",
    meeting: "Meeting link",
    paid: "Paid: {price}. Thank you!",
    unpaid: "Pay at the demo: {price}.",
    ics: "Add to my calendar (.ics)",
    manage: "Need another time?",
    reschedule: "Pick another time",
    cancel: "Cancel the demo",
    released: "This hold has ended: the time was not paid within 15 minutes. Pick a time again.",
    cancelled: "This demo was cancelled.",
    whatsapp: "Questions? Chat with us on WhatsApp",
  },
  manage: {
    title: "Change your demo",
    lead: "Your demo is on {when}. Pick another time below, or cancel it.",
    cancelConfirm: "Cancel my demo",
    cancelled: "Your demo is cancelled. You can book again whenever you like.",
    moved: "Your demo is moved to {when}. We sent you a new confirmation.",
    expired: "This link is no longer valid: it was used already, or the demo has started.",
    move: "Move my demo",
  },
} as const;

/** The visitor's e-mails. */
export const BOOKING_EMAIL = {
  confirmedSubject: "Your Wise Parrot demo: {when}",
  pendingPaySubject: "Your Wise Parrot demo is booked",
  hello: (name: string) => (name ? `Hello ${name},` : "Hello,"),
  confirmed: "Your demo is booked for {when}.",
  meeting: "Join the call here at that time:",
  joinButton: "Join the meeting",
  ics: "Add it to your calendar",
  paid: "Payment received: {price}.",
  unpaid: "You pay {price} at the demo.",
  manage: "Need another time, or cannot come? Use these links (each works once, until the demo starts):",
  reschedule: "Pick another time",
  cancel: "Cancel the demo",
  reminderSubject24: "Tomorrow: your Wise Parrot demo at {time}",
  reminderSubject1: "In one hour: your Wise Parrot demo",
  reminder24: "A reminder: your demo is on {when}.",
  reminder1: "Your demo starts in an hour, at {when}.",
  whatsapp: "Running late or have a question? Message us on WhatsApp",
  whatsappMessage: "Hello, this is {name}: about my Wise Parrot demo on {when}.",
  cancelledSubject: "Your Wise Parrot demo is cancelled",
  cancelledText: "Your demo on {when} is cancelled. Book another time whenever you like:",
  bookAgain: "Book a demo",
  movedSubject: "Your Wise Parrot demo is moved to {when}",
  movedText: "Your demo is moved to {when}.",
  icsTitle: "Wise Parrot demo",
  icsDescription: "Your Wise Parrot demo. Join: {link}",
} as const;

/** The e-mail the lead recipients get about a new booking. */
export const BOOKING_NOTIFY_EMAIL = {
  subject: (name: string, when: string) => `New demo booking: ${name}, ${when}`,
  intro: "A visitor booked a demo on the website.",
  fields: { when: "When", name: "Name", email: "E-mail", whatsapp: "WhatsApp", business: "Business", note: "Note", payment: "Payment" },
  paid: "paid",
  unpaid: "pay at the demo (no Razorpay keys configured)",
  pending: "payment link sent",
  open: "Open the bookings",
};

/** The studio's Bookings page. */
export const STUDIO_BOOKINGS = {
  title: "Demo bookings",
  intro: "Demos booked on the site, today and the coming days, with who paid and who came.",
  today: "Today",
  coming: "Coming days",
  past: "Past (last 14 days)",
  none: "No bookings.",
  columns: { when: "When", visitor: "Visitor", business: "Business", payment: "Payment", status: "Status", actions: "Actions" },
  payment: { paid: "Paid", unpaid: "Pay at the demo", pending: "Waiting for payment", refund: "Paid after release: refund due" },
  status: { held: "Held", confirmed: "Booked", attended: "Attended", "no-show": "No-show", cancelled: "Cancelled", released: "Released" },
  attended: "Mark attended",
  noShow: "Mark no-show",
  cancel: "Cancel",
  move: "Move to",
  moveSubmit: "Move",
  done: "Saved.",
  funnel: "Funnel (last 28 days)",
  funnelSteps: { page: "Booking page views", booked: "Booked", paid: "Paid", attended: "Attended" },
  showUp: "Show-up rate per week",
  week: "Week of",
  rate: "Show-up",
  refundFlag: "Refund due",
};

/** Messages of the booking service (refusals). */
export const BOOKING_MESSAGES = {
  taken: BOOK_DEMO_PAGE.picker.taken,
  notOffered: "That time is not offered. Please pick another.",
  rateLimited: (minutes: number) => `Too many bookings from your connection. Please try again in ${minutes} minutes.`,
  notFound: "This booking was not found.",
  linkExpired: BOOK_DEMO_PAGE.manage.expired,
  cannotChange: "This booking cannot be changed any more.",
  disabled: "Booking on the site is switched off.",
};
