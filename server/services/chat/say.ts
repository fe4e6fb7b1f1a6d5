/**
 * What the assistant says: the owner's copy (ASSISTANT_DOC) filled in with the site's settings (the contact reply,
 * the hand-over with its prefilled WhatsApp link, phone hours and e-mail, the Hindi-speaking person's line).
 */
import { PHONE_HOURS_HI } from "../../../shared/content/hi/chat";
import { type Locale } from "../../../shared/i18n";
import { CHAT_REPLIES, type ChatTopicId } from "../../../shared/content/chat";
import { SUPPORT_CHANNELS } from "../../../shared/content/contact";
import { whatsappLink } from "../../../shared/content/site";
import { ASSISTANT_DOC } from "../../../shared/copy/assistant";
import type { DocValue } from "../../../shared/copy/fields";
import { readCopy } from "../content/copy";
import { siteSettings } from "../content/settings";
import { type ChatLanguage } from "./text";
import type { Deps } from "../../context";

/** What the copy and the settings are read with (no configuration: no contact facts). */
type CopyDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "config">>;

export type AssistantCopy = DocValue<(typeof ASSISTANT_DOC)["sections"]>;

/** The contact facts, from the site's settings (always current); none when no configuration was given. */
export type Contact = { whatsappNumber?: string; phone?: string; email?: string; hindiHandover?: "on" | "off" };

/** The phone's hours as the contact page states them (never invented). */
const PHONE_HOURS = SUPPORT_CHANNELS.find((c) => c.id === "phone")?.availability ?? "";

export type Say = {
  /** The assistant's copy in the answer's language, and in English (what questions are read by). */
  copy: AssistantCopy;
  english: AssistantCopy;
  locale: Locale;
  contact: Contact;
  rule: (id: ChatTopicId) => string;
  contactReply: () => string;
  handover: (question: string, asked: boolean) => string;
  /** The hand-over's ways to a person without its opening line (added below a model's reply that hands over). */
  ways: (question: string) => string;
  whatsapp: (question: string) => string | undefined;
};

export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A line of the copy whose placeholders all have a value, or none (a setting not given is left out, never invented). */
export function line(template: string, values: Record<string, string | undefined>): string | undefined {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.some((n) => !values[n])) return undefined;
  return fill(template, values as Record<string, string>);
}

/**
 * Whether a Hindi-speaking person is there, as the owner's Settings say (issue 43): in a Hindi answer always, in an
 * English one when the visitor wrote Hindi or Hinglish; nothing for an English visitor on an English page.
 */
function hindiLine(copy: AssistantCopy, contact: Contact, locale: Locale, language: ChatLanguage): string | undefined {
  if (locale !== "hi" && language === "en") return undefined;
  return contact.hindiHandover === "on" ? copy.handover.hindiPerson : copy.handover.noHindiPerson;
}

export function makeSay(copy: AssistantCopy, contact: Contact, page: string, locale: Locale = "en", english: AssistantCopy = copy, language: ChatLanguage = "en"): Say {
  const whatsapp = (question: string) => {
    if (!contact.whatsappNumber) return undefined;
    const asked = Array.from(question.replace(/\s+/g, " ").trim()).slice(0, 300).join("");
    // Brackets and stars escaped too, so the link survives the chat's [text](url) and **bold** marks.
    return whatsappLink(contact.whatsappNumber, fill(copy.handover.whatsappMessage, { question: asked, page })).replace(
      /[()*!']/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  };
  const values = (question: string) => ({
    whatsapp: whatsapp(question),
    phone: contact.phone,
    phoneHours: locale === "hi" ? PHONE_HOURS_HI : PHONE_HOURS,
    email: contact.email,
    question,
    page,
  });
  /** The ways to a person: the Hindi-speaking person's line (the owner's setting), WhatsApp prefilled, phone and hours, e-mail. */
  const ways = (question: string) => {
    const v = values(question);
    const h = copy.handover;
    return [hindiLine(copy, contact, locale, language), line(h.whatsapp, v), line(h.phone, v), line(h.email, v), h.contactPage].filter((l): l is string => Boolean(l));
  };
  return {
    copy,
    english,
    locale,
    contact,
    whatsapp,
    rule: (id) => (id === "support" ? contactReplyOf(copy, values("")) : copy.replies[id as keyof AssistantCopy["replies"]] ?? CHAT_REPLIES[id]),
    contactReply: () => contactReplyOf(copy, values("")),
    handover: (question, asked) => [asked ? copy.handover.humanAsked : copy.handover.notSure, ...ways(question)].join("\n"),
    ways: (question) => ways(question).join("\n"),
  };
}

function contactReplyOf(copy: AssistantCopy, values: Record<string, string | undefined>): string {
  // The contact reply drops a line whose setting is missing.
  return copy.contact
    .split("\n")
    .map((l) => line(l, values))
    .filter((l): l is string => l !== undefined)
    .join("\n");
}

export async function assistantCopy(deps: CopyDeps, locale: Locale = "en"): Promise<AssistantCopy> {
  try {
    return await readCopy(deps, ASSISTANT_DOC, locale);
  } catch {
    return ASSISTANT_DOC.defaults(locale);
  }
}

export async function contactOf(deps: CopyDeps): Promise<Contact> {
  if (!deps.config) return {};
  try {
    const s = await siteSettings({ db: deps.db, config: deps.config });
    return { whatsappNumber: s.whatsappNumber, phone: s.phone, email: s.email, hindiHandover: s.hindiHandover };
  } catch {
    const s = deps.config.settings;
    return { whatsappNumber: s.whatsappNumber, phone: s.phone, email: s.email, hindiHandover: s.hindiHandover };
  }
}
