import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiWords, useText } from "~/lib/hindi-words";
import { HERO } from "@shared/content/home";
import { whatsappLink } from "@shared/content/site";
import type { HomeCopy } from "@shared/copy/home";
import { usePageCopy } from "~/lib/page-copy";
import { useSite } from "~/lib/site-context";
import { SocialIcon } from "~/components/shell/social-icon";
import { CheckIcon, PlayIcon } from "./icons";
import { NewTabNote, ResponsiveLabel } from "./labels";
import { PhoneChat } from "./visuals";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));

/** The hero's two WhatsApp actions: plainly secondary to the booking button (outlined, WhatsApp's sign). */
const SECONDARY = "btn-ghost order-5 justify-center bg-white px-5 text-base sm:self-start lg:mt-0";

/**
 * The first screen: headline, tagline, description and the three calls to
 * action. The "play here" link opens the video in a new tab without
 * JavaScript; with it, the video is embedded on the page instead.
 */
export function Hero({ onShowVideo, videoShown }: { onShowVideo: () => void; videoShown: boolean }) {
  const site = useSite();
  const book = useBookDemoLink();
  const { hero } = usePageCopy<HomeCopy>();
  const words = useText(HERO, HINDI_HOME, (hi) => hi.HERO_HI);
  return (
    <section
      data-section="hero"
      aria-labelledby="hero-heading"
      className="overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-10 pt-8 sm:px-6 sm:pb-16 sm:pt-16 lg:grid-cols-[1.15fr_0.85fr] lg:pb-24 lg:pt-20">
        {/* Phones: the primary action comes right under the headline (in the first screen at 320 x 568), the rest
            follow the description; from lg the three actions are one row under the description. The order is
            visual only (CSS order): the document, and so the keyboard and a screen reader, read headline, tagline,
            description, then the actions, the primary first. */}
        <div className="flex flex-col lg:block">
          <p className="inline-flex self-start rounded-2xl bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">{hero.eyebrow}</p>
          <h1 id="hero-heading" className="mt-5 text-display font-extrabold text-slate-900">
            {hero.headline}
          </h1>
          {/* On a phone the product shows right under the headline; wide screens draw the full conversation beside. */}
          <PhoneChat lines={words.chatCompact} compact className="order-2 mx-auto mt-5 w-full max-w-sm sm:mt-6 lg:hidden" />
          <p className="order-3 mt-4 text-xl font-semibold text-emerald-800 sm:mt-5 sm:text-2xl">{hero.tagline}</p>
          <p className="order-4 mt-3 max-w-2xl text-lg leading-relaxed text-slate-700 sm:mt-5">{hero.description}</p>

          {site && (
            <div className="contents lg:mt-8 lg:flex lg:flex-wrap lg:gap-3" data-testid="hero-actions">
              <a
                {...linkAttrs(book!)}
                className="btn-primary order-1 mt-5 justify-center px-5 text-base sm:self-start lg:mt-0"
                data-testid="hero-book"
              >
                {hero.bookDemo}
                {book?.external ? <NewTabNote text={words.newTab} /> : null}
              </a>
              <a
                href={whatsappLink(site.whatsappNumber, words.demoVideosMessage)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${SECONDARY} mt-6`}
                data-testid="hero-demo-videos"
              >
                <SocialIcon name="whatsapp" className="h-4 w-4 text-emerald-700" />
                <ResponsiveLabel {...words.demoVideos} />
                <NewTabNote text={words.newTab} />
              </a>
              <a
                href={whatsappLink(site.whatsappNumber, words.whatsappMessage)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${SECONDARY} mt-3`}
                data-testid="hero-whatsapp"
              >
                <SocialIcon name="whatsapp" className="h-4 w-4 text-emerald-700" />
                <ResponsiveLabel {...words.whatsappChat} />
                <NewTabNote text={words.newTab} />
              </a>
            </div>
          )}

          {site && !videoShown && (
            <a
              href={site.demoVideoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="order-6 mt-5 inline-flex min-h-11 items-center gap-2 self-start rounded-md text-base font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
              data-testid="hero-watch-here"
              onClick={(event) => {
                event.preventDefault();
                onShowVideo();
              }}
            >
              <PlayIcon className="h-4 w-4" />
              {words.watchHere}
            </a>
          )}

          <ul className="order-7 mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm sm:mt-8 font-medium text-slate-700">
            {hero.trust.map((item, i) => (
              <li key={i} className="inline-flex items-center gap-1.5">
                <CheckIcon className="h-4 w-4 text-emerald-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <ChatMock />
      </div>
    </section>
  );
}

/** The drawn WhatsApp conversation beside the hero on wide screens (decoration: the text says it all). */
function ChatMock() {
  const words = useText(HERO, HINDI_HOME, (hi) => hi.HERO_HI);
  return (
    <div className="relative mx-auto hidden w-full max-w-sm lg:block">
      <div aria-hidden="true" className="absolute -inset-6 -z-0 rounded-[3rem] bg-gradient-to-br from-emerald-200/70 via-amber-100/60 to-transparent blur-2xl" />
      <PhoneChat lines={words.chat} className="relative" />
    </div>
  );
}
