import { BOOK_DEMO_PAGE } from "../content/booking";
import { BOOK_DEMO_PAGE_HI } from "../content/hi/booking";
import { group, text } from "./build";
import { type CopyLocale, defineCopyDoc } from "./fields";

/**
 * The /book-demo page's copy (issue 42): the introduction with the price as shown (the amount asked is the Settings'
 * "Demo price"), the picker, the form's labels and messages (the form's rules read them: shared/schemas/booking.ts)
 * and the confirmation. `{price}`, `{zone}`, `{when}`, `{until}`, `{field}` and `{max}` are filled in where shown.
 */
export const BOOK_DEMO_DOC = defineCopyDoc({
  id: "book-demo",
  title: "Book Demo page",
  path: "/book-demo",
  sections: {
    seo: group("Search engines", { title: text("Page title", 70), description: text("SEO description", 300, true) }),
    intro: group("Introduction", {
      eyebrow: text("Eyebrow", 40),
      title: text("Headline", 90),
      lead: text("Introduction", 400, true),
      price: text("Price as shown (the amount asked is in Settings)", 20),
      priceNote: text("Price line (with Razorpay)", 200),
      unpaidNote: text("Price line (paid at the demo)", 200),
    }),
    picker: group("Day and time", {
      dayLegend: text("Day heading", 60),
      timeLegend: text("Time heading", 60),
      zoneNote: text("Time zone line", 120),
      noSlots: text("No free times", 200, true),
      taken: text("Time just taken", 120),
      held: text("Time held while paying", 160),
    }),
    form: group("Form", {
      heading: text("Heading", 60),
      name: text("Name label", 60),
      email: text("E-mail label", 60),
      whatsapp: text("WhatsApp label", 60),
      whatsappHint: text("WhatsApp hint", 120),
      businessType: text("Business label", 60),
      businessTypeHint: text("Business hint", 120),
      note: text("Note label", 80),
      submit: text("Button (with payment)", 40),
      submitUnpaid: text("Button (without payment)", 40),
      submitting: text("Button while sending", 40),
    }),
    messages: group("Form messages", {
      pickTime: text("No time picked", 120),
      required: text("Empty field", 120),
      tooLong: text("Too long", 120),
      badCharacters: text("Bad characters", 120),
      invalidEmail: text("Bad e-mail", 120),
      invalidWhatsapp: text("Bad WhatsApp number", 120),
      failed: text("Could not be saved", 200),
    }),
    done: group("Confirmation", {
      title: text("Headline", 80),
      titlePending: text("Headline while waiting for payment", 80),
      pendingLead: text("Waiting line", 200),
      pay: text("Pay button", 40),
      when: text("When", 30),
      meeting: text("Meeting link", 40),
      paid: text("Paid", 120),
      unpaid: text("Pay at the demo", 120),
      ics: text("Calendar link", 60),
      manage: text("Change heading", 60),
      reschedule: text("Reschedule link", 40),
      cancel: text("Cancel link", 40),
      released: text("Hold ended", 200),
      cancelled: text("Cancelled", 120),
      whatsapp: text("WhatsApp link", 80),
    }),
    manage: group("Change or cancel", {
      title: text("Headline", 80),
      lead: text("Introduction", 200),
      cancelConfirm: text("Cancel button", 40),
      cancelled: text("Cancelled", 200),
      moved: text("Moved", 200),
      expired: text("Link no longer valid", 200),
      move: text("Move button", 40),
    }),
  },
  defaults: (locale: CopyLocale) => clone(locale === "hi" ? BOOK_DEMO_PAGE_HI : BOOK_DEMO_PAGE),
});

export type BookDemoCopy = ReturnType<typeof BOOK_DEMO_DOC.defaults>;

function clone<T>(value: T): { -readonly [K in keyof T]: { -readonly [L in keyof T[K]]: string } } {
  return JSON.parse(JSON.stringify(value)) as { -readonly [K in keyof T]: { -readonly [L in keyof T[K]]: string } };
}
