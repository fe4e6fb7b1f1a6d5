import {
  AVAILABLE_FOR,
  BENEFITS,
  HERO,
  KIT,
  PAIN_POINTS,
  PROMISE,
  STEPS,
  TESTIMONIALS,
  WISE_CORE,
} from "@shared/content";
import { useSite } from "~/lib/site-context";
import { CheckIcon, StarRating } from "./icons";
import { FeatureIcon, InitialsAvatar, LeadsBoard, WiseCoreDiagram } from "./visuals";
import { NewTabNote } from "./labels";
import { SectionHeading } from "./section-heading";
import { BELOW_FOLD } from "./below-fold";

const wrap = "mx-auto max-w-7xl px-4 sm:px-6";

export function PainPoints() {
  return (
    <section data-section="pain-points" aria-labelledby="pain-heading" className={`py-16 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="pain-heading" title={PAIN_POINTS.heading} intro={PAIN_POINTS.intro} />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PAIN_POINTS.cards.map((card) => (
            <li key={card.title} className="rounded-2xl border border-rose-100 bg-rose-50/60 p-6">
              <div className="flex items-center gap-4 sm:block">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white text-rose-700 shadow-sm ring-1 ring-rose-100">
                  <FeatureIcon name={card.icon} />
                </span>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{card.title}</h3>
              </div>
              <p className="mt-2 text-slate-700">{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function PromiseText() {
  return (
    <section data-section="promise" aria-labelledby="promise-heading" className={`bg-emerald-50 py-14 sm:py-16 ${BELOW_FOLD}`}>
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h2 id="promise-heading" className="text-sm font-bold uppercase tracking-widest text-emerald-800">
          {PROMISE.heading}
        </h2>
        <p className="mt-4 text-2xl font-semibold leading-snug text-slate-900 sm:text-3xl">{PROMISE.text}</p>
      </div>
    </section>
  );
}

export function Benefits() {
  return (
    <section data-section="benefits" aria-labelledby="benefits-heading" className={`py-16 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="benefits-heading" title={BENEFITS.heading} intro={BENEFITS.intro} />
        <LeadsBoard className="mx-auto mt-10 max-w-3xl" />
        {/* Two wide cards over three: five cards without a hole, and icons rather than numbers (the steps below are numbered). */}
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {BENEFITS.cards.map((card, i) => (
            <li
              key={card.title}
              className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 ${i < 2 ? "lg:col-span-3" : "lg:col-span-2"} ${
                i === BENEFITS.cards.length - 1 ? "sm:col-span-2 lg:col-span-2" : ""
              }`}
            >
              {/* On a phone the icon sits beside the title, so five cards stay short. */}
              <div className="flex items-center gap-4 sm:block">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-800 ring-1 ring-emerald-100">
                  <FeatureIcon name={card.icon} />
                </span>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{card.title}</h3>
              </div>
              <p className="mt-2 text-slate-700">{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function WiseCore() {
  return (
    <section data-section="wise-core" aria-labelledby="wise-core-heading" className={`bg-slate-950 py-16 text-white sm:py-20 ${BELOW_FOLD}`}>
      <div className={`${wrap} grid items-center gap-10 lg:grid-cols-2`}>
        <div>
          <h2 id="wise-core-heading" className="text-3xl font-bold sm:text-4xl">
            {WISE_CORE.heading}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-200">{WISE_CORE.text}</p>
        </div>
        <div>
          <WiseCoreDiagram inputs={WISE_CORE.trainedOn} />
          <p className="mt-8 text-sm font-bold uppercase tracking-widest text-amber-300">{WISE_CORE.trainedOnLabel}</p>
          <ul className="mt-4 flex flex-wrap gap-3">
            {WISE_CORE.trainedOn.map((item) => (
              <li key={item} className="inline-flex items-center gap-2 rounded-full bg-slate-800 px-4 py-2 font-medium">
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
  const site = useSite();
  return (
    <section data-section="steps" aria-labelledby="steps-heading" className={`py-16 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="steps-heading" title={STEPS.heading} intro={STEPS.intro} />
        <ol className="mt-10 grid gap-5 md:grid-cols-5">
          {STEPS.items.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 p-5">
              <span className="text-3xl font-extrabold text-emerald-700" data-testid="step-number">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 font-bold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
        {site && (
          <div data-section="book-demo" className="mt-10 flex flex-col items-center gap-2 text-center">
            <a href={site.bookingUrl} target="_blank" rel="noopener" className="btn-primary px-8 py-3 text-lg" data-testid="steps-book">
              {STEPS.bookDemo}
              <NewTabNote text={HERO.newTab} />
            </a>
            <p className="text-sm text-slate-700">{STEPS.bookDemoNote}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export function Kit() {
  return (
    <section data-section="kit" aria-labelledby="kit-heading" className={`bg-slate-50 py-16 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="kit-heading" title={KIT.heading} intro={KIT.intro} />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {KIT.items.map((item) => (
            <li key={item.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <CheckIcon className="h-6 w-6 text-emerald-700" />
              <h3 className="mt-3 font-bold text-slate-900">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function AvailableFor() {
  return (
    <section data-section="available-for" aria-labelledby="available-heading" className={`py-14 sm:py-16 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="available-heading" title={AVAILABLE_FOR.heading} />
        <ul className="mx-auto mt-8 flex max-w-4xl flex-wrap justify-center gap-3">
          {AVAILABLE_FOR.items.map((item) => (
            <li key={item} className="rounded-full border border-emerald-200 bg-emerald-50 px-5 py-2 font-semibold text-emerald-900">
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Testimonials() {
  return (
    <section data-section="testimonials" aria-labelledby="testimonials-heading" className={`bg-slate-50 py-16 sm:py-20 ${BELOW_FOLD}`}>
      <div className={wrap}>
        <SectionHeading id="testimonials-heading" title={TESTIMONIALS.heading} />
        <ul className="mt-10 grid gap-5 lg:grid-cols-3">
          {TESTIMONIALS.items.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <StarRating count={t.rating} label={TESTIMONIALS.ratingLabel(t.rating)} className="flex gap-0.5 text-amber-500" />
                <blockquote className="mt-4 flex-1 text-slate-800">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <InitialsAvatar name={t.name} />
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-700">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
