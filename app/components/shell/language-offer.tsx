import { LANGUAGE_OFFER } from "@shared/content/hi/language-offer";
import { onLanguageSwitchClick } from "~/lib/keep-typed";
import { LANGUAGE_OFFER_SCRIPT } from "~/lib/language-offer";
import { useLocale } from "~/lib/locale";
import { useNonce } from "~/lib/nonce";
import { useSwitchHref } from "./language-switch";

/**
 * On English pages only: the offer to read the page in Hindi, in Hindi, above the header. It is in every English
 * page's HTML but hidden; the script before it (~/lib/language-offer) shows it before the first paint for a browser
 * that prefers Hindi and has neither dismissed nor followed it. In the page's flow, not floating: it covers nothing,
 * and as it is placed before anything is drawn, nothing moves (the visitor's own dismissal moves the page, which
 * is not a layout shift). Without JavaScript it never shows.
 */
export function LanguageOffer() {
  const nonce = useNonce();
  const href = useSwitchHref("hi");
  if (useLocale() !== "en") return null;
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LANGUAGE_OFFER_SCRIPT }} />
      <div
        lang="hi"
        role="region"
        aria-label={LANGUAGE_OFFER.label}
        className="hidden items-center justify-center gap-2 border-b border-amber-200 bg-amber-50 py-1 pl-4 pr-1 text-sm text-slate-900 [html[data-offer-hi]_&]:flex"
        data-testid="language-offer"
      >
        <p className="min-w-0">
          {LANGUAGE_OFFER.text}{" "}
          <a href={href} hrefLang="hi" className="font-semibold text-emerald-800 underline underline-offset-2" data-offer-follow="" onClick={onLanguageSwitchClick}>
            {LANGUAGE_OFFER.link}
          </a>
        </p>
        <button
          type="button"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-amber-100"
          aria-label={LANGUAGE_OFFER.dismiss}
          data-offer-dismiss=""
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
    </>
  );
}
