import { MANIFEST, SEO } from "@shared/content";
import type { Route } from "./+types/manifest-webmanifest";

/** The web app manifest: name, colours and the icons, so the site can be added to a home screen. */
export function loader(_: Route.LoaderArgs) {
  const manifest = {
    name: MANIFEST.name,
    short_name: MANIFEST.shortName,
    description: SEO.siteDescription,
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "en-IN",
    theme_color: MANIFEST.themeColor,
    background_color: MANIFEST.backgroundColor,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
