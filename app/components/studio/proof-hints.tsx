import { Link } from "react-router";
import { PROOF_HINTS } from "@shared/content/proof";
import type { MissingProof } from "@shared/copy/proof";

/**
 * Under the overview's inbox (issue 45): the proof visitors cannot see yet, each line a link to the field of the
 * page copy that gives it; one line saying all is filled once nothing is missing. Shown to those who edit pages.
 */
export function ProofHints({ missing }: { missing: readonly MissingProof[] }) {
  return (
    <section aria-labelledby="proof-title" className="mb-8 rounded-lg border border-slate-200 bg-white p-4" data-testid="proof-hints">
      <h2 id="proof-title" className="font-semibold text-slate-900">
        {PROOF_HINTS.heading}
      </h2>
      {missing.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{PROOF_HINTS.complete}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{PROOF_HINTS.intro}</p>
          <ul className="mt-2 space-y-1">
            {missing.map((m) => (
              <li key={m.key}>
                <Link to={m.href} data-proof={m.key} className="inline-flex min-h-11 items-center font-medium text-emerald-800 underline underline-offset-4">
                  {m.text}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
