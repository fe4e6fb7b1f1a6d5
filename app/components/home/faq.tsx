import { FAQ, FAQ_SECTION, type FaqEntry } from "@shared/content/faq";
import { JsonLd } from "~/lib/seo";
import { SectionHeading } from "./section-heading";
import { BELOW_FOLD } from "./below-fold";

/** schema.org FAQPage for the same entries the section shows. */
export function faqJsonLd(entries: readonly FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/**
 * The home page's FAQ: every entry visible (no script needed), each with its
 * own anchor (#faq-<id>) so the help assistant can link to it.
 */
export function Faq() {
  return (
    <section data-section="faq" aria-labelledby="faq-heading" className={`py-16 sm:py-20 ${BELOW_FOLD}`} id="faq">
      <JsonLd data={faqJsonLd(FAQ)} />
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="faq-heading" title={FAQ_SECTION.heading} intro={FAQ_SECTION.intro} />
        <dl className="mx-auto mt-10 grid max-w-5xl gap-x-8 gap-y-6 md:grid-cols-2">
          {FAQ.map((entry) => (
            <div key={entry.id} id={`faq-${entry.id}`} className="scroll-mt-24 rounded-2xl bg-white p-5 ring-1 ring-slate-200" data-testid="faq-entry">
              <dt className="font-bold text-slate-900">{entry.question}</dt>
              <dd className="mt-2 text-slate-700">{entry.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
