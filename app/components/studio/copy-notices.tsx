import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LABELS } from "./copy-labels";
import { controlId } from "./copy-fields";
import { Notice } from "./ui";

/** A translation's fields that show English on its page, each a link to its field; or that none does. */
export function MissingList({ missing, draft }: { missing: readonly { path: string; label: string }[]; draft: boolean }) {
  if (missing.length === 0) {
    return (
      <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900" data-testid="translation-complete">
        {LABELS.complete}
      </p>
    );
  }
  return (
    <section aria-labelledby="missing-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800" data-testid="missing-translation">
      <h2 id="missing-heading" className="font-semibold text-slate-900">
        {LABELS.missingTitle(missing.length)} {draft ? LABELS.missingDraft : null}
      </h2>
      <p className="mt-1 text-slate-700">{LABELS.missingIntro}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {missing.map((m) => (
          <li key={m.path}>
            <a href={`#${controlId(m.path)}`} className="font-medium text-emerald-800 underline" data-missing={m.path}>
              {m.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export type Gap = { path: string; label: string };

/** Hindi fields that show (or will show) English, each a link to its field in the Hindi editor. */
export function HindiGaps({ intro, gaps, href, testId }: { intro: string; gaps: readonly Gap[]; href: string; testId: string }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800" data-testid={testId} role="note">
      <p className="font-medium text-slate-900">{intro}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {gaps.map((gap) => (
          <li key={gap.path}>
            <Link to={`${href}#${controlId(gap.path)}`} className="font-medium text-emerald-800 underline" data-stale={gap.path}>
              {gap.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CopyNotice({ done, hindiGaps, hindiHref }: { done: string | null; hindiGaps?: readonly Gap[] | undefined; hindiHref?: string }) {
  const text = done === "saved" ? "Draft saved. Visitors still see the published copy." : done === "published" ? "Published: visitors see it now." : done === "discarded" ? "Draft discarded." : done === "restored" ? "The revision is now the draft: review it, preview it, then publish." : null;
  const ref = useRef<HTMLDivElement>(null);
  // The pressed button went away with the form it was in (the editor is drawn anew after an action): a keyboard user
  // would start again from the top of the page. The focus goes to the outcome instead, next to the editor's buttons.
  useEffect(() => {
    const active = document.activeElement;
    if (text && (!active || active === document.body)) ref.current?.focus();
  }, [done, text]);
  return text ? (
    <div ref={ref} tabIndex={-1} className="space-y-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700/40">
      <Notice tone="success">{text}</Notice>
      {/* After an English publish: which Hindi fields now show English (issue 44), so it is never silent. */}
      {done === "published" && hindiGaps && hindiGaps.length > 0 && hindiHref ? (
        <HindiGaps intro={LABELS.staleAfterPublish(hindiGaps.length)} gaps={hindiGaps} href={hindiHref} testId="hindi-stale-after-publish" />
      ) : null}
    </div>
  ) : null;
}
