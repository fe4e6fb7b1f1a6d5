import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiWords, useText, type WordsOf } from "~/lib/hindi-words";
import { HERO, TESTIMONIALS } from "@shared/content/home";
import type { TestimonialsLabels } from "@shared/content/hi/home";
import type { HomeCopy } from "@shared/copy/home";
import { shownImage } from "@shared/copy/build";
import { usePageCopy } from "~/lib/page-copy";
import { useSite } from "~/lib/site-context";
import { CheckIcon, StarRating } from "./icons";
import { CustomerStrip, PartnerBadge, Portrait, shownCustomers } from "./trust";
import { FeatureIcon, type FeatureIconName, LeadsBoard, WiseCoreDiagram } from "./visuals";
import { NewTabNote } from "./labels";
import { SectionHeading } from "./section-heading";
import { BELOW_FOLD } from "./below-fold";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));

const wrap = "mx-auto max-w-7xl px-4 sm:px-6";

/**
 * On phones a list of cards becomes a rail that scrolls sideways (the next card peeks in), so the page is not a
 * column of a dozen screens; from `sm` up it is the usual grid. The rail is a labelled group the keyboard can
 * focus and scroll (a group, not a second landmark beside its section), with the list (and its items) inside it.
 */
function Rail({ label, className, ordered = false, children }: { label: string; className: string; ordered?: boolean; children: React.ReactNode }) {
  const List = ordered ? "ol" : "ul";
  return (
    <div role="group" aria-label={label} tabIndex={0} className="-mx-4 mt-6 overflow-x-auto overscroll-x-contain px-4 pb-2 sm:mx-0 sm:mt-10 sm:overflow-visible sm:px-0 sm:pb-0 max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4">
      <List className={`max-sm:flex max-sm:gap-3 ${className}`}>{children}</List>
    </div>
  );
}
/** A card in a rail: most of a phone's width (the next one peeks in), a grid cell from `sm` up. */
const railItem = "max-sm:w-[84%] max-sm:shrink-0 max-sm:snap-start";

/** A card's icon, title and text; on a phone the icon sits beside the title, so the cards stay short. */
function IconCardBody({ card, iconClass }: { card: { icon: string; title: string; text: string }; iconClass: string }) {
  return (
    <>
      <div className="flex items-center gap-4 sm:block">
        <span className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${iconClass}`}>
          <FeatureIcon name={card.icon as FeatureIconName} />
        </span>
        <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{card.title}</h3>
      </div>
      <p className="mt-2 text-slate-700">{card.text}</p>
    </>
  );
}

export function PainPoints() {
  const painPoints = usePageCopy<HomeCopy>().painPoints;
  return (
    <section data-section="pain-points" aria-labelledby="pain-heading" className={`py-10 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="pain-heading" title={painPoints.heading} intro={painPoints.intro} />
        <Rail label={painPoints.heading} className="sm:grid sm:gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {painPoints.cards.map((card, i) => (
            <li key={i} className={`rounded-2xl border border-rose-100 bg-rose-50/60 p-5 sm:p-6 ${railItem}`}>
              <IconCardBody card={card} iconClass="bg-white text-rose-700 shadow-sm ring-1 ring-rose-100" />
            </li>
          ))}
        </Rail>
      </div>
    </section>
  );
}

export function PromiseText() {
  const promise = usePageCopy<HomeCopy>().promise;
  return (
    <section data-section="promise" aria-labelledby="promise-heading" className={`bg-emerald-50 py-8 sm:py-16 ${BELOW_FOLD}`}>
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h2 id="promise-heading" className="text-sm font-bold uppercase tracking-widest text-emerald-800">
          {promise.heading}
        </h2>
        <p className="mt-3 text-xl font-semibold leading-snug text-slate-900 sm:mt-4 sm:text-3xl">{promise.text}</p>
      </div>
    </section>
  );
}

export function Benefits() {
  const benefits = usePageCopy<HomeCopy>().benefits;
  return (
    <section data-section="benefits" aria-labelledby="benefits-heading" className={`py-10 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="benefits-heading" title={benefits.heading} intro={benefits.intro} />
        <LeadsBoard className="mx-auto mt-6 max-w-3xl sm:mt-10" />
        {/* Two wide cards over three: five cards without a hole, and icons rather than numbers (the steps below are numbered). */}
        <Rail label={benefits.heading} className="sm:grid sm:gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {benefits.cards.map((card, i) => (
            <li
              key={i}
              className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 ${railItem} ${i < 2 ? "lg:col-span-3" : "lg:col-span-2"} ${
                i === benefits.cards.length - 1 ? "sm:col-span-2 lg:col-span-2" : ""
              }`}
            >
              <IconCardBody card={card} iconClass="bg-emerald-50 text-emerald-800 ring-1 ring-emerald-100" />
            </li>
          ))}
        </Rail>
      </div>
    </section>
  );
}

export function WiseCore() {
  const wiseCore = usePageCopy<HomeCopy>().wiseCore;
  return (
    <section data-section="wise-core" aria-labelledby="wise-core-heading" className={`bg-slate-950 py-16 text-white sm:py-20 ${BELOW_FOLD}`}>
      <div className={`${wrap} grid items-center gap-6 sm:gap-10 lg:grid-cols-2`}>
        <div>
          <h2 id="wise-core-heading" className="text-[1.625rem] font-bold leading-tight sm:text-4xl">
            {wiseCore.heading}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-200">{wiseCore.text}</p>
        </div>
        <div>
          <WiseCoreDiagram inputs={wiseCore.trainedOn} />
          <p className="mt-6 text-sm font-bold uppercase tracking-widest text-amber-300 sm:mt-8">{wiseCore.trainedOnLabel}</p>
          <ul className="mt-3 flex flex-wrap gap-2 sm:mt-4 sm:gap-3">
            {wiseCore.trainedOn.map((item, i) => (
              <li key={i} className="inline-flex items-center gap-2 rounded-full bg-slate-800 px-3 py-1.5 text-sm font-medium sm:px-4 sm:py-2 sm:text-base">
                <CheckIcon className="h-4 w-4 text-emerald-300" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function Steps() {
  const steps = usePageCopy<HomeCopy>().steps;
  const newTab = useText(HERO, HINDI_HOME, (hi) => hi.HERO_HI).newTab;
  const site = useSite();
  const book = useBookDemoLink();
  return (
    <section data-section="steps" aria-labelledby="steps-heading" className={`py-10 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="steps-heading" title={steps.heading} intro={steps.intro} />
        <Rail label={steps.heading} ordered className="sm:grid sm:gap-5 md:grid-cols-5">
          {steps.items.map((step, i) => (
            <li key={i} className={`rounded-2xl border border-slate-200 bg-white p-5 max-sm:w-[72%] ${railItem}`}>
              <span className="text-3xl font-extrabold text-emerald-700" data-testid="step-number">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 font-bold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </Rail>
        {site && (
          <div data-section="book-demo" className="mt-6 flex sm:mt-10 flex-col items-center gap-2 text-center">
            <a {...linkAttrs(book!)} className="btn-primary px-8 py-3 text-lg" data-testid="steps-book">
              {steps.bookDemo}
              {book?.external ? <NewTabNote text={newTab} /> : null}
            </a>
            <p className="text-sm text-slate-700">{steps.bookDemoNote}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export function Kit() {
  const kit = usePageCopy<HomeCopy>().kit;
  return (
    <section data-section="kit" aria-labelledby="kit-heading" className={`bg-slate-50 py-10 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="kit-heading" title={kit.heading} intro={kit.intro} />
        <Rail label={kit.heading} className="sm:grid sm:gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {kit.items.map((item, i) => (
            <li key={i} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${railItem}`}>
              <CheckIcon className="h-6 w-6 text-emerald-700" />
              <h3 className="mt-3 font-bold text-slate-900">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{item.text}</p>
            </li>
          ))}
        </Rail>
      </div>
    </section>
  );
}

export function AvailableFor() {
  const availableFor = usePageCopy<HomeCopy>().availableFor;
  return (
    <section data-section="available-for" aria-labelledby="available-heading" className={`py-8 sm:py-16 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="available-heading" title={availableFor.heading} />
        <ul className="mx-auto mt-6 flex max-w-4xl flex-wrap justify-center gap-2 sm:mt-8 sm:gap-3">
          {availableFor.items.map((item, i) => (
            <li key={i} className="rounded-full border border-emerald-200 bg-emerald-50 px-4 py-1.5 font-semibold text-emerald-900 sm:px-5 sm:py-2">
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Testimonials() {
  const testimonials = usePageCopy<HomeCopy>().testimonials;
  const ratingLabel = useText<TestimonialsLabels, WordsOf<typeof HINDI_HOME>>(TESTIMONIALS, HINDI_HOME, (hi) => hi.TESTIMONIALS_LABELS_HI).ratingLabel;
  return (
    <section data-section="testimonials" aria-labelledby="testimonials-heading" className={`bg-slate-50 py-10 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="testimonials-heading" title={testimonials.heading} />
        {/* The owner's customers first, as a quiet strip (nothing while none is named). */}
        <CustomerStrip heading={testimonials.logosHeading} customers={shownCustomers(testimonials.logos)} />
        <Rail label={testimonials.heading} className="sm:grid sm:gap-5 lg:grid-cols-3">
          {testimonials.items.map((t, i) => (
            <li key={i} className={railItem}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <StarRating count={Number(t.rating)} label={ratingLabel(Number(t.rating))} className="flex gap-0.5 text-amber-500" />
                  <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-100" data-testid="testimonial-business">
                    {t.city ? `${t.business} · ${t.city}` : t.business}
                  </span>
                </div>
                <blockquote className="mt-4 flex-1 text-slate-800">
                  <p>“{t.quote}”</p>
                </blockquote>
                {t.result ? (
                  <div className="mt-4 border-l-2 border-emerald-600 pl-3" data-testid="testimonial-result">
                    <p className="text-sm font-semibold leading-snug text-slate-900">{t.result}</p>
                    {t.caseStudy ? (
                      <a href={t.caseStudy} className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline decoration-emerald-300 underline-offset-4 hover:decoration-emerald-800">
                        {testimonials.caseStudyLink}
                        <span className="sr-only">: {t.businessName || t.name}</span>
                        <span aria-hidden="true">&nbsp;→</span>
                      </a>
                    ) : null}
                  </div>
                ) : null}
                <figcaption className="mt-5 flex items-center gap-3">
                  <Portrait person={t} />
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-700">{t.role}</span>
                    {t.businessName ? (
                      <span className="block text-sm font-medium text-slate-800" data-testid="testimonial-business-name">
                        {t.businessName}
                      </span>
                    ) : null}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </Rail>
        <PartnerBadge badge={shownImage(testimonials.partnerBadge)} />
      </div>
    </section>
  );
}
