import { LEGAL_LAST_UPDATED, PRIVACY, REFUND, TERMS, type LegalDocument } from "../content/legal";
import { LEGAL_LAST_UPDATED_HI, PRIVACY_HI, REFUND_HI, TERMS_HI } from "../content/hi/legal";
import type { Translation } from "../i18n";
import type { CopyLocale } from "./fields";
import { group, list, text } from "./build";
import { defineCopyDoc } from "./fields";

/**
 * The Privacy, Terms and Refund pages as three documents (issue 28, decision 0027): a title, an introduction and
 * sections, each a heading with paragraphs, a list of points and closing paragraphs, and whether the company's
 * contact details (from Settings) show under it. Plain text throughout; the section's anchor is made from its
 * "Anchor" field (or its heading) as lowercase letters, digits and dashes.
 */
const YES_NO = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
] as const;

const sections = {
  seo: group("Search engines", { title: text("Page title (search results, heading and breadcrumb)", 70), description: text("SEO description", 300, true) }),
  page: group("Page", {
    intro: text("Introduction", 600, true),
    lastUpdated: text("Last updated (as shown, e.g. 24 November 2026)", 40),
    lastUpdatedIso: text("Last updated (as a date: YYYY-MM-DD)", 10),
  }),
  sections: list(
    "Sections",
    "Section",
    group("Section", {
      heading: text("Heading", 120),
      anchor: text("Anchor (the section's address after #)", 60),
      paragraphs: list("Paragraphs", "Paragraph", text("Paragraph", 1500, true), 10, 0),
      points: list("List items", "Item", text("Item", 600, true), 20, 0),
      closing: list("Paragraphs after the list", "Paragraph", text("Paragraph", 1500, true), 10, 0),
      contact: { kind: "choice", label: "Show the company's contact details", options: YES_NO },
    }),
    30,
  ),
} as const;

/** A document's shipped copy in a language: the English constants, or their Hindi translation (issue 33). */
function defaultsOf(en: LegalDocument, hi: Translation<LegalDocument>, locale: CopyLocale) {
  const doc = locale === "hi" ? hi : en;
  const updated = locale === "hi" ? LEGAL_LAST_UPDATED_HI : LEGAL_LAST_UPDATED;
  return {
    seo: { title: doc.title, description: doc.description },
    page: { intro: doc.intro, lastUpdated: updated.label, lastUpdatedIso: updated.iso },
    sections: doc.sections.map((s) => ({
      heading: s.heading,
      anchor: s.id,
      paragraphs: [...(s.paragraphs ?? [])],
      points: [...(s.points ?? [])],
      closing: [...(s.closing ?? [])],
      contact: s.contact ? "yes" : "no",
    })),
  };
}

export const PRIVACY_DOC = defineCopyDoc({ id: "legal.privacy", title: "Privacy Policy", path: "/privacy", sections, defaults: (locale) => defaultsOf(PRIVACY, PRIVACY_HI, locale) });
export const TERMS_DOC = defineCopyDoc({ id: "legal.terms", title: "Terms of Service", path: "/terms", sections, defaults: (locale) => defaultsOf(TERMS, TERMS_HI, locale) });
export const REFUND_DOC = defineCopyDoc({ id: "legal.refund", title: "Refund Policy", path: "/refund", sections, defaults: (locale) => defaultsOf(REFUND, REFUND_HI, locale) });

export type LegalCopy = ReturnType<typeof PRIVACY_DOC.defaults>;

export { sectionAnchor } from "./legal-anchor";
