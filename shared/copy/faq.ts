import { FAQ, FAQ_SECTION } from "../content/faq";
import { FAQ_HI, FAQ_SECTION_HI } from "../content/hi/faq";
import { defineCopyDoc } from "./fields";

/**
 * The FAQ as the owner edits it (/studio/faq): shown on the home page (with FAQPage JSON-LD) and answered from by the
 * help assistant. `also` is the other ways visitors ask the same question, one per line (searched by the assistant,
 * never shown). The defaults are today's entries.
 */
export const FAQ_DOC = defineCopyDoc({
  id: "faq",
  title: "Frequently asked questions",
  path: "/",
  sections: {
    heading: { kind: "text", label: "Heading", max: 80 },
    intro: { kind: "text", label: "Introduction", max: 300, multiline: true },
    entries: {
      kind: "list",
      label: "Questions",
      itemLabel: "Question",
      max: 60,
      item: {
        kind: "group",
        label: "Question",
        fields: {
          question: { kind: "text", label: "Question", max: 200 },
          answer: { kind: "text", label: "Answer", max: 1200, multiline: true },
          also: { kind: "text", label: "Other ways visitors ask it (one per line, never shown)", max: 1000, multiline: true, optional: true },
        },
      },
    },
  },
  // The Hindi (issue 33) is shared/content/hi/faq.ts: same entries, same order.
  defaults: (locale) => {
    const section = locale === "hi" ? FAQ_SECTION_HI : FAQ_SECTION;
    const entries = locale === "hi" ? FAQ_HI : FAQ;
    return {
      heading: section.heading,
      intro: section.intro,
      entries: entries.map((e) => ({ question: e.question, answer: e.answer, also: e.also.join("\n") })),
    };
  },
});

export type FaqCopy = ReturnType<(typeof FAQ_DOC)["defaults"]>;
export type FaqCopyEntry = { id: string; question: string; answer: string; also: string[] };

/**
 * The FAQ's entries as the page and the assistant use them: each with an anchor id (`#faq-<id>`): a question
 * that is one of the original ones keeps its original id (links from the assistant keep working), any other gets
 * one made of its words; ids never repeat. `also` is split into its lines.
 */
export function faqEntries(copy: Pick<FaqCopy, "entries">): FaqCopyEntry[] {
  // The shipped Hindi questions keep the same ids: /hi#faq-pricing is the same entry as /#faq-pricing.
  const original = new Map([...FAQ, ...FAQ_HI].map((e) => [e.question.trim().toLowerCase(), e.id]));
  const taken = new Set<string>();
  return copy.entries.map((entry, i) => {
    const base = original.get(entry.question.trim().toLowerCase()) ?? slugOf(entry.question) ?? `question-${i + 1}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return {
      id,
      question: entry.question,
      answer: entry.answer,
      also: entry.also
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    };
  });
}

function slugOf(text: string): string | undefined {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return /^[a-z]/.test(slug) ? slug : slug ? `q-${slug}` : undefined;
}
