import { hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useRef } from "react";
import { DEMO_VIDEO as DEMO_VIDEO_EN } from "@shared/content/home";
import { useSite } from "~/lib/site-context";

const HINDI_HOME = hindiWords("home", () => import("~/lib/hindi/home"));

/**
 * The embedded demo video. It exists only after the visitor asks for it, so
 * the player (a third-party page) costs nothing on first load, and even then
 * the frame loads lazily.
 */
export function DemoVideo({ onClose }: { onClose: () => void }) {
  const site = useSite();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const DEMO_VIDEO = useText(DEMO_VIDEO_EN, HINDI_HOME, (hi) => hi.DEMO_VIDEO_HI);
  // The visitor asked for the video: take them (and their screen reader) to it.
  useEffect(() => headingRef.current?.focus(), []);
  if (!site) return null;
  return (
    <section data-section="demo-video" aria-labelledby="demo-video-heading" className="bg-slate-950 py-12 text-white sm:py-16">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="demo-video-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
              {DEMO_VIDEO.heading}
            </h2>
            <p className="mt-2 text-slate-300">{DEMO_VIDEO.description}</p>
          </div>
          <button type="button" onClick={onClose} className="btn-ghost border-slate-500 text-white hover:bg-slate-800">
            {DEMO_VIDEO.close}
          </button>
        </div>
        <div className="mt-6 aspect-video overflow-hidden rounded-xl bg-black shadow-2xl">
          <iframe
            src={site.demoVideoUrl}
            title={DEMO_VIDEO.iframeTitle}
            loading="lazy"
            allow="fullscreen; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            className="h-full w-full border-0"
          />
        </div>
      </div>
    </section>
  );
}
