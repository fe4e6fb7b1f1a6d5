import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { HEADER, NAV_LINKS, PRODUCT, TIMINGS } from "@shared/content/site";
import { HeaderAccount } from "~/components/auth/header-account";
import { LocaleLink, LocaleNavLink } from "~/lib/locale";
import { useSite } from "~/lib/site-context";
import { LanguageSwitch } from "./language-switch";
import { LogoMark } from "./logo";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 xl:px-3 text-sm font-medium transition-colors hover:bg-emerald-50 hover:text-emerald-800 ${
    isActive ? "text-emerald-800" : "text-slate-700"
  }`;

/** The phone menu's links: the row's whole width, 44 px tall, the text centred in it (a tap target, not a word). */
const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-base font-medium transition-colors hover:bg-emerald-50 hover:text-emerald-800 ${
    isActive ? "text-emerald-800" : "text-slate-700"
  }`;

const switchClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md font-medium text-slate-700 transition-colors hover:bg-emerald-50 hover:text-emerald-800";

export function Header() {
  const site = useSite();
  const book = useBookDemoLink();
  const header = useText(HEADER, HINDI_SHELL, (hi) => hi.HEADER_HI);
  const navLinks = useText(NAV_LINKS, HINDI_SHELL, (hi) => hi.NAV_LINKS_HI);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // The menu is open on the page it was opened on: a navigation (by any means) closes it in the same render. (An
  // effect that closed it after the navigation's render could run after a tap that reopened it on the new page.)
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null);

  // While the phone menu is open, the keyboard stays in the header (the page behind it is out of reach: Tab
  // cycles through the header's visible controls), Escape closes it and focus returns to the toggle.
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("a")?.focus();
    const header = headerRef.current;
    const close = () => {
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
      if (event.key !== "Tab" || !header) return;
      const stops = Array.from(header.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea")).filter(
        (el) => el.getClientRects().length > 0 && !el.matches(":disabled"),
      );
      if (stops.length === 0) return;
      const first = stops[0]!;
      const last = stops[stops.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && header.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // A tap outside the header closes the menu (focus goes back to the toggle only for the keyboard's Escape).
    const onPointer = (event: PointerEvent) => {
      if (header && event.target instanceof Node && !header.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 min-[360px]:px-4 sm:gap-4 sm:px-6">
        <LocaleLink to="/" className="flex items-center gap-2 rounded-md" aria-label={header.homeLabel}>
          <LogoMark />
          <span className="whitespace-nowrap text-base font-bold tracking-tight text-slate-900 min-[360px]:text-lg">{PRODUCT}</span>
        </LocaleLink>

        <nav aria-label={header.primaryNav} className="hidden whitespace-nowrap lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <LocaleNavLink to={link.to} end={link.to === "/"} className={navLinkClass}>
                  {link.label}
                </LocaleNavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 whitespace-nowrap lg:flex">
          <LanguageSwitch className={`${switchClass} whitespace-nowrap px-2 text-sm`} />
          <HeaderAccount signInLabel={header.signIn} />
          {site && (
            <a {...linkAttrs(book!)} className="btn-primary">
              {header.bookDemo}
            </a>
          )}
        </div>

        {/* Phones: the first screen's action, beside the menu (the menu repeats it with Sign In). */}
        {site && (
          <a
            {...linkAttrs(book!)}
            className="btn-primary ml-auto shrink-0 px-3 text-[13px] lg:hidden"
            data-testid="header-book-phone"
          >
            {header.bookDemo}
          </a>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? header.closeMenu : header.openMenu}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>

      <div id={menuId} ref={menuRef} hidden={!open} className="border-t border-slate-200 bg-white lg:hidden">
        <nav aria-label={header.primaryNav}>
          <ul className="flex flex-col gap-1 px-4 py-3">
            {navLinks.map((link, i) => (
              <li key={link.to} className="menu-item" style={{ animationDelay: `${i * TIMINGS.menuStaggerMs}ms` }}>
                <LocaleNavLink to={link.to} end={link.to === "/"} className={menuLinkClass} onClick={() => setOpen(false)}>
                  {link.label}
                </LocaleNavLink>
              </li>
            ))}
            <li
              className="menu-item mt-2 flex flex-col gap-2"
              style={{ animationDelay: `${navLinks.length * TIMINGS.menuStaggerMs}ms` }}
            >
              <LanguageSwitch className={`${switchClass} self-start text-base`} onNavigate={() => setOpen(false)} />
              <HeaderAccount signInLabel={header.signIn} mobile onNavigate={() => setOpen(false)} />
              {site && (
                <a
                  {...linkAttrs(book!)}
                  className="btn-primary justify-center"
                  onClick={() => setOpen(false)}
                >
                  {header.bookDemo}
                </a>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
