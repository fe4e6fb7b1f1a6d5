import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { FOOTER_NEWSLETTER_MESSAGES } from "@shared/content/site";
import type { Locale } from "@shared/i18n";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/** `detail` follows the spec's message (the success's note that a confirmation e-mail is on its way). */
export type FooterMessage = { title: string; message: string; detail?: string; tone: "success" | "error" };

/** The footer form's own check (spec section 5): trimmed, non-empty, with an at-sign and a dot. */
/** `locale`: the page's language, which the message is in. */
export function validateFooterEmail(raw: string, locale: Locale = "en"): FooterMessage | null {
  const messages = locale === "hi" ? hindiNow(HINDI_SHELL).FOOTER_NEWSLETTER_MESSAGES_HI : FOOTER_NEWSLETTER_MESSAGES;
  const email = raw.trim();
  if (email === "") return { ...messages.required, tone: "error" };
  if (!email.includes("@") || !email.includes(".")) return { ...messages.invalid, tone: "error" };
  return null;
}
