import { hindiNow, hindiWords, useText, type WordsOf } from "~/lib/hindi-words";
import { memo, useRef } from "react";
import { AUDIENCE as AUDIENCE_EN } from "@shared/content/home";
import type { AudienceLabels } from "@shared/content/hi/home";
import { TIMINGS } from "@shared/content/site";
import { useLocale } from "~/lib/locale";
import type { HomeCopy } from "@shared/copy/home";
import { usePageCopy } from "~/lib/page-copy";
import { useInView } from "~/lib/use-in-view";
import { ROTATION_CONTROL_ATTR, useSlideshow } from "~/lib/use-slideshow";
import { ChevronIcon, PauseIcon, PlayIcon } from "./icons";
import { PhoneChat } from "./visuals";
import type { ChatLine } from "@shared/content/home";
import { BELOW_FOLD } from "./below-fold";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));
const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

const controlButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 transition-colors hover:bg-slate-100";

type Slide = HomeCopy["audience"]["slides"][number];
const EMPTY: readonly ChatLine[] = [];

/**
 * The four industries, before and after, as an accessible carousel (WAI-ARIA
 * pattern): a play/pause control first, previous/next, one dot per slide, and
 * the arrow keys. It stays silent for screen readers while it plays and
 * announces the slide once the visitor drives it. Only the progress bar
 * re-renders on each 50 ms tick; slides and dots are memoised.
 */
export function AudienceSlideshow() {
  const regionRef = useRef<HTMLDivElement>(null);
  const visible = useInView(regionRef);
  const copy = usePageCopy<HomeCopy>().audience;
  const SLIDES = copy.slides;
  const AUDIENCE = useText<AudienceLabels, WordsOf<typeof HINDI_HOME>>(AUDIENCE_EN, HINDI_HOME, (hi) => hi.AUDIENCE_LABELS_HI);
  const hindi = useLocale() === "hi";
  const show = useSlideshow(SLIDES.length, { intervalMs: TIMINGS.slideshowMs, tickMs: TIMINGS.slideshowTickMs, visible });

  return (
    <section data-section="audience" aria-labelledby="audience-heading" className={`bg-slate-50 py-10 sm:py-20 ${BELOW_FOLD}`}>
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="text-center">
          <h2 id="audience-heading" className="text-[1.625rem] font-bold leading-tight text-slate-900 sm:text-4xl">
            {copy.heading}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-base text-slate-700 sm:text-lg">{copy.intro}</p>
        </div>

        <div
          ref={regionRef}
          role="region"
          aria-roledescription={hindi ? hindiNow(HINDI_SHELL).SLIDER_ROLES_HI.carousel : "carousel"}
          aria-label={AUDIENCE.label}
          className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:mt-10 sm:p-8"
          data-testid="slideshow"
          data-running={show.running}
          {...show.pauseHandlers}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") show.next();
            else if (event.key === "ArrowLeft") show.previous();
            else return;
            event.preventDefault();
          }}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <button
              type="button"
              {...{ [ROTATION_CONTROL_ATTR]: "" }}
              className={controlButton}
              onClick={show.togglePlaying}
              aria-label={show.playing ? AUDIENCE.pause : AUDIENCE.play}
              data-testid="slideshow-toggle"
            >
              {show.playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            <p className="text-sm font-semibold text-slate-700" data-testid="slideshow-counter">
              {AUDIENCE.slideLabel(show.index + 1, SLIDES.length)}
            </p>
            <div className="flex gap-2">
              <button type="button" className={controlButton} onClick={show.previous} aria-label={AUDIENCE.previous}>
                <ChevronIcon direction="left" />
              </button>
              <button type="button" className={controlButton} onClick={show.next} aria-label={AUDIENCE.next}>
                <ChevronIcon direction="right" />
              </button>
            </div>
          </div>

          {/* The bar follows the 50 ms ticks; transform only, so it never shifts layout. */}
          <div className="mt-4 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div
              className="h-full origin-left bg-emerald-700"
              style={{ transform: `scaleX(${show.progress})` }}
              data-testid="slideshow-progress"
              data-progress={Math.round(show.progress * 100)}
            />
          </div>

          <Slides slides={SLIDES} index={show.index} announce={!show.running} />
          <Dots slides={SLIDES} index={show.index} goTo={show.goTo} />
        </div>
      </div>
    </section>
  );
}

/**
 * Every slide's text sits in the same grid cell and only the current one is
 * visible, so the box is always as tall as the tallest text. The conversation
 * beside it is drawn for the current slide only (the hidden slides' ones
 * would be page weight and hydration work nobody sees); its list of bubbles
 * has a reserved height that holds the longest conversation at the narrowest
 * width (tests/e2e/design.spec.ts), so changing slides never shifts the page.
 */
const Slides = memo(function Slides({ slides: SLIDES, index, announce }: { slides: readonly Slide[]; index: number; announce: boolean }) {
  const AUDIENCE = useText<AudienceLabels, WordsOf<typeof HINDI_HOME>>(AUDIENCE_EN, HINDI_HOME, (hi) => hi.AUDIENCE_LABELS_HI);
  const locale = useLocale();
  const hindi = locale === "hi";
  const current = SLIDES[index] ?? SLIDES[0];
  return (
    <div className="mt-4 grid gap-4 sm:mt-6 sm:gap-6 md:grid-cols-[minmax(0,1fr)_17rem] md:items-start">
      <div className="grid min-w-0" aria-live={announce ? "polite" : "off"}>
        {SLIDES.map((s, i) => (
          <div
            key={i}
            role="group"
            aria-roledescription={hindi ? hindiNow(HINDI_SHELL).SLIDER_ROLES_HI.slide : "slide"}
            aria-label={AUDIENCE.slideLabel(i + 1, SLIDES.length)}
            aria-hidden={i !== index}
            className={`grid min-w-0 content-start gap-3 sm:gap-4 [grid-area:1/1] ${i === index ? "rotate-in" : "invisible"}`}
            data-testid={i === index ? "slide" : undefined}
          >
            <h3 className="text-2xl font-bold text-emerald-800">{s.industry}</h3>
            <div className="rounded-xl bg-rose-50 p-3 sm:p-4">
              <p className="text-sm font-bold uppercase tracking-wide text-rose-800">{AUDIENCE.beforeLabel}</p>
              <p className="mt-2 text-slate-800">{s.before}</p>
            </div>
            <div className="rounded-xl bg-emerald-50 p-3 sm:p-4">
              <p className="text-sm font-bold uppercase tracking-wide text-emerald-800">{AUDIENCE.afterLabel}</p>
              <p className="mt-2 text-slate-800">{s.after}</p>
            </div>
            <p className="text-lg font-semibold text-slate-900">
              <span className="text-emerald-800">{AUDIENCE.outcomeLabel}: </span>
              {s.outcome}
            </p>
          </div>
        ))}
      </div>
      {/* The current industry as a conversation: enquiry, answer, booking, reminder (a new one plays in). */}
      {current && (
        <PhoneChat
          key={index}
          lines={current.conversation.length > 0 ? (current.conversation as readonly ChatLine[]) : EMPTY}
          compact
          animate
          className="rotate-in mx-auto w-full max-w-xs"
          bodyClassName={locale === "hi" ? CHAT_BODY_HEIGHT_HI : CHAT_BODY_HEIGHT}
        />
      )}
    </div>
  );
});

/**
 * The bubbles' reserved height: the longest of the four conversations at the narrowest chat of each range
 * (256 px wide on a 320 px screen, 288 px from 360 px, 272 px beside the text from md), with room to spare, also
 * in a wider fallback face (the site's font is `font-display: optional`: a first visit may keep the fallback).
 */
const CHAT_BODY_HEIGHT = "min-h-[21rem] min-[360px]:min-h-[18.5rem]";
/**
 * The same for the Hindi conversations: Devanagari runs longer and its lines are taller (the longest, the small
 * business's, takes 299 px beside the text from md in the Hindi web font, measured), so its reservation is 316 px.
 */
const CHAT_BODY_HEIGHT_HI = "min-h-[21rem] min-[360px]:min-h-[19.75rem]";

const Dots = memo(function Dots({ slides: SLIDES, index, goTo }: { slides: readonly Slide[]; index: number; goTo: (index: number) => void }) {
  const AUDIENCE = useText<AudienceLabels, WordsOf<typeof HINDI_HOME>>(AUDIENCE_EN, HINDI_HOME, (hi) => hi.AUDIENCE_LABELS_HI);
  return (
    <div role="group" aria-label={AUDIENCE.dotsLabel} className="mt-3 flex sm:mt-6 justify-center gap-1">
      {SLIDES.map((s, i) => (
        <button
          key={i}
          type="button"
          onClick={() => goTo(i)}
          aria-label={AUDIENCE.dotLabel(i + 1, s.industry)}
          aria-current={i === index ? "true" : undefined}
          className="group inline-flex h-11 w-11 items-center justify-center rounded-full"
          data-testid="slideshow-dot"
        >
          <span
            className={`block h-3 rounded-full transition-all ${
              i === index ? "w-8 bg-emerald-700" : "w-3 bg-slate-400 group-hover:bg-slate-500"
            }`}
          />
        </button>
      ))}
    </div>
  );
});
