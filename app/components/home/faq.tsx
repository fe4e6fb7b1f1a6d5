import { useEffect } from "react";
import { useLocation } from "react-router";
import type { FaqCopyEntry } from "@shared/copy/faq";
import { JsonLd } from "~/lib/seo";
import { SectionHeading } from "./section-heading";
import { BELOW_FOLD } from "./below-fold";

/** schema.org FAQPage for the same entries the section shows. */
export function faqJsonLd(entries: readonly Pick<FaqCopyEntry, "question" | "answer">[]) {
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
 * The home page's FAQ: an accordion of native `details` (keyboard and screen readers get it from the browser,
 * no script needed). Every answer stays in the HTML (and in the FAQPage JSON-LD); each entry has its own anchor
 * (#faq-<id>) so the help assistant can link to it, and the entry a link points at opens itself. One column
 * at every width: no grid that ends on an orphan card. The words are the owner's (FAQ_DOC, read by the home page's
 * loader with readCopy): rendered as text.
 */
export function Faq({ heading, intro, entries }: { heading: string; intro: string; entries: readonly FaqCopyEntry[] }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith("#faq-")) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [hash]);
  return (
    <section data-section="faq" aria-labelledby="faq-heading" className={`py-12 sm:py-20 ${BELOW_FOLD}`} id="faq">
      <JsonLd data={faqJsonLd(entries)} />
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="faq-heading" title={heading} intro={intro} />
        <div className="mx-auto mt-6 max-w-3xl sm:mt-8 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
          {entries.map((entry) => (
            <details key={entry.id} id={`faq-${entry.id}`} className="group scroll-mt-24" data-testid="faq-entry">
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 px-4 py-2 text-[15px] font-semibold leading-snug sm:px-5 sm:py-3 sm:text-base text-slate-900 hover:text-emerald-800 [&::-webkit-details-marker]:hidden">
                <span>{entry.question}</span>
                <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-emerald-700 transition-transform group-open:rotate-180" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
                  <path d="M6 9l6 6 6-6" />
                </svg>
              </summary>
              <p className="px-4 pb-4 text-slate-700 sm:px-5">{entry.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
