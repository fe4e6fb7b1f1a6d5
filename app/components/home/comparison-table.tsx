import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { COMPARISON, type ComparisonValue } from "@shared/content/home";
import type { Locale } from "@shared/i18n";
import { useLocale } from "~/lib/locale";
import type { HomeCopy } from "@shared/copy/home";
import { usePageCopy } from "~/lib/page-copy";
import { valueIconMarkup } from "./icons";
import { escapeHtml } from "./markup";
import { SectionHeading } from "./section-heading";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));

const STYLE: Record<ComparisonValue, string> = {
  yes: "text-emerald-800",
  partial: "text-amber-800",
  no: "text-rose-800",
};

/** Each value's mark and word as markup, made once per language (the same object on every render). */
const valueHtml = (words: Record<ComparisonValue, string>) =>
  Object.fromEntries(
    (["yes", "no", "partial"] as const).map((value) => [value, { __html: `${valueIconMarkup(value, "h-5 w-5 shrink-0")}${escapeHtml(words[value])}` }]),
  ) as Record<ComparisonValue, { __html: string }>;
const VALUE_HTML: Partial<Record<Locale, Record<ComparisonValue, { __html: string }>>> = {};
const valueHtmlOf = (locale: Locale) =>
  (VALUE_HTML[locale] ??= valueHtml(locale === "hi" ? hindiNow(HINDI_HOME).COMPARISON_LABELS_HI.values : COMPARISON.values));

/**
 * A mark plus its word, so the value is read (and seen) as "Yes", "No" or "Partial", never as a symbol.
 * One element for React (the table never changes): its mark and word are markup.
 */
function Value({ value, locale }: { value: ComparisonValue; locale: Locale }) {
  return <span className={`inline-flex items-center gap-1.5 font-semibold ${STYLE[value]}`} dangerouslySetInnerHTML={valueHtmlOf(locale)[value]} />;
}

/** The table's caption: the spec's for the default columns (each language's), else made from the owner's. */
export function captionOf(columns: readonly string[], locale: Locale = "en"): string {
  const words = locale === "hi" ? hindiNow(HINDI_HOME).COMPARISON_LABELS_HI : COMPARISON;
  if (columns.length === words.columns.length && columns.every((c, i) => c === words.columns[i])) return words.caption;
  const [ours = "", ...others] = columns;
  return locale === "hi" ? hindiNow(HINDI_HOME).comparisonCaptionHi(ours, others) : `Features of ${ours} compared with ${others.join(", ")}`;
}

export function ComparisonTable() {
  const copy = usePageCopy<HomeCopy>().comparison;
  const locale = useLocale();
  const words = locale === "hi" ? hindiNow(HINDI_HOME).COMPARISON_LABELS_HI : COMPARISON;
  return (
    <section data-section="comparison" aria-labelledby="comparison-heading" className="py-10 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="comparison-heading" title={copy.heading} intro={copy.intro} />
        <p className="mt-8 text-center text-sm font-semibold text-slate-700 md:hidden" data-testid="comparison-hint">
          {words.scrollHint}
        </p>
        {/* Scrolls sideways on narrow screens instead of squeezing the columns; the feature column stays put. */}
        <div className="mt-3 overflow-x-auto md:mt-10 rounded-2xl ring-1 ring-slate-200" tabIndex={0} role="region" aria-label={words.scrollLabel}>
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm sm:text-base">
            <caption className="sr-only">{captionOf(copy.columns, locale)}</caption>
            <thead className="bg-slate-100">
              <tr>
                {/* The feature column stays put while the table scrolls sideways on a phone. */}
                <th scope="col" className="sticky left-0 z-10 bg-slate-100 p-3 font-bold text-slate-900 shadow-[6px_0_8px_-6px_rgba(15,23,42,0.25)] sm:p-4">
                  {words.featureHeader}
                </th>
                {copy.columns.map((column, i) => (
                  <th key={i} scope="col" className={`p-4 font-bold ${i === 0 ? "bg-emerald-700 text-white" : "text-slate-900"}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {copy.rows.map((row, r) => (
                <tr key={r} className="border-t border-slate-200">
                  <th scope="row" className="sticky left-0 z-10 w-36 min-w-36 bg-white p-3 text-sm font-semibold text-slate-900 shadow-[6px_0_8px_-6px_rgba(15,23,42,0.25)] sm:w-auto sm:p-4 sm:text-base">
                    {row.feature}
                  </th>
                  {copy.columns.map((_, i) => (
                    <td key={i} className={`p-4 ${i === 0 ? "bg-emerald-50" : ""}`}>
                      <Value value={(row.values[i] ?? "no") as ComparisonValue} locale={locale} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
