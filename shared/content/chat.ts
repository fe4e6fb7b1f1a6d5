/**
 * The AI help page (/ai-help) and the help assistant: the page's copy, the
 * topic cards and suggestions, and every reply of the local keyword assistant.
 * The assistant's replies and the language model's system message are built
 * from CHAT_FACTS, so the assistant never contradicts the rest of the site.
 * Imported by the server too: keep this file free of browser-only code and of
 * the "~" alias.
 */
import { ENGINE, INDUSTRIES, type Industry, PRODUCT } from "./site";

/** Limits of the help chat (spec sections 5 and 9). */
export const CHAT_LIMITS = {
  /** A longer message is cut to this many characters. */
  maxMessageChars: 1000,
  /** Only this many earlier messages are sent along as history. */
  historyMessages: 6,
} as const;

/** The claims the assistant makes, in one place (spec section 7, "Local assistant"). */
export const CHAT_FACTS = {
  hoursSavedPerWeek: 15,
  timeSavedPercent: 80,
  templates: "50+",
  integrations: "100+",
  demoBookingMinutes: 5,
  /** The demo's displayed price (spec section 9), as the home page shows it. */
  demoPrice: "1 ₹",
  kitReadyHours: 72,
  pricing: {
    free: { name: "Free", price: "$0", details: "up to 3 workflows and 5GB storage" },
    professional: { name: "Professional", price: "$29 a month", details: "unlimited workflows and 100GB storage" },
    enterprise: { name: "Enterprise", price: "custom pricing", details: "tailored to your team, with priority support" },
  },
  support: {
    whatsapp: "WhatsApp chat, 24/7",
    email: "email, with a response within 2 hours",
    enterprise: "Enterprise customers: a response in under 30 minutes",
  },
} as const;

const F = CHAT_FACTS;
const P = F.pricing;

export const AI_HELP_PAGE = {
  metaTitle: "AI Help",
  metaDescription: `Ask the ${PRODUCT} assistant about workflow automation, AI features, industry templates, pricing and booking a demo.`,
  eyebrow: "AI Help Center",
  title: `Ask the ${PRODUCT} assistant`,
  intro: `Questions about automating your customer conversations? Our assistant, powered by the ${ENGINE}, answers in seconds, day and night.`,
  topicsHeading: "Quick topics",
  chatHeading: "Chat with our assistant",
  status: "Online & Ready to Help!",
  badge: "AI ACTIVE",
  botName: `${PRODUCT} assistant`,
  userName: "You",
  logLabel: "Conversation",
  suggestionsHeading: "Quick suggestions",
  inputLabel: "Your message",
  inputPlaceholder: "Type your message… (Enter to send, Shift+Enter for a new line)",
  inputHint: "Enter sends, Shift+Enter starts a new line.",
  send: "Send",
  sending: "Sending…",
  typing: `The ${PRODUCT} assistant is typing…`,
  /** Shown under the input while the draft is longer than the limit. */
  overLimit: (length: number) =>
    `Your message has ${length} characters; only the first ${CHAT_LIMITS.maxMessageChars} will be sent.`,
  charCount: (length: number) => `${length} / ${CHAT_LIMITS.maxMessageChars}`,
  /** Shown under a sent message that was cut. */
  truncatedNote: `Cut to ${CHAT_LIMITS.maxMessageChars} characters.`,
  tooManyRequests: "You're sending messages quickly. Please wait a moment and try again.",
  /** The bot's reply when the server cannot be reached (spec section 4: on failure a fallback reply is used). */
  failedReply:
    "Sorry, I couldn't reach our assistant just now. Please try again in a moment, or message our team on WhatsApp with the button at the bottom of the page.",
  sentAt: "Sent at",
  featuresHeading: "Why visitors love our AI help",
  noScript: "The chat needs JavaScript. You can still reach us on WhatsApp or through the contact page.",
} as const;

/** The four quick-topic cards; each sends its query to the chat. */
export const CHAT_TOPICS = [
  {
    title: "Workflow Automation",
    description: "Automate follow-ups, bookings and lead labels.",
    query: "Tell me about workflow automation",
    icon: "workflow",
  },
  {
    title: "AI Features",
    description: "What the AI assistant can do for you.",
    query: "What AI features do you offer?",
    icon: "ai",
  },
  {
    title: "Industry Templates",
    description: "Ready-made kits for your business.",
    query: "Show me your industry templates",
    icon: "templates",
  },
  {
    title: "Getting Started",
    description: "Book a demo in under 5 minutes.",
    query: "Help me book demo",
    icon: "start",
  },
] as const;

export const CHAT_SUGGESTIONS = [
  "I want to know about pricing",
  "Can you show me a demo?",
  "How does the AI chatbot work?",
  "I need help with integration",
] as const;

export const CHAT_FEATURES = [
  { title: "24/7 Support Available", description: "Ask anything, any time: the assistant never sleeps.", icon: "clock" },
  { title: "Smart AI Responses", description: `Answers drawn from what ${PRODUCT} really offers.`, icon: "spark" },
  { title: "Instant Solutions", description: "Pricing, setup and integrations explained in seconds.", icon: "bolt" },
] as const;

/** The first message of every conversation (spec: booking a demo takes under 5 minutes). */
export const CHAT_WELCOME = `Hello! 👋 I'm the ${PRODUCT} assistant. I can tell you about **workflow automation**, **AI features**, **industry templates**, **pricing** and **integrations**.

Booking a demo takes under ${F.demoBookingMinutes} minutes. What would you like to know?`;

/** Words that make a message a greeting (spec section 8). */
export const GREETING_WORDS = ["hi", "hello", "hey", "good morning", "good afternoon", "good evening"] as const;

export type ChatTopicId =
  | "workflow"
  | "ai"
  | "getting_started"
  | "pricing"
  | "productivity"
  | "integrations"
  | "support"
  | "templates";

/**
 * The keyword rules, in the spec's order: the first rule with a matching word
 * wins. A keyword ending in "*" matches the start of a word ("automat*" finds
 * "automation"); any other keyword must be the whole word, so "ai" never fires
 * on "said" or "maintain". "demo*" joins "start"/"begin" so that the Getting
 * Started card's own query ('Help me book demo') gets the getting-started
 * answer rather than the support one that "help" would give.
 */
export const CHAT_RULES: ReadonlyArray<{ id: ChatTopicId; keywords: readonly string[]; intent: string }> = [
  { id: "workflow", keywords: ["workflow*", "automat*"], intent: "workflow_automation" },
  { id: "ai", keywords: ["ai", "artificial*"], intent: "ai_features" },
  { id: "getting_started", keywords: ["start*", "begin*", "demo*"], intent: "getting_started" },
  { id: "pricing", keywords: ["price*", "pricing", "cost*"], intent: "pricing_inquiry" },
  { id: "productivity", keywords: ["productiv*", "efficien*"], intent: "productivity" },
  { id: "integrations", keywords: ["integrat*", "connect*"], intent: "integration_inquiry" },
  { id: "support", keywords: ["support*", "help*"], intent: "support_request" },
  { id: "templates", keywords: ["template*", "industr*"], intent: "industry_templates" },
];

/** The local assistant's replies, one per rule. */
export const CHAT_REPLIES: Record<ChatTopicId, string> = {
  workflow: `**Workflow automation** takes the repetitive work off your plate:
• Instant replies to every WhatsApp and social media enquiry
• Automatic follow-ups and sequence messages that nurture each lead
• Meetings and site visits booked straight into your calendar
• Leads labelled by interest, so you know whom to call first

Businesses save about **${F.hoursSavedPerWeek} hours a week**, with **${F.timeSavedPercent}% of the time** spent on routine conversations saved. Want to see it on your own workflow? Booking a demo takes under ${F.demoBookingMinutes} minutes.`,

  ai: `Our **AI assistant**, powered by the ${ENGINE}, works for you 24/7:
• Understands customer questions in natural language and answers instantly
• Recommends the right product or service and books meetings
• Qualifies and labels leads, then nurtures them with sequence messages
• Learns your business from your own details, so answers stay accurate

It saves teams about **${F.hoursSavedPerWeek} hours a week**. Ask me about pricing or book a demo to see it live.`,

  getting_started: `Getting started is easy:
1. **Book a demo** for just ${F.demoPrice}: it takes under ${F.demoBookingMinutes} minutes (use the Book Demo button at the top of the page).
2. **Pick your industry kit**: ${F.templates} templates, ready in ${F.kitReadyHours} hours, with no setup fees.
3. **Connect your channels**: WhatsApp, social media and ${F.integrations} integrations.
4. **Go live**: your assistant starts answering customers day and night.

Would you like to know about pricing or templates for your industry?`,

  pricing: `Our plans:
• **${P.free.name}**: ${P.free.price}, ${P.free.details}
• **${P.professional.name}**: ${P.professional.price}, ${P.professional.details}
• **${P.enterprise.name}**: ${P.enterprise.price}, ${P.enterprise.details}

There are no setup fees. Book a demo to find the plan that fits your business.`,

  productivity: `${PRODUCT} makes your team more **productive and efficient**:
• About **${F.hoursSavedPerWeek} hours saved every week**
• **${F.timeSavedPercent}% less time** on routine customer conversations
• No lead forgotten: every enquiry gets an answer and a follow-up

Want to see how much time your business could save? Book a quick demo.`,

  integrations: `${PRODUCT} connects with the tools you already use: **${F.integrations} integrations**, including WhatsApp, social media, calendars and CRMs.
• Leads flow into your CRM automatically
• Bookings land in your calendar
• Our team helps you connect everything during setup

Which tool would you like to connect?`,

  support: `We're here to help:
• **${F.support.whatsapp}**
• **Support by ${F.support.email}**
• **${F.support.enterprise}**

Tell me what you need, or use the WhatsApp button at the bottom of the page to reach our team.`,

  templates: `We have **${F.templates} templates**, and industry kits for real estate, healthcare & clinics, coaching classes, service agencies, freelancers, and salons, spas & fitness.
Each kit has an AI smart WhatsApp bot, paid ads plus creative copy, nurturing scripts, follow-up sequences and onboarding SOPs, ready in ${F.kitReadyHours} hours with no setup fees.

Which industry is your business in?`,
};

/** Anything else gets the welcome menu (rule 9). */
export const CHAT_MENU = `I'd be happy to help! Here is what I can tell you about:
• **Workflow automation**: save ${F.hoursSavedPerWeek} hours a week
• **AI features**: your 24/7 assistant
• **Industry templates**: ${F.templates} ready-made kits
• **Pricing**: from free to enterprise
• **Integrations**: ${F.integrations} tools
• **Getting started**: booking a demo takes under ${F.demoBookingMinutes} minutes

What would you like to know?`;

/** The reply to a greeting. */
export const CHAT_GREETING_REPLY = CHAT_WELCOME;

/** The industries the site has a kit for (the home page's "Industry kits available for"). */
const KITS_LIST = "real estate, healthcare & clinics, coaching classes, service agencies, freelancers, and salons, spas & fitness";
const KIT_CONTENTS = "Each kit has an AI smart WhatsApp bot, paid ads plus creative copy, nurturing scripts, follow-up sequences and onboarding SOPs, ready in 72 hours with no setup fees.";
const noKit = (what: string) =>
  `We don't have a kit made for ${what} yet. Industry kits are available for ${KITS_LIST}. ${KIT_CONTENTS} Our team can tell you what would fit your business: book a demo or message us on WhatsApp.`;

/**
 * Canned replies per industry, used when the message is about one industry or the language model fails. They say
 * only what the site says (issue 29): the two industries with their own kit quote the home page's "Built for
 * businesses that live on enquiries"; the others have no kit of their own and get the general kit and a person.
 */
export const CHAT_INDUSTRY_REPLIES: Record<Industry, string> = {
  "Real Estate": `For **real estate**, every buyer gets instant answers on budget, location and floor plans, and a site visit is booked straight into the agent's calendar: more site visits from the same ad budget. ${KIT_CONTENTS} Shall I help you book a demo?`,
  Healthcare: `For **healthcare and clinics**, patients book, reschedule and get reminders on WhatsApp by themselves, with clinic timings and doctor availability always up to date: fuller schedules and fewer missed appointments. ${KIT_CONTENTS} Shall I help you book a demo?`,
  "E-commerce": noKit("e-commerce"),
  Education: noKit("schools and education"),
  Restaurant: noKit("restaurants"),
  Automotive: noKit("automotive businesses"),
  Childcare: noKit("childcare"),
};

/**
 * Words that name an industry in a message ("*" matches a word start), so a
 * message about a clinic gets the healthcare reply when no rule matched.
 * Coaching classes have a kit of their own (the assistant's kits), so "coaching" is not education here.
 */
export const INDUSTRY_WORDS: Record<Industry, readonly string[]> = {
  "Real Estate": ["real estate", "realtor*", "propert*", "broker*", "realty"],
  Healthcare: ["healthcare", "health care", "clinic*", "doctor*", "hospital*", "dentist*", "patient*"],
  "E-commerce": ["e-commerce", "ecommerce", "online store*", "online shop*", "shopify", "abandoned cart*"],
  Education: ["education*", "school*", "college*", "universit*"],
  Restaurant: ["restaurant*", "cafe*", "caf\u00e9*", "food", "dining", "hotel*", "dhaba*", "table booking*"],
  Automotive: ["automotive", "car", "cars", "dealership*", "vehicle*", "garage*", "showroom*", "test drive*"],
  Childcare: ["childcare", "child care", "daycare*", "day care", "preschool*", "nurser*", "kids", "creche*"],
};

/** Quick replies (spec section 8). */
export const CHAT_QUICK_REPLIES = {
  /** When the language model is configured but its answer is unusable. */
  fallback: ["Yes", "No", "More Info", "Contact Support"],
  /** When no language model is configured. */
  noModel: ["Tell me more", "I'm interested", "Contact me", "Learn more"],
} as const;

/** The intent analysis when nothing better is known (spec section 8). */
export const CHAT_DEFAULT_INTENT = {
  intent: "general_inquiry",
  entities: [] as string[],
  sentiment: "neutral",
  urgency: "medium",
} as const;

/** A passage given to the language model as a numbered source. */
export type ChatSourceForPrompt = { label: string; url: string; text: string };

/**
 * The language model's system message, built from the same facts as the
 * local replies; with the passages the site's knowledge found, numbered, and
 * the rule to cite them as [n].
 */
/** What the owner has set that the model must quote as it is now: the prices as the assistant's copy states them. */
export type OwnerFacts = { pricing?: string };

export function chatSystemPrompt(industry?: Industry, sources: readonly ChatSourceForPrompt[] = [], owner: OwnerFacts = {}): string {
  const base = chatFactsPrompt(industry, owner);
  if (sources.length === 0) return base;
  return [
    base,
    `Sources from ${PRODUCT}'s own site (the only other facts you may use):`,
    ...sources.map((s, i) => `[${i + 1}] ${s.label} (${s.url})\n${s.text}`),
    `When your answer uses a source, cite it right after the sentence as [n], with its number from this list. Cite at least one source when the question is about what they cover; never cite a number that is not in this list.`,
  ].join("\n");
}

function chatFactsPrompt(industry?: Industry, owner: OwnerFacts = {}): string {
  return [
    `You are the friendly help assistant of ${PRODUCT}, a 24x7 AI marketing and sales assistant for local businesses (real estate agents, doctors and clinics, agencies, small businesses), powered by the ${ENGINE}.`,
    `${PRODUCT} chats with customers on WhatsApp and social media, answers enquiries, books meetings and site visits, recommends products or services, nurtures and labels leads and sends sequence messages.`,
    `Facts you may use, and never contradict: it saves about ${F.hoursSavedPerWeek} hours a week; ${F.timeSavedPercent}% time saved on routine conversations; ${F.templates} industry templates (${INDUSTRIES.join(", ")}); ${F.integrations} integrations; industry kits ready in ${F.kitReadyHours} hours with no setup fees; booking a demo takes under ${F.demoBookingMinutes} minutes and the demo costs ${F.demoPrice}.`,
    // The owner's current prices (the assistant's copy, edited in the studio) when given; the shipped ones otherwise.
    owner.pricing
      ? `Pricing, exactly as the site states it now:\n${owner.pricing}`
      : `Pricing: ${P.free.name} (${P.free.price}): ${P.free.details}; ${P.professional.name}: ${P.professional.price}, ${P.professional.details}; ${P.enterprise.name}: ${P.enterprise.price}.`,
    `Support: ${F.support.whatsapp}; ${F.support.email}; ${F.support.enterprise}.`,
    industry ? `The visitor's business is in ${industry}.` : "",
    "Answer in plain text, briefly (under 150 words). You may use **bold** and lines starting with '• ' for lists. Never invent prices, numbers or promises beyond these facts; if you do not know, suggest booking a demo or contacting support.",
    "Every figure, price, duration, percentage, plan, partner, tool or guarantee you write must be one stated above or in the sources; a reply with any other is not shown.",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The instruction for the intent analysis call (answered as JSON). */
export const CHAT_INTENT_PROMPT = `Analyse the visitor's message to the ${PRODUCT} help assistant. Answer with JSON only, exactly like {"intent":"pricing_inquiry","entities":["Professional plan"],"sentiment":"neutral","urgency":"medium"}. intent is a short snake_case label; entities lists the products, industries, tools or dates named; sentiment is positive, neutral or negative; urgency is low, medium or high.`;

/** The instruction for the quick replies call (answered as JSON). */
export const CHAT_QUICK_REPLIES_PROMPT = `Suggest up to 4 short replies (at most 5 words each) the visitor might send next to the ${PRODUCT} help assistant. Answer with a JSON array of strings only, like ["Tell me more","Book a demo"].`;

/** How the assistant names its sources (citations are links below an answer). */
export const CHAT_SOURCE_LABELS = {
  blog: "From our blog",
  faq: "FAQ",
  faqTitle: "Frequently asked questions",
  listLabel: "Sources",
} as const;

/** Shown instead of a message whose text is missing or not text. */
export const INVALID_MESSAGE_CONTENT = "Invalid message content";
