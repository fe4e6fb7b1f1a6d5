import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { Breadcrumbs } from "~/components/seo/breadcrumbs";
import { LEGAL_UI, formatWhatsappNumber } from "@shared/content";
import type { LegalCopy } from "@shared/copy/legal";
import { sectionAnchor } from "@shared/copy/legal-anchor";
import { useSite } from "~/lib/site-context";
import { useLocale, useTextLang } from "~/lib/locale";
import { localePath } from "@shared/i18n";

const HINDI_LEGAL = hindiWords("legal", () => import("~/lib/hindi/legal"));

type LegalSection = LegalCopy["sections"][number] & { id: string };

/**
 * A legal document (the owner's copy, its route's loader reads it): title, date, table of contents, then each
 * section under its own anchor (made unique on the page).
 */
export function LegalPage({ copy, path }: { copy: LegalCopy; path: string }) {
  const seen = new Set<string>();
  const sections: LegalSection[] = copy.sections.map((section, i) => {
    let id = sectionAnchor(section, i);
    if (seen.has(id) || id === "main" || id === "legal-title" || id === "toc-heading") id = `${id}-${i + 1}`;
    seen.add(id);
    return { ...section, id };
  });
  const doc = { title: copy.seo.title, path, intro: copy.page.intro, sections };
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(copy.page.lastUpdatedIso) ? copy.page.lastUpdatedIso : undefined;
  const ui = useText(LEGAL_UI, HINDI_LEGAL, (hi) => hi.LEGAL_UI_HI);
  const locale = useLocale();
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6" aria-labelledby="legal-title">
      <Breadcrumbs current={{ name: doc.title, path: doc.path }} />
      <header className="mt-8 border-b border-slate-200 pb-6">
        <h1 id="legal-title" className="text-4xl font-extrabold tracking-tight text-slate-900">
          {doc.title}
        </h1>
        <p className="mt-3 text-sm text-slate-700" data-testid="last-updated">
          {ui.lastUpdated} <time dateTime={iso}>{copy.page.lastUpdated}</time>
        </p>
        {locale === "hi" && <EnglishGoverns path={path} />}
        <p className="mt-4 text-lg leading-relaxed text-slate-700">{doc.intro}</p>
      </header>

      <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <h2 id="toc-heading" className="text-sm font-bold uppercase tracking-widest text-slate-700">
          {ui.tocHeading}
        </h2>
        <ol className="mt-3 grid gap-1 sm:grid-cols-2">
          {doc.sections.map((section, i) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-8 items-center rounded text-emerald-800 underline-offset-4 hover:underline"
              >
                {i + 1}. {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, i) => (
        <Section key={section.id} section={section} number={i + 1} />
      ))}

      <p className="mt-12">
        <a href="#main" className="text-sm font-semibold text-emerald-800 underline underline-offset-4">
          {ui.backToTop}
        </a>
      </p>
    </article>
  );
}

/**
 * On a Hindi legal page (issue 33): the translation is for the reader's convenience and the English text governs;
 * a link to it, in the same place on all three documents.
 */
function EnglishGoverns({ path }: { path: string }) {
  const words = hindiNow(HINDI_LEGAL).LEGAL_GOVERNS_HI;
  return (
    <aside aria-labelledby="legal-governs" className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="legal-governs">
      <h2 id="legal-governs" className="font-bold text-slate-900">
        {words.heading}
      </h2>
      <p className="mt-1 text-slate-800">{words.text}</p>
      <a href={localePath(path, "en")} hrefLang="en" className="mt-2 inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-4">
        {words.link}
      </a>
    </aside>
  );
}

function Section({ section, number }: { section: LegalSection; number: number }) {
  return (
    <section aria-labelledby={section.id} className="mt-10">
      {/* scroll-mt keeps the heading clear of the sticky header when reached by its anchor. */}
      <h2 id={section.id} className="scroll-mt-24 text-2xl font-bold text-slate-900">
        {number}. {section.heading}
      </h2>
      {section.paragraphs.map((p, i) => (
        <p key={i} className="mt-3 leading-relaxed text-slate-700">
          {p}
        </p>
      ))}
      {section.points.length > 0 && (
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-emerald-700">
          {section.points.map((point, i) => (
            <li key={i}>{point}</li>
          ))}
        </ul>
      )}
      {section.closing.map((p, i) => (
        <p key={`c${i}`} className="mt-3 leading-relaxed text-slate-700">
          {p}
        </p>
      ))}
      {section.contact === "yes" && <ContactBox />}
    </section>
  );
}

/** The company's contact details, from configuration. */
function ContactBox() {
  const site = useSite();
  const ui = useText(LEGAL_UI, HINDI_LEGAL, (hi) => hi.LEGAL_UI_HI);
  const textLang = useTextLang();
  if (!site) return null;
  return (
    <address className="mt-4 rounded-xl bg-emerald-50 p-5 not-italic ring-1 ring-emerald-200" data-testid="legal-contact">
      <p className="font-bold text-slate-900">{ui.contactHeading}</p>
      <dl className="mt-3 grid gap-3 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-semibold">{ui.emailLabel}</dt>
        <dd>
          <a href={`mailto:${site.email}`} className="break-all text-emerald-800 underline underline-offset-4">
            {site.email}
          </a>
        </dd>
        <dt className="font-semibold">{ui.phoneLabel}</dt>
        <dd>
          <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="text-emerald-800 underline underline-offset-4">
            {site.phone}
          </a>
          <span className="text-slate-700"> · {ui.whatsappLabel} {formatWhatsappNumber(site.whatsappNumber)}</span>
        </dd>
        <dt className="font-semibold">{ui.addressLabel}</dt>
        <dd lang={textLang(site.address)}>{site.address}</dd>
      </dl>
    </address>
  );
}
