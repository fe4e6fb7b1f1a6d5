import {
  CONTACT_CARDS,
  CONTACT_CARDS_HEADING,
  CONTACT_HERO,
  CONTACT_META,
  SUPPORT_CHANNELS,
  SUPPORT_SLIDER,
  SUPPORT_STATS,
  WHATSAPP_WIDGET,
  type ContactTarget,
} from "../content/contact";
import {
  CONTACT_CARDS_HEADING_HI,
  CONTACT_CARDS_HI,
  CONTACT_HERO_HI,
  CONTACT_META_HI,
  SUPPORT_CHANNELS_HI,
  SUPPORT_SLIDER_HI,
  SUPPORT_STATS_HI,
  WHATSAPP_WIDGET_HI,
} from "../content/hi/contact";
import { group, list, text } from "./build";
import { type CopyLocale, defineCopyDoc } from "./fields";

/**
 * The Contact page's copy (issue 28, decision 0027): the introduction, the contact cards, the support channels'
 * slider with its figures, and the WhatsApp widget's texts. The addresses and numbers themselves are Settings
 * (a card or channel names only how it is reached); the form's labels and messages stay with its validation.
 */
export const REACH_OPTIONS = [
  { value: "email", label: "E-mail (the address in Settings)" },
  { value: "phone", label: "Phone (the number in Settings)" },
  { value: "whatsapp", label: "WhatsApp (the number in Settings, with the message below)" },
  { value: "maps", label: "Office on the map (the maps link in Settings)" },
  { value: "page:/blogs", label: "The blog" },
  { value: "page:/ai-help", label: "The AI Help page" },
] as const;

const reach = { kind: "choice", label: "How it is reached", options: REACH_OPTIONS } as const;
const message = text("WhatsApp message (prefilled)", 200, true);

export const CONTACT_DOC = defineCopyDoc({
  id: "contact",
  title: "Contact page",
  path: "/contact",
  sections: {
    seo: group("Search engines", { title: text("Page title (search results and breadcrumb)", 70), description: text("SEO description", 300, true) }),
    hero: group("Introduction", { eyebrow: text("Eyebrow", 40), title: text("Headline", 90), lead: text("Introduction", 400, true) }),
    cards: group("Contact cards", {
      heading: text("Heading", 60),
      items: list(
        "Cards",
        "Card",
        group("Card", {
          reach,
          title: text("Title", 40),
          description: text("Description", 200, true),
          action: text("Link text", 40),
          message,
          detail: text("Shown instead of the address (optional)", 80),
        }),
        6,
      ),
    }),
    support: group("Support channels", {
      heading: text("Heading", 80),
      intro: text("Introduction", 200, true),
      stats: list("Figures", "Figure", group("Figure", { value: text("Figure", 12), label: text("What it measures", 40) }), 4),
      channels: list(
        "Channels",
        "Channel",
        group("Channel", {
          reach,
          title: text("Title", 40),
          description: text("Description", 240, true),
          availability: text("Availability", 40),
          responseTime: text("Response time", 40),
          message,
          linkLabel: text("Link text (for a page)", 40),
        }),
        8,
      ),
    }),
    whatsapp: group("WhatsApp chat box", {
      heading: text("Heading", 60),
      status: text("Status line", 60),
      greeting: text("Greeting", 200, true),
      quickReplies: list("Quick messages", "Quick message", group("Quick message", { label: text("Button", 30), text: text("Message", 200, true) }), 4, 0),
      defaultText: text("Message when the box is left empty", 200, true),
      send: text("Send button", 40),
    }),
  },
  defaults: (locale) => contactDefaults(locale),
});

export type ContactCopy = ReturnType<typeof CONTACT_DOC.defaults>;

/** The shipped words of each language: the English constants, or their Hindi (shared/content/hi/contact.ts). */
const SOURCES = {
  en: {
    meta: CONTACT_META,
    hero: CONTACT_HERO,
    cardsHeading: CONTACT_CARDS_HEADING,
    cards: CONTACT_CARDS,
    slider: SUPPORT_SLIDER,
    stats: SUPPORT_STATS,
    channels: SUPPORT_CHANNELS,
    widget: WHATSAPP_WIDGET,
  },
  hi: {
    meta: CONTACT_META_HI,
    hero: CONTACT_HERO_HI,
    cardsHeading: CONTACT_CARDS_HEADING_HI,
    cards: CONTACT_CARDS_HI,
    slider: SUPPORT_SLIDER_HI,
    stats: SUPPORT_STATS_HI,
    channels: SUPPORT_CHANNELS_HI,
    widget: WHATSAPP_WIDGET_HI,
  },
} as const;

function contactDefaults(locale: CopyLocale) {
  const { meta, hero, cardsHeading, cards, slider, stats, channels, widget } = SOURCES[locale];
  return {
    seo: { title: meta.title as string, description: meta.description as string },
    hero: { eyebrow: hero.eyebrow as string, title: hero.title as string, lead: hero.lead as string },
    cards: {
      heading: cardsHeading as string,
      items: cards.map((c) => ({
        reach: reachOf(c.target),
        title: c.title as string,
        description: c.description as string,
        action: c.action as string,
        message: c.target.kind === "whatsapp" ? c.target.text : "",
        detail: (c.detail ?? "") as string,
      })),
    },
    support: {
      heading: slider.heading as string,
      intro: slider.intro as string,
      stats: stats.map((s) => ({ value: s.value as string, label: s.label as string })),
      channels: channels.map((c) => ({
        reach: reachOf(c.contact),
        title: c.title as string,
        description: c.description as string,
        availability: c.availability as string,
        responseTime: c.responseTime as string,
        message: c.contact.kind === "whatsapp" ? c.contact.text : "",
        linkLabel: c.contact.kind === "page" ? c.contact.label : "",
      })),
    },
    whatsapp: {
      heading: widget.heading as string,
      status: widget.status as string,
      greeting: widget.greeting as string,
      quickReplies: widget.quickReplies.map((r) => ({ label: r.label as string, text: r.text as string })),
      defaultText: widget.defaultText as string,
      send: widget.send as string,
    },
  };
}

function reachOf(target: ContactTarget): string {
  return target.kind === "page" ? `page:${target.to}` : target.kind;
}
