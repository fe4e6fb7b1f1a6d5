/**
 * The Contact page's copy and constants: hero, contact cards, the support
 * channel slider (spec section 3), the WhatsApp chat widget, and the
 * 'Contact Us' form with its labels, limits and messages (spec sections 3, 5, 8).
 * Addresses and numbers come from configuration (useSite()), never from here.
 */
import { PRODUCT } from "./site";

export const CONTACT_META = {
  title: "Contact",
  description: `Talk to the ${PRODUCT} team by e-mail, phone or WhatsApp, or send us a message. We reply within hours.`,
} as const;

export const CONTACT_HERO = {
  eyebrow: "Contact",
  title: "Let's grow your business together",
  lead: `Questions about ${PRODUCT}, an industry kit or a demo? Pick the channel that suits you, or send us a message and we'll get back to you shortly.`,
} as const;

/** How a card or a channel is reached; the address itself comes from configuration. */
export type ContactTarget =
  | { kind: "email" }
  | { kind: "phone" }
  | { kind: "whatsapp"; text: string }
  | { kind: "maps" }
  | { kind: "page"; to: string; label: string };

export type ContactCard = {
  id: string;
  title: string;
  description: string;
  action: string;
  target: ContactTarget;
  /** Shown in place of the configured value, when the card names something else (the office). */
  detail?: string;
};

export const CONTACT_CARDS_HEADING = "Reach us directly";

export const CONTACT_CARDS: readonly ContactCard[] = [
  {
    id: "email",
    title: "Email us",
    description: "Detailed questions, documents or screenshots: we answer within 2 hours in business hours.",
    action: "Send an email",
    target: { kind: "email" },
  },
  {
    id: "call",
    title: "Call us",
    description: "Talk to a specialist, Mon-Fri 9AM-6PM IST.",
    action: "Call now",
    target: { kind: "phone" },
  },
  {
    id: "whatsapp-chat",
    title: "WhatsApp chat",
    description: "Chat with us on WhatsApp, 24/7. Replies in under 30 seconds.",
    action: "Start WhatsApp chat",
    target: { kind: "whatsapp", text: `Hi, I want to learn more about ${PRODUCT}!` },
  },
  {
    id: "whatsapp-demo",
    title: "Book a demo on WhatsApp",
    description: "See the assistant answer real enquiries for a business like yours.",
    action: "Request a demo",
    target: { kind: "whatsapp", text: `Hi, I'd like to book a demo of ${PRODUCT}.` },
  },
  {
    id: "office",
    title: "Visit our office",
    description: "Meet the team that builds and supports the assistant.",
    action: "Open in Maps",
    target: { kind: "maps" },
    detail: "Pune, Maharashtra, India",
  },
] as const;

/** Support channel (spec section 3): id, title, description, contact, availability, responseTime. */
export type SupportChannel = {
  id: string;
  title: string;
  description: string;
  contact: ContactTarget;
  availability: string;
  responseTime: string;
};

export const SUPPORT_CHANNELS: readonly SupportChannel[] = [
  {
    id: "live-chat",
    title: "Live Chat Support",
    description: "Chat with our team and the assistant on WhatsApp for quick answers about features, kits and demos.",
    contact: { kind: "whatsapp", text: `Hi, I have a question about ${PRODUCT}.` },
    availability: "24/7",
    responseTime: "Under 30 seconds",
  },
  {
    id: "email",
    title: "Email Support",
    description: "Send detailed questions, documents or screenshots and get a thorough written answer.",
    contact: { kind: "email" },
    availability: "Business hours",
    responseTime: "Under 2 hours",
  },
  {
    id: "phone",
    title: "Phone Support",
    description: "Talk to a specialist about setup, billing or the right industry kit for you.",
    contact: { kind: "phone" },
    availability: "Mon-Fri 9AM-6PM IST",
    responseTime: "Immediate",
  },
  {
    id: "video",
    title: "Video Call Support",
    description: "Book a screen-sharing session for onboarding, walkthroughs and training your team.",
    contact: { kind: "whatsapp", text: `Hi, I'd like to book a video call with the ${PRODUCT} team.` },
    availability: "By appointment",
    responseTime: "Same day",
  },
  {
    id: "community",
    title: "Community Forum",
    description: "Swap playbooks and ideas with other local businesses growing with the assistant.",
    contact: { kind: "page", to: "/blogs", label: "Read community stories" },
    availability: "Always active",
    responseTime: "Community driven",
  },
  {
    id: "help-center",
    title: "Help Center",
    description: "Guides and instant answers from the AI Help assistant, whenever you need them.",
    contact: { kind: "page", to: "/ai-help", label: "Open AI Help" },
    availability: "24/7",
    responseTime: "Instant",
  },
] as const;

/** Slider stat claims (spec section 3): 24/7, under 30s, 98%, 6 channels. */
export const SUPPORT_STATS = [
  { value: "24/7", label: "Support available" },
  { value: "Under 30s", label: "Average reply time" },
  { value: "98%", label: "Customer satisfaction" },
  { value: "6", label: "Support channels" },
] as const;

export const SUPPORT_SLIDER = {
  heading: "Support that fits the way you work",
  intro: "Six ways to reach us. Pick the one that suits you best.",
  regionLabel: "Support channels",
  slideLabel: (n: number, total: number) => `${n} of ${total}`,
  previous: "Previous channel",
  next: "Next channel",
  pause: "Pause rotation",
  play: "Resume rotation",
  dotLabel: (n: number, title: string) => `Show channel ${n}: ${title}`,
  thumbnailsLabel: "Choose a support channel",
  availability: "Availability",
  responseTime: "Response time",
  contact: "Contact",
} as const;

export const WHATSAPP_WIDGET = {
  heading: "Chat with us on WhatsApp",
  agentName: `${PRODUCT} Support`,
  status: "Typically replies in under 30 seconds",
  greeting: "Hi there 👋 How can we help your business grow today?",
  quickRepliesLabel: "Quick messages",
  quickReplies: [
    { label: "I want a demo", text: `Hi, I'd like to book a demo of ${PRODUCT}.` },
    { label: "Pricing", text: `Hi, I'd like to know the pricing of ${PRODUCT}.` },
    { label: "Industry kits", text: `Hi, which ${PRODUCT} industry kit fits my business?` },
  ],
  messageLabel: "Your message",
  messagePlaceholder: "Type your message…",
  defaultText: `Hi, I want to learn more about ${PRODUCT}!`,
  send: "Start WhatsApp chat",
  newTab: "(opens in a new tab)",
} as const;

/** Spec section 3: the hidden Lead Source defaults to 'Web Research'. */
export const DEFAULT_LEAD_SOURCE = "Web Research";
export const LEAD_SOURCES = [
  DEFAULT_LEAD_SOURCE,
  "Advertisement",
  "Cold Call",
  "Employee Referral",
  "External Referral",
  "Online Store",
  "Partner",
  "Public Relations",
  "Seminar Partner",
  "Trade Show",
  "Web Download",
  "Chat",
  "Facebook",
  "X",
] as const;

/** The form's fields in the order they are checked and shown (spec sections 3 and 5). */
export const LEAD_FIELDS = [
  { name: "firstName", label: "First Name", max: 40, type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", max: 80, type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", max: 100, type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", max: 30, type: "tel", autoComplete: "tel" },
  { name: "message", label: "Message", max: 5000, type: "textarea", autoComplete: "off" },
] as const;
export type LeadFieldName = (typeof LEAD_FIELDS)[number]["name"];

/** The hidden honeypot's name: people never see or fill it; form-filling bots do. */
export const HONEYPOT_FIELD = "website";

export const CONTACT_FORM = {
  title: "Contact Us",
  intro: "Tell us a little about your business and we'll get back to you shortly.",
  requiredNote: "All fields are required.",
  submit: "Send Message",
  sending: "Sending...",
  honeypotLabel: "Leave this field empty",
  /** Spec section 8: the success toast's title and text. */
  successTitle: "Message sent successfully",
  successMessage: "Thanks! We'll get back to you shortly.",
  /** The query flag set after a form post, cleared once the toast has shown (spec section 4). */
  submittedParam: "submitted",
} as const;

/** Messages for the form. The first two are the spec's own (section 5). */
export const LEAD_MESSAGES = {
  empty: (label: string) => `${label} cannot be empty.`,
  invalidEmail: "Please enter a valid email address.",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  notText: (label: string) => `${label} must be text.`,
  badCharacters: (label: string) => `${label} contains characters that are not allowed.`,
  badLeadSource: "Lead Source must be one of the listed options.",
  rateLimited: (minutes: number) =>
    `Too many messages from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reach us on WhatsApp.`,
  network: "We couldn't send your message. Please check your connection and try again.",
  failed: "We couldn't send your message right now. Please try again in a moment, or reach us on WhatsApp.",
} as const;
