import { HERO, whatsappLink } from "~/content";
import { useSite } from "~/lib/site-context";
import { ChatIcon, CheckIcon, PlayIcon } from "./icons";
import { NewTabNote, ResponsiveLabel } from "./labels";

/**
 * The first screen: headline, tagline, description and the three calls to
 * action. The "play here" link opens the video in a new tab without
 * JavaScript; with it, the video is embedded on the page instead.
 */
export function Hero({ onShowVideo, videoShown }: { onShowVideo: () => void; videoShown: boolean }) {
  const site = useSite();
  return (
    <section
      data-section="hero"
      aria-labelledby="hero-heading"
      className="overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_0.85fr] lg:pb-24 lg:pt-20">
        <div>
          <p className="inline-flex rounded-2xl bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">{HERO.eyebrow}</p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            {HERO.headline}
          </h1>
          <p className="mt-4 text-xl font-semibold text-emerald-800 sm:text-2xl">{HERO.tagline}</p>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">{HERO.description}</p>

          {site && (
            <div className="mt-8 flex flex-wrap gap-3" data-testid="hero-actions">
              <a href={site.bookingUrl} target="_blank" rel="noopener" className="btn-primary px-5 text-base" data-testid="hero-book">
                {HERO.bookDemo}
                <NewTabNote text={HERO.newTab} />
              </a>
              <a
                href={whatsappLink(site.whatsappNumber, HERO.demoVideosMessage)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-ghost bg-white px-5 text-base"
                data-testid="hero-demo-videos"
              >
                <PlayIcon className="h-4 w-4 text-emerald-700" />
                <ResponsiveLabel {...HERO.demoVideos} />
                <NewTabNote text={HERO.newTab} />
              </a>
              <a
                href={whatsappLink(site.whatsappNumber, HERO.whatsappMessage)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-ghost bg-white px-5 text-base"
                data-testid="hero-whatsapp"
              >
                <ChatIcon className="h-4 w-4 text-emerald-700" />
                <ResponsiveLabel {...HERO.whatsappChat} />
                <NewTabNote text={HERO.newTab} />
              </a>
            </div>
          )}

          {site && !videoShown && (
            <a
              href={site.demoVideoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-md text-base font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
              data-testid="hero-watch-here"
              onClick={(event) => {
                event.preventDefault();
                onShowVideo();
              }}
            >
              <PlayIcon className="h-4 w-4" />
              {HERO.watchHere}
            </a>
          )}

          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            {HERO.trust.map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5">
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

/** A drawn WhatsApp conversation: decoration, so assistive technology skips it. */
function ChatMock() {
  return (
    <div aria-hidden="true" className="mx-auto hidden w-full max-w-sm rounded-3xl bg-slate-900 p-3 shadow-2xl lg:block">
      <div className="rounded-2xl bg-[#efeae2]">
        <div className="flex items-center gap-3 rounded-t-2xl bg-emerald-800 px-4 py-3 text-white">
          <span className="h-9 w-9 rounded-full bg-amber-300" />
          <span className="text-sm font-semibold">{HERO.chatTitle}</span>
        </div>
        <div className="flex flex-col gap-2 p-4 text-sm">
          {HERO.chat.map((message, i) => (
            <p
              key={i}
              className={`max-w-[85%] rounded-xl px-3 py-2 text-slate-900 shadow-sm ${
                message.from === "customer" ? "self-end bg-[#d9fdd3]" : "self-start bg-white"
              }`}
            >
              {message.text}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}
