import { hindiWords, useText, type WordsOf } from "~/lib/hindi-words";
import { useRef } from "react";
import { METRICS } from "@shared/content/home";
import type { MetricsLabels } from "@shared/content/hi/home";
import { TIMINGS } from "@shared/content/site";
import type { HomeCopy } from "@shared/copy/home";
import { usePageCopy } from "~/lib/page-copy";
import { useInView } from "~/lib/use-in-view";
import { useRotation } from "~/lib/use-rotation";
import { BELOW_FOLD } from "./below-fold";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));

/**
 * The results, one in the spotlight at a time, changing every 3 s. All three
 * stay in the page as buttons, so nothing depends on waiting for the rotation.
 */
export function Metrics() {
  const ref = useRef<HTMLDivElement>(null);
  const metrics = usePageCopy<HomeCopy>().metrics;
  const words = useText<MetricsLabels, WordsOf<typeof HINDI_HOME>>(METRICS, HINDI_HOME, (hi) => hi.METRICS_LABELS_HI);
  // Rotates only while on screen: nobody misses a result scrolled past unseen.
  const visible = useInView(ref);
  const rotation = useRotation(metrics.items.length, TIMINGS.metricsMs, { autoplay: visible });
  const current = metrics.items[rotation.index] ?? metrics.items[0] ?? { value: "", label: "" };
  return (
    <section data-section="metrics" aria-labelledby="metrics-heading" className={`bg-emerald-900 py-10 text-white sm:py-20 ${BELOW_FOLD}`}>
      <div
        ref={ref}
        className="mx-auto max-w-5xl px-4 text-center sm:px-6"
        data-testid="metrics"
        data-running={!rotation.paused}
        {...rotation.pauseHandlers}
      >
        <h2 id="metrics-heading" className="text-3xl font-bold sm:text-4xl">
          {metrics.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-emerald-100">{metrics.intro}</p>
        {/* Fixed height: the rotation never moves the content below it. */}
        <p className="mt-6 flex h-40 flex-col sm:mt-10 items-center justify-center sm:h-44" data-testid="metric-current" aria-live="off">
          <span key={rotation.index} className="rotate-in block">
            <span className="block text-6xl font-extrabold tracking-tight text-amber-300 sm:text-7xl">{current.value}</span>
            <span className="mt-2 block text-xl font-medium sm:text-2xl">{current.label}</span>
          </span>
        </p>
        {/* Every result with its own label, so none hides behind the rotation; the spotlight's chooser is the figure. */}
        <ul className="mx-auto mt-6 grid max-w-3xl grid-cols-3 gap-2 sm:gap-4" aria-label={words.allLabel}>
          {metrics.items.map((item, i) => (
            <li
              key={i}
              className={`flex flex-col items-center rounded-2xl p-2 transition-colors sm:p-4 ${i === rotation.index ? "bg-emerald-800" : "bg-emerald-950/40"}`}
            >
              <button
                type="button"
                onClick={() => rotation.setIndex(i)}
                aria-pressed={i === rotation.index}
                aria-label={`${item.value} ${item.label}`}
                title={words.showLabel(i + 1, metrics.items.length)}
                className={`min-h-11 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
                  i === rotation.index
                    ? "border-amber-300 bg-amber-300 text-emerald-950"
                    : "border-emerald-300/60 text-white hover:bg-emerald-800"
                }`}
              >
                {item.value}
              </button>
              <span className="mt-2 text-xs leading-snug text-emerald-50 sm:text-sm" aria-hidden="true">
                {item.label}
              </span>
              {/* Where the figure comes from, as the owner gives it (nothing invented while none is given). */}
              {item.source ? (
                <span className="mt-1.5 block text-[11px] leading-snug text-emerald-100 sm:text-xs" data-testid="metric-source">
                  {metrics.sourceLabel}:{" "}
                  {item.sourceHref ? (
                    <a href={item.sourceHref} className="inline-flex min-h-11 items-center underline decoration-emerald-300/70 underline-offset-2 hover:text-white sm:min-h-0">
                      {item.source}
                    </a>
                  ) : (
                    item.source
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
