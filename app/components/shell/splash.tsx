import { hindiWords, useText } from "~/lib/hindi-words";
import { PRODUCT, SPLASH } from "@shared/content/site";
import { useShellCopy } from "~/lib/shell-copy";
import { LogoMark } from "./logo";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * Always in the server-rendered HTML but hidden by CSS; the head script shows
 * it (html[data-splash]) only when the splash rules say so, and completes it
 * on a click, a key or after 2 s. It is decorative, so screen readers skip it.
 */
export function Splash() {
  const tagline = useShellCopy().splash.tagline;
  const splash = useText(SPLASH, HINDI_SHELL, (hi) => hi.SPLASH_HI);
  return (
    <div className="splash" data-splash-screen aria-hidden="true">
      <div className="splash-inner flex flex-col items-center text-center text-emerald-900">
        <LogoMark className="h-24 w-24 drop-shadow-lg" />
        <div className="splash-text mt-6">
          <p className="text-4xl font-extrabold tracking-tight sm:text-5xl">{PRODUCT}</p>
          <p className="mt-3 text-lg text-slate-700 sm:text-xl">{tagline}</p>
          <p className="mt-10 text-sm text-emerald-800">{splash.continueText}</p>
        </div>
      </div>
    </div>
  );
}
