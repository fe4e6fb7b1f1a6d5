import { useState } from "react";
import { WHATSAPP_BUTTON, whatsappLink } from "~/content/site";
import { useSite } from "~/lib/site-context";
import { SocialIcon } from "./social-icon";

/** The floating WhatsApp button: shown by default; closing it lasts for this page's life only. */
export function WhatsAppButton() {
  const site = useSite();
  const [visible, setVisible] = useState(true);
  if (!site || !visible) return null;
  return (
    <aside
      aria-label={WHATSAPP_BUTTON.regionLabel}
      className="group fixed bottom-14 right-4 z-40 flex items-center gap-2"
      data-testid="whatsapp-float"
    >
      <span
        role="tooltip"
        id="whatsapp-float-label"
        className="pointer-events-none hidden rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white opacity-0 shadow transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 sm:block"
      >
        {WHATSAPP_BUTTON.hoverLabel}
      </span>
      <a
        href={whatsappLink(site.whatsappNumber, WHATSAPP_BUTTON.message)}
        target="_blank"
        rel="noopener noreferrer"
        title={WHATSAPP_BUTTON.hoverLabel}
        aria-label={WHATSAPP_BUTTON.hoverLabel}
        className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-[#1f7a4d] text-white shadow-lg transition-transform hover:scale-105"
      >
        <SocialIcon name="whatsapp" className="h-8 w-8" />
      </a>
      <button
        type="button"
        onClick={() => setVisible(false)}
        aria-label={WHATSAPP_BUTTON.closeLabel}
        className="absolute -right-1 -top-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-100"
      >
        <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </aside>
  );
}
