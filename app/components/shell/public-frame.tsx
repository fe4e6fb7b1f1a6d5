import { hindiWords, useText } from "~/lib/hindi-words";
import { useRouteLoaderData } from "react-router";
import { SKIP_LINK } from "@shared/content/site";
import { SiteStylesheet } from "~/lib/inline-css";
import { useNonce } from "~/lib/nonce";
import { type PublicSite, SiteContext } from "~/lib/site-context";
import { SPLASH_SCRIPT } from "~/lib/splash-script";
import appCss from "~/app.css?url";
import { AnalyticsBeacon } from "./analytics-beacon";
import { ClosingCta } from "./closing-cta";
import { Footer } from "./footer";
import { Header } from "./header";
import { LanguageOffer } from "./language-offer";
import { Splash } from "./splash";
import { StickyBanner } from "./sticky-banner";
import { ToastHost } from "./toast-host";
import { WhatsAppButton } from "./whatsapp-button";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * The public site's frame: its stylesheet (inlined, React hoists it into <head>), the splash script, the skip link,
 * splash, header, main, closing call to action, footer, banner, WhatsApp button, toasts and the analytics beacon.
 * The public pages get it from their layout route (routes/public-layout.tsx); an error screen outside that layout
 * (the root's, or the studio's to someone it refuses) draws it itself.
 */
export function PublicFrame({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The root's loader data (its `site`), named by its shape: this frame stands below the root, not beside it.
  const data = useRouteLoaderData<{ site: PublicSite }>("root");
  const skipLink = useText(SKIP_LINK, HINDI_SHELL, (hi) => hi.SKIP_LINK_HI);
  return (
    <SiteContext.Provider value={data?.site ?? null}>
      <SiteStylesheet href={appCss} />
      {/* First in <body>, before anything is drawn: the splash shows or stays away, and data-js is set, before the first paint. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SPLASH_SCRIPT }} />
      <a href="#main" className="skip-link">
        {skipLink}
      </a>
      <LanguageOffer />
      <Splash />
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
        <ClosingCta />
      </main>
      <Footer />
      <StickyBanner />
      <WhatsAppButton />
      <ToastHost />
      <AnalyticsBeacon />
    </SiteContext.Provider>
  );
}
