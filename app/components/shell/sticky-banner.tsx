import { hindiWords, useText } from "~/lib/hindi-words";
import { useRef } from "react";
import { BANNER_LABEL, TIMINGS } from "@shared/content/site";
import { useShellCopy } from "~/lib/shell-copy";
import { useRotation } from "~/lib/use-rotation";
import { useYield } from "~/lib/use-yield";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * The bottom banner on every page, rotating its three messages every 4 s. It is the page's one fixed strip
 * (the floating WhatsApp button sits at its right end, toasts above it): each message wraps to a second line
 * rather than being cut, and the footer keeps the strip's height free so it never covers the last links.
 * It yields (slides below the screen's edge) while a link, button or field of the page lies beneath it
 * (~/lib/use-yield): it never covers what the visitor has not scrolled past.
 */
export function StickyBanner() {
  const messages = useShellCopy().banner.messages;
  const rotation = useRotation(messages.length, TIMINGS.bannerMs);
  const ref = useRef<HTMLElement>(null);
  const covering = useYield(ref);
  const label = useText(BANNER_LABEL, HINDI_SHELL, (hi) => hi.BANNER_LABEL_HI);
  return (
    <aside
      ref={ref}
      aria-label={label}
      data-yield={covering ? "" : undefined}
      className="bottom-lane fixed inset-x-0 bottom-0 z-30 h-[var(--bottom-lane)] bg-emerald-800 text-white shadow-[0_-2px_8px_rgba(0,0,0,0.15)]"
      {...rotation.pauseHandlers}
    >
      <p className="flex h-full items-center justify-center overflow-hidden pl-3 pr-[4.5rem] text-center text-xs font-medium leading-tight min-[360px]:pl-4 min-[360px]:pr-20 min-[360px]:text-[13px] sm:px-24 sm:text-sm">
        <span key={rotation.index} className="rotate-in" data-testid="banner-message">
          {messages[rotation.index] ?? messages[0]}
        </span>
      </p>
    </aside>
  );
}
