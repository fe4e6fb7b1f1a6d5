/**
 * The site's shared copy and constants: every string and timing of the shell
 * (header, footer, banner, splash, error and not-found screens) and the option
 * lists used across pages. Components hold layout, not copy.
 */

export const PRODUCT = "Wise Parrot";
export const ENGINE = "Wise Core";

export const HEADLINE = "Your Digital Growth Assistant Is Here";
export const TAGLINE = "We call it your Business Buddy with love !!";
export const SPLASH_TAGLINE = "Your AI-Powered Growth Partner";

/** Timings and limits from the specification (section 9), in milliseconds unless named otherwise. */
export const TIMINGS = {
  splashAutoCompleteMs: 2000,
  splashTextRevealMs: 500,
  footerTaglineMs: 5000,
  bannerMs: 4000,
  metricsMs: 3000,
  slideshowMs: 4000,
  slideshowTickMs: 50,
  contactSliderMs: 5000,
  menuStaggerMs: 100,
  redirectAfterAuthMs: 1500,
  toastRemoveDelayMs: 1_000_000,
} as const;

export const NAV_LINKS = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Blogs", to: "/blogs" },
  { label: "AI Help", to: "/ai-help" },
  { label: "Contact", to: "/contact" },
] as const;

export const HEADER = {
  signIn: "Sign In",
  bookDemo: "Book Demo",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  homeLabel: `${PRODUCT} home`,
  primaryNav: "Primary",
} as const;

/** The closing call to action above the footer (home and blog listing; pages opt in with `handle.closingCta`). */
export const CLOSING_CTA = {
  heading: "Let your Business Buddy answer the next enquiry",
  text: "Book a personal demo for 1 ₹. Your industry kit is ready in 72 hours, with no setup fees.",
  bookDemo: "Book your demo for 1 ₹",
  whatsapp: "Ask on WhatsApp",
  whatsappMessage: `Hi, I'd like to see how ${PRODUCT} can answer my customers on WhatsApp.`,
  newTab: "(opens in a new tab)",
} as const;

export const FOOTER = {
  taglines: [`${PRODUCT} - Your Digital Growth Assistant`, `${PRODUCT} ❤️ your customers, ${PRODUCT} ❤️ your business growth`],
  about:
    "An AI growth assistant for local businesses: it answers your customers on WhatsApp day and night, books visits and nurtures every lead until it is ready to buy.",
  legalHeading: "Legal",
  legalLinks: [
    { label: "Privacy Policy", to: "/privacy" },
    { label: "Terms of Service", to: "/terms" },
    { label: "Refund Policy", to: "/refund" },
  ],
  exploreHeading: "Explore",
  contactHeading: "Contact",
  followHeading: "Follow us",
  emailLabel: "Email",
  whatsappLabel: "WhatsApp",
  officeLabel: "Office",
  copyright: (year: number) => `© ${year} ${PRODUCT}. All rights reserved.`,
  newsletter: {
    heading: "Get growth tips in your inbox",
    description: "One short e-mail a month: what works for local businesses on WhatsApp. No spam, unsubscribe any time.",
    label: "Email address",
    placeholder: "you@business.com",
    button: "Subscribe",
    busyButton: "Subscribing...",
  },
} as const;

/** Footer newsletter messages (spec sections 5 and 8): a title and a message each. */
export const FOOTER_NEWSLETTER_MESSAGES = {
  required: { title: "Email Required", message: "Please enter your email address." },
  invalid: { title: "Invalid Email", message: "Please enter a valid email address." },
  failed: { title: "Subscription Failed", message: "Something went wrong. Please try again later." },
  success: {
    title: "Successfully Subscribed!",
    message: "Thank you for subscribing to our newsletter. You'll receive updates soon!",
    /** Shown after the spec's text (issue 30): the subscription waits for the link in the mail (double opt-in). */
    confirmation: "A confirmation e-mail is on its way: please click the link in it to confirm your subscription.",
  },
} as const;

export const SOCIAL_LABELS = {
  facebook: "Facebook",
  whatsapp: "WhatsApp chat",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
} as const;

// No emoji in the banner: it is on screen in every first paint, and a colour-emoji glyph sends the browser
// looking for a fallback font (30-40 ms of the first layout on a machine without one, measured).
export const BANNER_MESSAGES = [
  `${PRODUCT} looks after your customers and your business growth`,
  `${PRODUCT} is your loyal, smart Digital Assistant`,
  `${PRODUCT} is your business Growth Buddy`,
] as const;

/** The banner's name for screen readers. */
export const BANNER_LABEL = "Announcements";

export const WHATSAPP_BUTTON = {
  message: `Hi, I want to learn more about ${PRODUCT}!`,
  hoverLabel: "Chat with us on WhatsApp",
  closeLabel: "Hide the WhatsApp chat button",
  regionLabel: "WhatsApp chat",
} as const;

export const SPLASH = {
  continueText: "Click anywhere to continue",
  sessionKey: "hasSeenSplash",
  queryShow: "splash",
  queryReset: "reset",
} as const;

export const ERROR_SCREEN = {
  title: "Oops! Something went wrong",
  apology: "We're sorry, but something unexpected happened. This error has been logged and our team will look into it.",
  detailsLabel: "Error details",
  refresh: "Refresh Page",
  home: "Go Home",
  supportPrefix: "Need help right away? Write to",
  /** The details of an error that says nothing of itself. */
  unknownError: "Unknown error",
} as const;

export const NOT_FOUND = {
  code: "404",
  title: "Oops! Page not found",
  message: "The page you are looking for doesn't exist or has moved.",
  home: "Return to Home",
} as const;

export const SKIP_LINK = "Skip to main content";

/** Option lists (spec section 3). */
export const INDUSTRIES = [
  "Real Estate",
  "Healthcare",
  "E-commerce",
  "Education",
  "Restaurant",
  "Automotive",
  "Childcare",
] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const DEFAULT_INDUSTRY: Industry = "Real Estate";

export const JOB_ROLES = [
  "CEO/Founder",
  "Product Manager",
  "Engineering Manager",
  "Marketing Manager",
  "Operations Manager",
  "Sales Manager",
  "Other",
] as const;

/** A half of a UTF-16 surrogate pair standing alone: no character, and encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with every lone surrogate replaced by U+FFFD (what a UTF-8 decoder shows for it). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

/** A WhatsApp chat link with a prefilled message (a visitor's text may hold anything, lone surrogates included). */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(wellFormed(text))}`;
}

/** Human-readable form of a WhatsApp number given as digits with country code (91XXXXXXXXXX). */
export function formatWhatsappNumber(digits: string): string {
  if (digits.startsWith("91") && digits.length === 12) return `+91 ${digits.slice(2, 7)} ${digits.slice(7)}`;
  return `+${digits}`;
}

/** The toasts' region and close button, as a screen reader names them (the library's own English words). */
export const TOAST_LABELS = { region: "Notifications", customRegion: "", close: "Close toast" } as const;
