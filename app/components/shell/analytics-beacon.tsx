import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import type { BeaconEvent } from "@shared/content/analytics";
import { useSite } from "~/lib/site-context";

/** Tells the server (POST /api/events) what it cannot see itself; it counts nothing for DNT, GPC or the studio. */
function send(n: BeaconEvent, p: string) {
  if (navigator.doNotTrack === "1" || (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl || /^\/studio(\/|$)/.test(p)) return;
  try {
    navigator.sendBeacon("/api/events", JSON.stringify({ n, p }));
  } catch {
    // A beacon that cannot be queued is a view not counted, never a broken page.
  }
}

/**
 * First-party analytics in the browser (decision 0017). The server counts every page loaded as a document; after
 * hydration React Router changes pages without one (and for prerendered pages without fetching anything), so each
 * change of path or query is reported once here — not the first page (the server counted it), not a revalidation or
 * a form post that stays on its page, not a prefetch. One delegated listener reports clicks on booking and WhatsApp
 * links. Mounted in the root layout: it runs only once the page has hydrated, after the first paint.
 */
export function AnalyticsBeacon() {
  const site = useSite();
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const notFound = matches[matches.length - 1]?.id.endsWith("routes/not-found");
  const last = useRef<string | null>(null);
  useEffect(() => {
    const here = pathname + search;
    if (last.current !== null && last.current !== here && !notFound) send("pageview", here);
    last.current = here;
  }, [pathname, search, notFound]);

  const booking = site?.bookingUrl;
  useEffect(() => {
    // The site's own booking page (issue 42) is a path: compared as the absolute address the link resolves to.
    const onSite = site?.bookingOnSite;
    const isBooking = (link: HTMLAnchorElement) =>
      onSite ? link.origin === location.origin && /^\/(hi\/)?book-demo$/.test(link.pathname) : Boolean(booking && link.href.startsWith(booking));
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || event.button > 1) return;
      const href = link.href;
      const goal: BeaconEvent | null = /^(https:\/\/(wa\.me|api\.whatsapp\.com)\/|whatsapp:)/.test(href)
        ? "whatsapp"
        : isBooking(link)
          ? "book-demo"
          : null;
      if (goal) send(goal, location.pathname + location.search);
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("auxclick", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("auxclick", onClick, true);
    };
  }, [booking, site?.bookingOnSite]);
  return null;
}
