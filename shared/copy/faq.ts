import { FAQ, FAQ_SECTION } from "../content/faq";
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
          also: { kind: "text", label: "Other ways visitors ask it (one per line, never shown)", max: 1000, multiline: true },
        },
      },
    },
  },
  defaults: () => ({
    heading: FAQ_SECTION.heading,
    intro: FAQ_SECTION.intro,
    entries: FAQ.map((e) => ({ question: e.question, answer: e.answer, also: e.also.join("\n") })),
  }),
});
