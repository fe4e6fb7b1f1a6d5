import { hindiWords, useText } from "~/lib/hindi-words";
import { useRef, useState } from "react";
import { WHATSAPP_BUTTON, whatsappLink } from "@shared/content/site";
import { useSite } from "~/lib/site-context";
import { useYield } from "~/lib/use-yield";
import { SocialIcon } from "./social-icon";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * The floating WhatsApp button: shown by default; closing it lasts for this page's life only. It rests on the
 * right end of the bottom banner (which leaves that end free) and, like the banner, yields while a control of the
 * page lies beneath it (~/lib/use-yield), so it covers nothing of the page. Its box holds its close control: a 44 px
 * target above the button (a small circle drawn inside it), never on top of the button itself (issue 45); in the
 * document it follows the button, as before.
 */
export function WhatsAppButton() {
  const site = useSite();
  const [visible, setVisible] = useState(true);
  if (!site || !visible) return null;
  return <FloatingButton site={site} onClose={() => setVisible(false)} />;
}

function FloatingButton({ site, onClose }: { site: NonNullable<ReturnType<typeof useSite>>; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const covering = useYield(ref);
  const button = useText(WHATSAPP_BUTTON, HINDI_SHELL, (hi) => hi.WHATSAPP_BUTTON_HI);
  return (
    <aside
      ref={ref}
      aria-label={button.regionLabel}
      data-yield={covering ? "" : undefined}
      className="bottom-lane group fixed bottom-1 right-1 z-40 flex flex-col-reverse items-end pr-1 sm:right-3"
      data-testid="whatsapp-float"
    >
      <span
        role="tooltip"
        id="whatsapp-float-label"
        className="pointer-events-none absolute bottom-full right-0 mb-3 hidden whitespace-nowrap rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white opacity-0 shadow transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 sm:block"
      >
        {button.hoverLabel}
      </span>
      <a
        href={whatsappLink(site.whatsappNumber, button.message)}
        target="_blank"
        rel="noopener noreferrer"
        title={button.hoverLabel}
        aria-label={button.hoverLabel}
        className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-[#1f7a4d] text-white shadow-lg ring-2 ring-white/80 transition-transform hover:scale-105"
      >
        <SocialIcon name="whatsapp" className="h-7 w-7" />
      </a>
      <button
        type="button"
        onClick={onClose}
        aria-label={button.closeLabel}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700"
        data-testid="whatsapp-close"
      >
        <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-white shadow ring-1 ring-slate-300 hover:bg-slate-100">
          <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </span>
      </button>
    </aside>
  );
}
