import { SPLASH, TIMINGS } from "@shared/content/site";

/**
 * Runs in <head> before the first paint, so the server-rendered page never
 * flashes the splash for a visitor who has already seen it, and shows it
 * at once for one who has not. Without JavaScript (and for crawlers) the
 * splash never covers the content.
 *
 * It also marks the document `data-js` before the first paint, so controls that only a page without
 * JavaScript needs (`.js-hidden`, e.g. 'Apply filters') are never painted and then removed (no layout shift).
 *
 * Rules: shown on the first visit to the home page ("/", or "/hi" in Hindi) in a browser session, or whenever
 * ?splash=true is present; a query containing "reset" clears the session
 * flag and removes the query string; a click, a key or 2 s completes it.
 */
export const SPLASH_SCRIPT = `(function(){var d=document.documentElement,k=${JSON.stringify(SPLASH.sessionKey)},s,q=location.search;
d.setAttribute("data-js","");
try{s=window.sessionStorage}catch(e){return}
try{if(q.indexOf(${JSON.stringify(SPLASH.queryReset)})>-1){s.removeItem(k);history.replaceState(history.state,"",location.pathname+location.hash);}}catch(e){}
var show=/[?&]${SPLASH.queryShow}=true(&|$)/.test(q)||((location.pathname==="/"||location.pathname==="/hi")&&!s.getItem(k));
if(!show)return;
d.setAttribute("data-splash","");
function done(){if(!d.hasAttribute("data-splash"))return;d.removeAttribute("data-splash");try{s.setItem(k,"true")}catch(e){}document.removeEventListener("click",onClick,true);document.removeEventListener("keydown",onKey,true);}
function onClick(e){e.preventDefault();e.stopPropagation();done()}
function onKey(e){if(e.key==="Enter"||e.key===" "||e.key==="Escape"){e.preventDefault();done()}}
document.addEventListener("click",onClick,true);document.addEventListener("keydown",onKey,true);
setTimeout(done,${TIMINGS.splashAutoCompleteMs});})();`;
