/**
 * The offer to read an English page in Hindi (issue 33): never a redirect, never a cookie. A browser whose first
 * preferred language is Hindi (`navigator.languages[0]` starting with "hi") is offered the Hindi page, until the
 * visitor dismisses the offer or follows it; either is remembered in localStorage, so the offer never comes back.
 */
export const LANGUAGE_OFFER_KEY = "languageOffer";

/** A language tag that is Hindi: "hi", "hi-IN" (not "hil", Hiligaynon). */
const HINDI_TAG = "^hi(-|$)";

/** Whether a browser's preferred languages ask for Hindi first (`navigator.languages`). */
export function prefersHindi(languages: readonly string[]): boolean {
  return new RegExp(HINDI_TAG, "i").test(languages[0] ?? "");
}

/**
 * Runs before the first paint on English pages (so the offer, rendered hidden, takes its place before anything is
 * drawn: no layout shift): marks `html[data-offer-hi]` when the offer is due, and handles its two controls even
 * before the page's script has loaded. Dismissing hides the offer and gives focus to the header's first link;
 * following it remembers and lets the link load the Hindi page.
 */
export const LANGUAGE_OFFER_SCRIPT = `(function(){var d=document.documentElement,k=${JSON.stringify(LANGUAGE_OFFER_KEY)},s;
try{s=window.localStorage;if(s.getItem(k))return}catch(e){return}
var l=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||""];
if(!new RegExp(${JSON.stringify(HINDI_TAG)},"i").test(l[0]||""))return;
d.setAttribute("data-offer-hi","");
document.addEventListener("click",function(e){var t=e.target,c=t&&t.closest&&t.closest("[data-offer-dismiss],[data-offer-follow]");if(!c)return;
var follow=c.hasAttribute("data-offer-follow");try{s.setItem(k,follow?"followed":"dismissed")}catch(x){}
if(follow)return;d.removeAttribute("data-offer-hi");var h=document.querySelector("header a[href]");if(h)h.focus();});})();`;
