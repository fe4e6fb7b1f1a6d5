import { FOOTER_NEWSLETTER_MESSAGES } from "@shared/content/site";

/** `detail` follows the spec's message (the success's note that a confirmation e-mail is on its way). */
export type FooterMessage = { title: string; message: string; detail?: string; tone: "success" | "error" };

/** The footer form's own check (spec section 5): trimmed, non-empty, with an at-sign and a dot. */
export function validateFooterEmail(raw: string): FooterMessage | null {
  const email = raw.trim();
  if (email === "") return { ...FOOTER_NEWSLETTER_MESSAGES.required, tone: "error" };
  if (!email.includes("@") || !email.includes(".")) return { ...FOOTER_NEWSLETTER_MESSAGES.invalid, tone: "error" };
  return null;
}
