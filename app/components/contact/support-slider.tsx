import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useState } from "react";
import { SUPPORT_CHANNELS, SUPPORT_SLIDER, TIMINGS, WHATSAPP_WIDGET } from "@shared/content";
import { LocaleLink, useLocale } from "~/lib/locale";
import type { ContactCopy } from "@shared/copy/contact";
import { supportChannelsOf } from "@shared/copy/contact-view";
import { usePageCopy } from "~/lib/page-copy";
import { useSite } from "~/lib/site-context";
import { useRotation } from "~/lib/use-rotation";
import { ContactIcon } from "./contact-icon";
import { resolveContact } from "./contact-links";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));
const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/** Each channel's name on the page (data-slide, data-thumb), by its place: the default channels'. */
const CHANNEL_IDS = SUPPORT_CHANNELS.map((c) => c.id);

/**
 * The support-channel carousel: one channel at a time, moving on every 5 s
 * (paused while the pointer or focus is on it, or by its pause button, and
 * never on its own for reduced motion), wrapping at both ends, with arrows,
 * thumbnails, dots and the Left/Right keys.
 */
export function SupportSlider() {
  const site = useSite();
  const copy = usePageCopy<ContactCopy>();
  const t = useText(SUPPORT_SLIDER, HINDI_FORMS, (hi) => hi.SUPPORT_SLIDER_HI);
  const widget = useText(WHATSAPP_WIDGET, HINDI_FORMS, (hi) => hi.WHATSAPP_WIDGET_HI);
  const hindi = useLocale() === "hi";
  const channels = supportChannelsOf(copy, CHANNEL_IDS);
  const COUNT = channels.length;
  const [playing, setPlaying] = useState(true);
  const rotation = useRotation(COUNT, TIMINGS.contactSliderMs, { autoplay: playing });
  const { index, setIndex, paused } = rotation;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") setIndex(index - 1);
    else if (event.key === "ArrowRight") setIndex(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby="support-heading" className="bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="support-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {copy.support.heading}
        </h2>
        <p className="mt-2 text-slate-700">{copy.support.intro}</p>

        <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="support-stats">
          {copy.support.stats.map((stat, i) => (
            <div key={i} className="flex flex-col rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-700">{stat.label}</dt>
              <dd className="order-first text-2xl font-extrabold text-emerald-800">{stat.value}</dd>
            </div>
          ))}
        </dl>

        <div
          role="region"
          aria-roledescription={hindi ? hindiNow(HINDI_SHELL).SLIDER_ROLES_HI.carousel : "carousel"}
          aria-label={t.regionLabel}
          data-testid="support-slider"
          data-paused={paused ? "true" : "false"}
          className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
          onKeyDown={onKeyDown}
          {...rotation.pauseHandlers}
        >
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              className="btn-ghost"
              aria-pressed={!playing}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? t.pause : t.play}
            </button>
            <div className="flex gap-2">
              <button type="button" className="btn-ghost px-3" aria-label={t.previous} onClick={() => setIndex(index - 1)}>
                <Chevron direction="left" />
              </button>
              <button type="button" className="btn-ghost px-3" aria-label={t.next} onClick={() => setIndex(index + 1)}>
                <Chevron direction="right" />
              </button>
            </div>
          </div>

          {/* Announced only when the visitor moves it (not while it rotates by itself). */}
          <div aria-live={paused ? "polite" : "off"} className="mt-4">
            {channels.map((channel, i) => {
              const contact = site ? resolveContact(channel.contact, site) : null;
              return (
                <div
                  key={channel.id}
                  role="group"
                  aria-roledescription={hindi ? hindiNow(HINDI_SHELL).SLIDER_ROLES_HI.slide : "slide"}
                  aria-label={t.slideLabel(i + 1, COUNT)}
                  hidden={i !== index}
                  data-slide={channel.id}
                  className="rounded-xl bg-gradient-to-br from-emerald-800 to-teal-800 p-6 text-white sm:p-8"
                >
                  <div className="flex items-start gap-4">
                    <span className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-white/15 sm:inline-flex">
                      <ContactIcon kind={channel.contact.kind} />
                    </span>
                    <div className="min-w-0">
                      <h3 className="text-xl font-bold sm:text-2xl">{channel.title}</h3>
                      <p className="mt-2 text-emerald-50">{channel.description}</p>
                    </div>
                  </div>
                  <dl className="mt-6 grid gap-4 sm:grid-cols-3">
                    <div>
                      <dt className="text-sm text-emerald-100">{t.availability}</dt>
                      <dd className="font-semibold">{channel.availability}</dd>
                    </div>
                    <div>
                      <dt className="text-sm text-emerald-100">{t.responseTime}</dt>
                      <dd className="font-semibold">{channel.responseTime}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="text-sm text-emerald-100">{t.contact}</dt>
                      <dd className="break-words font-semibold">
                        {contact &&
                          (channel.contact.kind === "page" ? (
                            <LocaleLink to={contact.href} className="underline underline-offset-4 hover:text-emerald-100">
                              {contact.value}
                            </LocaleLink>
                          ) : (
                            <a
                              href={contact.href}
                              className="underline underline-offset-4 hover:text-emerald-100"
                              {...(contact.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                            >
                              {contact.value}
                              {contact.external && <span className="sr-only"> {widget.newTab}</span>}
                            </a>
                          ))}
                      </dd>
                    </div>
                  </dl>
                </div>
              );
            })}
          </div>

          <div role="group" aria-label={t.thumbnailsLabel} className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {channels.map((channel, i) => (
              <button
                key={channel.id}
                type="button"
                data-thumb={channel.id}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
                className={`min-h-11 rounded-lg border px-3 py-2 text-left text-sm transition-colors ${
                  i === index ? "border-emerald-700 bg-emerald-50 text-emerald-900" : "border-slate-200 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                <span className="block font-semibold">{channel.title}</span>
                <span className="block text-xs text-slate-700">{channel.availability}</span>
              </button>
            ))}
          </div>

          <div className="mt-4 flex justify-center" data-testid="support-dots">
            {channels.map((channel, i) => (
              <button
                key={channel.id}
                type="button"
                aria-label={t.dotLabel(i + 1, channel.title)}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-3 rounded-full transition-all ${i === index ? "w-6 bg-emerald-700" : "w-3 bg-slate-400"}`}
                />
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}
