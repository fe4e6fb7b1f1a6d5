import { groupParagraphs } from "./format";
import type { BlogSection } from "../../../server/services/blog/types";

/** Numbered sections; paragraphs by the spec's rules, always as text (never HTML). */
export function PostBody({ sections }: { sections: readonly BlogSection[] }) {
  return (
    <div className="mt-10 space-y-10">
      {sections.map((section, i) => (
        <section key={i} aria-labelledby={`section-${i + 1}`}>
          <h2 id={`section-${i + 1}`} className="flex items-baseline gap-3 text-2xl font-bold text-slate-900">
            <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-base text-white" aria-hidden="true">
              {i + 1}
            </span>
            <span>
              <span className="sr-only">{i + 1}. </span>
              {section.title}
            </span>
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-800">
            {groupParagraphs(section.content).map((block, j) =>
              block.kind === "list" ? (
                <ul key={j} className="list-disc space-y-2 pl-6 marker:text-emerald-700">
                  {block.items.map((item, k) => (
                    <li key={k}>{item}</li>
                  ))}
                </ul>
              ) : block.kind === "quote" ? (
                <blockquote key={j} className="border-l-4 border-emerald-600 bg-emerald-50 px-5 py-3 italic text-slate-800">
                  {block.text}
                </blockquote>
              ) : (
                <p key={j}>{block.text}</p>
              ),
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
