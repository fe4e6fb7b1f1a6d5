import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { AnalyticsBeacon } from "~/components/shell/analytics-beacon";
import { ClosingCta } from "~/components/shell/closing-cta";
import { ErrorScreen } from "~/components/shell/error-screen";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { Splash } from "~/components/shell/splash";
import { StickyBanner } from "~/components/shell/sticky-banner";
import { ToastHost } from "~/components/shell/toast-host";
import { WhatsAppButton } from "~/components/shell/whatsapp-button";
import { SKIP_LINK } from "@shared/content/site";
import { SiteStylesheet } from "~/lib/inline-css";
import { useNonce } from "~/lib/nonce";
import { SiteContext } from "~/lib/site-context";
import { SPLASH_SCRIPT } from "~/lib/splash-script";
import NotFound from "~/routes/not-found";
import { publicSite } from "./site-config.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

export async function loader({ context }: Route.LoaderArgs) {
  return { site: await publicSite(context) };
}

// The site identity changes only when the owner saves the settings: a page already open keeps what it showed.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // Studio pages (their layout's loader let the visitor in) bring their own frame and stylesheet; everyone the studio
  // refuses gets the site's ordinary 404, in the site's frame.
  const studio = useRouteLoaderData("studio") !== undefined;
  // Scripts start after the first paint (~/lib/hydrate-after-paint.server); this marks when the page is interactive.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        {/* Inlined into <head> ahead of everything else (React places style resources first), so the first paint waits for no request. */}
        {studio ? null : <SiteStylesheet href={appCss} />}
        {studio ? null : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SPLASH_SCRIPT }} />}
        <Links />
        <Meta />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {studio ? (
          children
        ) : (
          <SiteContext.Provider value={data?.site ?? null}>
            <a href="#main" className="skip-link">
              {SKIP_LINK}
            </a>
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
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const details =
    isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : "Unknown error";
  return <ErrorScreen details={details} />;
}
