import { BANNER_MESSAGES, TIMINGS } from "~/content/site";
import { useRotation } from "~/lib/use-rotation";

/** The bottom banner on every page, rotating its three messages every 4 s. */
export function StickyBanner() {
  const rotation = useRotation(BANNER_MESSAGES.length, TIMINGS.bannerMs);
  return (
    <aside
      aria-label="Announcements"
      className="fixed inset-x-0 bottom-0 z-30 h-10 bg-emerald-800 text-white shadow-[0_-2px_8px_rgba(0,0,0,0.15)]"
      {...rotation.pauseHandlers}
    >
      <p className="flex h-full items-center justify-center truncate px-16 text-center text-sm font-medium" data-testid="banner-message">
        <span key={rotation.index} className="rotate-in truncate">
          {BANNER_MESSAGES[rotation.index]}
        </span>
      </p>
    </aside>
  );
}
