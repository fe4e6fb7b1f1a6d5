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
import { group, list, text } from "./build";
import { defineCopyDoc } from "./fields";

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
  defaults: () => ({
    seo: { title: CONTACT_META.title, description: CONTACT_META.description },
    hero: { eyebrow: CONTACT_HERO.eyebrow, title: CONTACT_HERO.title, lead: CONTACT_HERO.lead },
    cards: {
      heading: CONTACT_CARDS_HEADING,
      items: CONTACT_CARDS.map((c) => ({
        reach: reachOf(c.target),
        title: c.title,
        description: c.description,
        action: c.action,
        message: c.target.kind === "whatsapp" ? c.target.text : "",
        detail: c.detail ?? "",
      })),
    },
    support: {
      heading: SUPPORT_SLIDER.heading,
      intro: SUPPORT_SLIDER.intro,
      stats: SUPPORT_STATS.map((s) => ({ ...s })),
      channels: SUPPORT_CHANNELS.map((c) => ({
        reach: reachOf(c.contact),
        title: c.title,
        description: c.description,
        availability: c.availability,
        responseTime: c.responseTime,
        message: c.contact.kind === "whatsapp" ? c.contact.text : "",
        linkLabel: c.contact.kind === "page" ? c.contact.label : "",
      })),
    },
    whatsapp: {
      heading: WHATSAPP_WIDGET.heading,
      status: WHATSAPP_WIDGET.status,
      greeting: WHATSAPP_WIDGET.greeting,
      quickReplies: WHATSAPP_WIDGET.quickReplies.map((r) => ({ ...r })),
      defaultText: WHATSAPP_WIDGET.defaultText,
      send: WHATSAPP_WIDGET.send,
    },
  }),
});

export type ContactCopy = ReturnType<typeof CONTACT_DOC.defaults>;

function reachOf(target: ContactTarget): string {
  return target.kind === "page" ? `page:${target.to}` : target.kind;
}

export { contactCardsOf, contactTarget, supportChannelsOf } from "./contact-view";
