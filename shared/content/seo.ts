/**
 * Search-engine and sharing constants: the share image, the web app manifest's
 * words, the pages listed in sitemap.xml and the paths robots should skip.
 */
import { PRODUCT, SPLASH_TAGLINE } from "./site";

export const SEO = {
  siteName: PRODUCT,
  locale: "en_IN",
  /** Summary used by the WebSite/Organization structured data and the manifest. */
  siteDescription: `${PRODUCT} is a 24x7 AI marketing and sales assistant for local businesses: it answers customers on WhatsApp, books meetings and nurtures every lead.`,
  shareImage: { path: "/og-image.png", width: 1200, height: 630, alt: `${PRODUCT} - ${SPLASH_TAGLINE}` },
  logo: { path: "/icon-512.png", width: 512, height: 512 },
  manifestPath: "/manifest.webmanifest",
  appleTouchIcon: "/apple-touch-icon.png",
  /** Country of the business address, for the Organization's PostalAddress. */
  addressCountry: "IN",
  contactLanguages: ["English", "Hindi", "Marathi"],
  breadcrumbHome: "Home",
  breadcrumbLabel: "Breadcrumb",
} as const;

export type SitemapPage = { path: string; changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: number };

/**
 * Every public page a search engine should know. Left out on purpose: /services
 * (the same screen as /blogs), /templates (needs a session) and the one-off
 * account screens (password reset, e-mail verification).
 */
export const SITEMAP_PAGES: readonly SitemapPage[] = [
  { path: "/", changefreq: "weekly", priority: 1 },
  { path: "/about", changefreq: "monthly", priority: 0.8 },
  { path: "/blogs", changefreq: "daily", priority: 0.9 },
  { path: "/blogs-advanced", changefreq: "weekly", priority: 0.5 },
  { path: "/ai-help", changefreq: "monthly", priority: 0.6 },
  { path: "/contact", changefreq: "monthly", priority: 0.8 },
  { path: "/sign-in", changefreq: "yearly", priority: 0.3 },
  { path: "/get-started", changefreq: "yearly", priority: 0.5 },
  { path: "/privacy", changefreq: "yearly", priority: 0.3 },
  { path: "/terms", changefreq: "yearly", priority: 0.3 },
  { path: "/refund", changefreq: "yearly", priority: 0.3 },
];

/** Paths crawlers are asked to skip: the JSON API (the studio's included) and pages that only make sense signed in. */
export const ROBOTS_DISALLOW = ["/api/", "/studio", "/templates", "/reset-password", "/verify-email", "/__test/"] as const;

export const MANIFEST = {
  name: `${PRODUCT} - ${SPLASH_TAGLINE}`,
  shortName: PRODUCT,
  themeColor: "#047857",
  backgroundColor: "#ffffff",
} as const;
