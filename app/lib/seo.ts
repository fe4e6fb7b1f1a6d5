import { createElement } from "react";
import type { MetaDescriptor } from "react-router";
import type { PublicSite } from "../../server/config";
import { SEO } from "@shared/content/seo";
import { PRODUCT, WHATSAPP_BUTTON, formatWhatsappNumber, whatsappLink } from "@shared/content/site";
import { useNonce } from "./nonce";
import { LOCALES, LOCALE_TAG, type Locale, OG_LOCALE, localeOfPath, localePath } from "@shared/i18n";

type MatchLike = { id: string; pathname?: string; loaderData?: unknown; data?: unknown } | undefined;

/** The language of the page a meta function describes: its deepest match's address says it (decision 0032). */
export function localeFromMatches(matches: readonly MatchLike[]): Locale {
  for (let i = matches.length - 1; i >= 0; i--) {
    const pathname = matches[i]?.pathname;
    if (pathname !== undefined) return localeOfPath(pathname);
  }
  return "en";
}

/** The public site configuration from the root loader, as seen by a meta function. */
export function siteFromMatches(matches: readonly MatchLike[]): PublicSite | undefined {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { site?: PublicSite } | undefined;
  return data?.site;
}

export type ShareImage = { path: string; width: number; height: number; alt: string };

export type PageMetaInput = {
  title: string;
  description: string;
  /** The page's own path, for the canonical URL. */
  path: string;
  matches: readonly MatchLike[];
  noindex?: boolean;
  /** Open Graph type: "article" for blog posts; "website" otherwise. */
  type?: "website" | "article";
  /** A page's own share image (site-relative or absolute URL); the site's share image otherwise. */
  image?: ShareImage;
  /**
   * The page in each language, for `hreflang` (decision 0032): by default `path` in every locale. A page that exists
   * in one language only (a post written in one) names just that one; `false` leaves them out.
   */
  alternates?: Partial<Record<Locale, string>> | false;
  /**
   * The canonical address when it is not this language's `path` (issue 33): a post is canonical at its own
   * language's address even when shown in the other language's frame.
   */
  canonical?: string;
};

/** An absolute URL on the configured public site. */
export function absoluteUrl(site: Pick<PublicSite, "publicUrl">, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${site.publicUrl}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags of one
 * page, plus the links every page shares (manifest, touch icon). Search
 * engines and link previews read these from the server-rendered HTML.
 */
export function pageMeta({ title, description, path, matches, noindex, type = "website", image, alternates, canonical: canonicalPath }: PageMetaInput): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const locale = localeFromMatches(matches);
  // `path` is written in English paths; the canonical is this language's own address.
  const ownPath = canonicalPath ?? localePath(path, locale);
  // A title that already names the product is not suffixed again.
  const fullTitle = title.includes(PRODUCT) ? title : `${title} | ${PRODUCT}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "manifest", href: SEO.manifestPath },
    { tagName: "link", rel: "apple-touch-icon", href: SEO.appleTouchIcon },
    { property: "og:site_name", content: SEO.siteName },
    { property: "og:type", content: type },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (site) {
    const canonical = absoluteUrl(site, ownPath);
    const shareImage = image ?? SEO.shareImage;
    const imageUrl = absoluteUrl(site, shareImage.path);
    tags.push(
      { tagName: "link", rel: "canonical", href: canonical },
      { property: "og:url", content: canonical },
      { property: "og:image", content: imageUrl },
      { property: "og:image:width", content: String(shareImage.width) },
      { property: "og:image:height", content: String(shareImage.height) },
      { property: "og:image:alt", content: shareImage.alt },
      { name: "twitter:image", content: imageUrl },
      { name: "twitter:image:alt", content: shareImage.alt },
    );
  }
  if (site && !noindex && alternates !== false) {
    const pages = alternates ?? Object.fromEntries(LOCALES.map((l) => [l, localePath(path, l)]));
    for (const l of LOCALES) {
      const href = pages[l];
      if (href !== undefined) tags.push({ tagName: "link", rel: "alternate", hrefLang: LOCALE_TAG[l], href: absoluteUrl(site, href) });
    }
    // x-default: the English page where there is one (the site's default language), else the only one.
    const fallback = pages.en ?? Object.values(pages)[0];
    if (fallback !== undefined) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(site, fallback) });
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

// ---------------------------------------------------------------------------
// Structured data (JSON-LD)

type JsonLdData = Record<string, unknown>;

/**
 * JSON for a <script type="application/ld+json"> element. It is data, not
 * code, but it sits inside HTML: "<" (and the line separators JavaScript
 * parsers choke on) are escaped so no text in it can close the element.
 */
export function serializeJsonLd(data: JsonLdData | JsonLdData[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Structured data for search engines, as <script type="application/ld+json">.
 * It is not executed, but it carries the response's CSP nonce like every other
 * script element, and its JSON is escaped so nothing in it can end the element
 * early. (It lives here, in the module every page already loads for its meta
 * tags, so it costs the browser no extra request.)
 */
export function JsonLd({ data }: { data: JsonLdData | JsonLdData[] }) {
  const nonce = useNonce();
  return createElement("script", {
    type: "application/ld+json",
    nonce,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: serializeJsonLd(data) },
  });
}

const organizationId = (site: PublicSite) => `${site.publicUrl}/#organization`;

/** What JSON-LD's `inLanguage` says for a page in `locale`: the language as spoken in India (en-IN, hi-IN). */
export function jsonLdLanguage(locale: Locale): string {
  return `${LOCALE_TAG[locale]}-IN`;
}

/**
 * A page's language for its structured data (issue 33): `inLanguage`, the page's home address, and the visible
 * description in that language (the caller passes the Hindi one on a Hindi page; English by default).
 */
export type JsonLdLanguage = { locale?: Locale; description?: string; whatsappMessage?: string };
const websiteId = (site: PublicSite) => `${site.publicUrl}/#website`;

/** The company: name, logo, configured contact points, postal address and social profiles. */
export function organizationJsonLd(site: PublicSite, { locale = "en", description, whatsappMessage }: JsonLdLanguage = {}): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(site),
    name: PRODUCT,
    url: absoluteUrl(site, localePath("/", locale)),
    logo: { "@type": "ImageObject", url: absoluteUrl(site, SEO.logo.path), width: SEO.logo.width, height: SEO.logo.height },
    image: absoluteUrl(site, SEO.shareImage.path),
    description: description ?? SEO.siteDescription,
    email: site.email,
    telephone: site.phone,
    address: { "@type": "PostalAddress", streetAddress: site.address, addressCountry: SEO.addressCountry },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer support",
        email: site.email,
        telephone: site.phone,
        areaServed: SEO.addressCountry,
        availableLanguage: [...SEO.contactLanguages],
      },
      {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: formatWhatsappNumber(site.whatsappNumber),
        url: whatsappLink(site.whatsappNumber, whatsappMessage ?? WHATSAPP_BUTTON.message),
        areaServed: SEO.addressCountry,
        availableLanguage: [...SEO.contactLanguages],
      },
    ],
    sameAs: [site.social.facebook, site.social.instagram, site.social.linkedin, site.social.youtube],
  };
}

/** The website itself, published by the organization, in the page's language. */
export function websiteJsonLd(site: PublicSite, { locale = "en", description }: JsonLdLanguage = {}): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": websiteId(site),
    name: PRODUCT,
    url: absoluteUrl(site, localePath("/", locale)),
    description: description ?? SEO.siteDescription,
    inLanguage: jsonLdLanguage(locale),
    publisher: { "@id": organizationId(site) },
  };
}

export type Crumb = { name: string; path: string };

/**
 * The trail from the home page to this page. Crumbs are written in English paths; on a Hindi page (`locale`) each
 * points at its Hindi address, and the caller gives the Hindi names.
 */
export function breadcrumbJsonLd(site: PublicSite, crumbs: readonly Crumb[], locale: Locale = "en"): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(site, localePath(crumb.path, locale)),
    })),
  };
}
