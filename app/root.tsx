import { hindiWords, loadNamedHindi, textIn } from "~/lib/hindi-words";
import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
} from "react-router";
import { ErrorScreen } from "~/components/shell/error-screen";
import { PublicFrame } from "~/components/shell/public-frame";
import { useNonce } from "~/lib/nonce";
import { requestLocale, useLocale } from "~/lib/locale";
import { LOCALE_TAG, localeOfPath } from "@shared/i18n";
import { ERROR_SCREEN } from "@shared/content/site";
import NotFound from "~/routes/not-found";
import { SHELL_DOC } from "@shared/copy/shell";
import { readCopy } from "../server/services/content/copy";
import { publicSite } from "./site-config.server";
import type { Route } from "./+types/root";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

export async function loader({ context, request }: Route.LoaderArgs) {
  // The shared words of every public page (banner, footer, splash) in the page's language: the owner's published copy, per content version.
  const [site, shell] = await Promise.all([publicSite(context, requestLocale(request)), readCopy(context.deps, SHELL_DOC, requestLocale(request))]);
  return { site, shell };
}

// The site identity changes only when the owner saves the settings: a page already open keeps what it showed. Only
// a move to the other language reads the shell again (its words are that language's).
/**
 * A navigation into Hindi from an English page (the root revalidates only when the language changes) fetches the
 * Hindi words the frame and the pages named before it is drawn, so the new page appears whole, in one render
 * (decision 0036). The first visit needs no such step: the client entry fetches them before hydrating.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), localeOfPath(new URL(request.url).pathname) === "hi" ? loadNamedHindi() : null]);
  return data;
}

export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The document every page shares; each area draws its own frame (routes/public-layout.tsx, routes/studio/layout.tsx). */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const locale = useLocale();
  // Scripts start after the first paint (~/lib/hydrate-after-paint.server); this marks when the page is interactive.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <html lang={LOCALE_TAG[locale]} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Links />
        <Meta />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** An error no area caught (the root's own loader, the public layout): in the site's frame. */
export function ErrorBoundary() {
  return (
    <PublicFrame>
      <RootError />
    </PublicFrame>
  );
}

function RootError() {
  const error = useRouteError();
  const locale = useLocale();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const details =
    isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : textIn(locale, ERROR_SCREEN, HINDI_SHELL, (hi) => hi.ERROR_SCREEN_HI).unknownError;
  return <ErrorScreen details={details} />;
}
