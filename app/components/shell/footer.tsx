import { hindiWords, useText } from "~/lib/hindi-words";
import { FOOTER, NAV_LINKS, PRODUCT, SOCIAL_LABELS, TIMINGS, WHATSAPP_BUTTON, formatWhatsappNumber, whatsappLink } from "@shared/content/site";
import { LocaleLink, useTextLang } from "~/lib/locale";
import { useShellCopy } from "~/lib/shell-copy";
import { useSite } from "~/lib/site-context";
import { useRotation } from "~/lib/use-rotation";
import { FooterNewsletter } from "./footer-newsletter";
import { LanguageSwitch } from "./language-switch";
import { LogoMark } from "./logo";
import { SocialIcon, type SocialName } from "./social-icon";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

export function Footer() {
  const site = useSite();
  const copy = useShellCopy().footer;
  const footer = useText(FOOTER, HINDI_SHELL, (hi) => hi.FOOTER_HI);
  const textLang = useTextLang();
  const navLinks = useText(NAV_LINKS, HINDI_SHELL, (hi) => hi.NAV_LINKS_HI);
  const socialLabels = useText(SOCIAL_LABELS, HINDI_SHELL, (hi) => hi.SOCIAL_LABELS_HI);
  const whatsappButton = useText(WHATSAPP_BUTTON, HINDI_SHELL, (hi) => hi.WHATSAPP_BUTTON_HI);
  const tagline = useRotation(copy.taglines.length, TIMINGS.footerTaglineMs);
  const year = new Date().getFullYear();
  const socials: { name: SocialName; href: string }[] = site
    ? [
        { name: "facebook", href: site.social.facebook },
        { name: "whatsapp", href: whatsappLink(site.whatsappNumber, whatsappButton.message) },
        { name: "instagram", href: site.social.instagram },
        { name: "linkedin", href: site.social.linkedin },
        { name: "youtube", href: site.social.youtube },
      ]
    : [];

  return (
    <footer className="border-t border-slate-200 bg-slate-950 pb-[var(--bottom-lane-room)] text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-7 px-4 py-8 sm:gap-10 sm:px-6 sm:py-12 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <LocaleLink to="/" className="inline-flex items-center gap-2 rounded-md text-white">
            <LogoMark />
            <span className="text-lg font-bold">{PRODUCT}</span>
          </LocaleLink>
          <p
            className="mt-4 min-h-12 text-sm font-medium text-emerald-300"
            aria-live="off"
            data-testid="footer-tagline"
            {...tagline.pauseHandlers}
          >
            {copy.taglines[tagline.index] ?? copy.taglines[0]}
          </p>
          <p className="mt-2 text-sm leading-relaxed text-slate-300">{copy.about}</p>
        </div>

        {/* Phones: the two lists side by side. */}
        <nav aria-label={footer.exploreHeading} className="grid grid-cols-2 gap-6 md:block">
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{footer.exploreHeading}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {navLinks.map((l) => (
                <li key={l.to}>
                  <LocaleLink to={l.to} className="footer-link">
                    {l.label}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white md:mt-6">{footer.legalHeading}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {footer.legalLinks.map((l) => (
                <li key={l.to}>
                  <LocaleLink to={l.to} className="footer-link">
                    {l.label}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{footer.contactHeading}</h2>
          {/* Phones: e-mail and WhatsApp side by side, the office under them. */}
          {site && (
            <address className="mt-4 grid grid-cols-2 gap-3 text-sm not-italic md:block md:space-y-3">
              <p>
                <span className="block text-slate-400">{footer.emailLabel}</span>
                <a href={`mailto:${site.email}`} className="footer-link break-all">
                  {site.email}
                </a>
              </p>
              <p>
                <span className="block text-slate-400">{footer.whatsappLabel}</span>
                <a
                  href={whatsappLink(site.whatsappNumber, whatsappButton.message)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="footer-link"
                >
                  {formatWhatsappNumber(site.whatsappNumber)}
                </a>
              </p>
              <p className="col-span-2">
                <span className="block text-slate-400">{footer.officeLabel}</span>
                <span lang={textLang(site.address)}>{site.address}</span>
              </p>
            </address>
          )}
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">{footer.followHeading}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {socials.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={socialLabels[s.name]}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-slate-100 transition-colors hover:bg-emerald-700"
                >
                  <SocialIcon name={s.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterNewsletter />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6 sm:py-5">
          <p className="text-xs text-slate-400">{footer.copyright(year)}</p>
          <LanguageSwitch className="footer-link inline-flex min-h-11 items-center gap-1.5 text-sm font-medium" />
        </div>
      </div>
    </footer>
  );
}
