import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiWords, useText } from "~/lib/hindi-words";
import { useMatches } from "react-router";
import { CLOSING_CTA, whatsappLink } from "@shared/content/site";
import { useShellCopy } from "~/lib/shell-copy";
import { useSite } from "~/lib/site-context";
import { SocialIcon } from "./social-icon";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/** Whether the page asked for the closing band (`export const handle = { closingCta: true }`). */
function pageWantsBand(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((m) => (m.handle as { closingCta?: boolean } | undefined)?.closingCta === true);
}

/**
 * The call to action that closes a selling page, right above the footer: book the 1 ₹ demo or ask on
 * WhatsApp. Rendered by the root layout for the pages whose route module sets `handle.closingCta`.
 */
export function ClosingCta() {
  const matches = useMatches();
  const site = useSite();
  const book = useBookDemoLink();
  const copy = useShellCopy().closingCta;
  const words = useText(CLOSING_CTA, HINDI_SHELL, (hi) => hi.CLOSING_CTA_HI);
  if (!site || !pageWantsBand(matches)) return null;
  return (
    <section aria-labelledby="closing-cta-heading" className="relative overflow-hidden bg-emerald-900 text-white" data-band="closing-cta">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 800 300" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 h-full w-full opacity-25">
        <circle cx="700" cy="40" r="160" fill="#10b981" />
        <circle cx="60" cy="290" r="120" fill="#fcd34d" opacity="0.5" />
        <path d="M520 210c0-40 32-70 75-70h90c40 0 70 28 70 62s-30 62-70 62h-40l-40 30v-30c-48 0-85-22-85-54Z" fill="#34d399" opacity="0.6" />
      </svg>
      <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 py-10 text-center sm:px-6 sm:py-20">
        <h2 id="closing-cta-heading" className="max-w-3xl text-[1.625rem] font-bold leading-tight tracking-tight sm:text-4xl">
          {copy.heading}
        </h2>
        <p className="mt-3 max-w-2xl text-base text-emerald-50 sm:mt-4 sm:text-lg">{copy.text}</p>
        <div className="mt-6 flex w-full flex-col sm:mt-8 justify-center gap-3 sm:w-auto sm:flex-row">
          <a
            {...linkAttrs(book!)}
            className="inline-flex min-h-12 items-center justify-center rounded-md bg-amber-300 px-6 py-3 text-base font-semibold text-emerald-950 shadow-sm transition-colors hover:bg-amber-200"
            data-testid="closing-book"
          >
            {copy.bookDemo}
            {book?.external ? <span className="sr-only"> {words.newTab}</span> : null}
          </a>
          <a
            href={whatsappLink(site.whatsappNumber, words.whatsappMessage)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-white/80 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-emerald-800"
          >
            <SocialIcon name="whatsapp" className="h-5 w-5" />
            {copy.whatsapp}
            <span className="sr-only"> {words.newTab}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
