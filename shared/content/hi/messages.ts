/**
 * The Hindi of a message the forms show, from its English text (issue 33). The schemas (shared/schemas/*), the
 * services and the API answer in English, byte for byte as they always have; a Hindi page shows each message through
 * `hindiMessage`, which looks the English text up in a table made from the English constants and their translations.
 * A text not in the table (something new) is shown as it came, never dropped.
 */
import { AUDIENCE_MESSAGES } from "../audience";
import { AUTH_MESSAGES, AUTH_VALIDATION, PROVIDERS } from "../auth";
import { BLOG_NEWSLETTER, NEWSLETTER } from "../blog";
import { LEAD_FIELDS, LEAD_MESSAGES } from "../contact";
import { FOOTER_NEWSLETTER_MESSAGES } from "../site";
import { AUDIENCE_MESSAGES_HI } from "./audience";
import { AUTH_MESSAGES_HI, AUTH_VALIDATION_HI } from "./auth";
import { LEAD_FIELD_LABELS_HI, LEAD_MESSAGES_HI } from "./contact";
import { BLOG_NEWSLETTER_HI, FOOTER_NEWSLETTER_MESSAGES_HI, NEWSLETTER_HI } from "./newsletter";

/**
 * The account pages' English headlines end in an HTTP reason phrase ('Login failed: Unauthorized', the spec's), any
 * of them; the Hindi headline is the same for all and carries none: a reason phrase translated word for word reads
 * as an accusation ("अनधिकृत") or a collision ("टकराव"). The why is the line under it.
 */
export const ACCOUNT_HEADLINES_HI = {
  registrationFailed: AUTH_MESSAGES_HI.registrationFailed(""),
  loginFailed: AUTH_MESSAGES_HI.loginFailed(""),
  socialFailed: AUTH_MESSAGES_HI.socialFailed(""),
} as const;
const HEADLINES_WITH_STATUS: readonly [english: string, hindi: string][] = [
  [AUTH_MESSAGES.registrationFailed(""), ACCOUNT_HEADLINES_HI.registrationFailed],
  [AUTH_MESSAGES.loginFailed(""), ACCOUNT_HEADLINES_HI.loginFailed],
  [AUTH_MESSAGES.socialFailed(""), ACCOUNT_HEADLINES_HI.socialFailed],
];

/** The longest wait (in minutes) the contact form's limit can name. */
const MAX_WAIT_MINUTES = 60;

let table: Map<string, string> | null = null;

/** Every pair of same-keyed texts of an English constant and its translation (functions are listed by hand below). */
function pairTexts(en: unknown, hi: unknown, into: Map<string, string>): void {
  if (typeof en === "string" && typeof hi === "string") {
    if (!into.has(en)) into.set(en, hi);
    return;
  }
  if (en && hi && typeof en === "object" && typeof hi === "object") {
    for (const key of Object.keys(en)) pairTexts((en as Record<string, unknown>)[key], (hi as Record<string, unknown>)[key], into);
  }
}

function buildTable(): Map<string, string> {
  const t = new Map<string, string>();
  pairTexts(AUTH_MESSAGES, AUTH_MESSAGES_HI, t);
  pairTexts(AUTH_VALIDATION, AUTH_VALIDATION_HI, t);
  pairTexts({ disabledSignIn: AUDIENCE_MESSAGES.disabledSignIn }, AUDIENCE_MESSAGES_HI, t);
  pairTexts(LEAD_MESSAGES, LEAD_MESSAGES_HI, t);
  pairTexts({ ...NEWSLETTER, email: null }, { ...NEWSLETTER_HI, email: null }, t);
  pairTexts(BLOG_NEWSLETTER, BLOG_NEWSLETTER_HI, t);
  pairTexts(FOOTER_NEWSLETTER_MESSAGES, FOOTER_NEWSLETTER_MESSAGES_HI, t);
  for (const provider of Object.values(PROVIDERS)) {
    t.set(AUTH_MESSAGES.socialSuccess(provider), AUTH_MESSAGES_HI.socialSuccess(provider));
    t.set(AUTH_MESSAGES.socialSignInFailed(provider), AUTH_MESSAGES_HI.socialSignInFailed(provider));
    t.set(AUTH_MESSAGES.socialSignUpFailed(provider), AUTH_MESSAGES_HI.socialSignUpFailed(provider));
    t.set(AUTH_MESSAGES.socialNotConfigured(provider), AUTH_MESSAGES_HI.socialNotConfigured(provider));
  }
  for (const field of LEAD_FIELDS) {
    const hi = LEAD_FIELD_LABELS_HI[field.name];
    t.set(LEAD_MESSAGES.empty(field.label), LEAD_MESSAGES_HI.empty(hi));
    t.set(LEAD_MESSAGES.notText(field.label), LEAD_MESSAGES_HI.notText(hi));
    t.set(LEAD_MESSAGES.badCharacters(field.label), LEAD_MESSAGES_HI.badCharacters(hi));
    t.set(LEAD_MESSAGES.tooLong(field.label, field.max), LEAD_MESSAGES_HI.tooLong(hi, field.max));
  }
  for (let minutes = 1; minutes <= MAX_WAIT_MINUTES; minutes++) t.set(LEAD_MESSAGES.rateLimited(minutes), LEAD_MESSAGES_HI.rateLimited(minutes));
  return t;
}

/** A message with the wait the service named after it ('Too many attempts… (42 s)', app/lib/service-errors.server.ts). */
const WITH_WAIT = /^([\s\S]*) \((\d+) s\)$/;

/** The Hindi of an English message the forms show; the text as it came when it is not one of theirs. */
export function hindiMessage(english: string): string {
  table ??= buildTable();
  const known = table.get(english);
  if (known !== undefined) return known;
  for (const [prefix, hindi] of HEADLINES_WITH_STATUS) if (english.startsWith(prefix)) return hindi;
  const wait = WITH_WAIT.exec(english);
  if (wait) {
    const inner = table.get(wait[1] ?? "");
    if (inner !== undefined) return `${inner} (${wait[2]} सेकंड)`;
  }
  return english;
}

/** Whether the table knows the message (tests: every message a form can show has its Hindi). */
export function hasHindiMessage(english: string): boolean {
  return hindiMessage(english) !== english;
}
