/**
 * Home page copy, in the order the sections appear. Claims stay exactly as the
 * specification states them: kits ready in 72 hours, no setup fees, a 1 ₹ demo.
 */
import { ENGINE, HEADLINE, PRODUCT, TAGLINE } from "./site";

/** One line of a drawn WhatsApp conversation; an "event" is a centred system note (a booking, a reminder). */
export type ChatLine = { from: "customer" | "assistant" | "event"; text: string };

export const HOME_META = {
  title: PRODUCT,
  description: `${HEADLINE}. ${PRODUCT} answers your customers on WhatsApp 24x7, books visits and nurtures every lead. Industry kits ready in 72 hours, no setup fees.`,
} as const;

export const HERO = {
  eyebrow: "AI marketing & sales assistant, 24x7",
  headline: HEADLINE,
  tagline: TAGLINE,
  description: `${PRODUCT} chats with your customers on WhatsApp and social media, answers every enquiry in seconds, books meetings and site visits, recommends the right service and follows up until the lead is ready to buy. Your industry kit is ready in 72 hours, with no setup fees.`,
  bookDemo: "Book Your demo for 1 ₹",
  demoVideos: { long: "Watch Free Quick Demo Videos first", short: "Quick Demo Videos" },
  whatsappChat: { long: "Know more on WhatsApp", short: "WhatsApp Chat" },
  /** Prefilled WhatsApp messages of the two chat buttons. */
  demoVideosMessage: `Hi, please send me the free quick demo videos of ${PRODUCT}.`,
  whatsappMessage: "hi",
  /** The in-page control that reveals the embedded demo video. */
  watchHere: "Play the product demo on this page",
  newTab: "(opens in a new tab)",
  trust: ["Ready in 72 hours", "No setup fees", "Demo for just 1 ₹"],
  /** The sample conversation drawn beside the hero (decorative). */
  chatTitle: `${PRODUCT} · online`,
  chatStatus: "replies in seconds",
  chat: [
    { from: "customer", text: "Hi, is the 2 BHK in Baner still available?" },
    { from: "assistant", text: "Yes! 2 BHK, 980 sq ft, ready to move in. Would you like a site visit on Saturday at 11 am or 4 pm?" },
    { from: "customer", text: "4 pm works for me" },
    { from: "assistant", text: "Booked for Saturday, 4 pm. I'll send you the location and a reminder that morning." },
  ] satisfies ChatLine[],
  /** The shorter conversation drawn under the headline on a phone. */
  chatCompact: [
    { from: "customer", text: "Hi, is the 2 BHK in Baner still available?" },
    { from: "assistant", text: "Yes! Site visit on Saturday, 11 am or 4 pm?" },
    { from: "event", text: "✓ Site visit booked · Sat 4 pm" },
  ] satisfies ChatLine[],
} as const;

export const DEMO_VIDEO = {
  heading: `See ${PRODUCT} at work`,
  description: "A real conversation, from the first WhatsApp message to a booked visit, in under three minutes.",
  iframeTitle: `${PRODUCT} product demo video`,
  close: "Hide the demo video",
} as const;

export const PAIN_POINTS = {
  heading: "Sound familiar?",
  intro: "Most local businesses do not lose customers to competitors. They lose them to silence.",
  cards: [
    {
      icon: "moon",
      title: "Leads go cold overnight",
      text: "An enquiry arrives at 11 pm. By the time someone replies in the morning, the customer has already called the next business.",
    },
    {
      icon: "repeat",
      title: "The same questions, all day",
      text: "Price, location, timings, availability. Your team answers them a hundred times instead of closing the deals that matter.",
    },
    {
      icon: "leak",
      title: "Ad money leaks away",
      text: "You pay for every click, but nobody follows up with the people who showed interest and did not book.",
    },
    {
      icon: "calendarX",
      title: "Appointments are missed",
      text: "Visits and consultations get booked, then forgotten. No reminder, no show, and a slot that earned nothing.",
    },
  ],
} as const;

export const PROMISE = {
  heading: "Our promise",
  text: `${PRODUCT} replies to every customer in seconds, at any hour, in your brand's voice, and keeps following up until they book. You focus on serving customers; your Business Buddy keeps finding them.`,
} as const;

export const BENEFITS = {
  heading: `What ${PRODUCT} does for you`,
  intro: "One assistant that markets, sells and follows up for you, every day of the year.",
  cards: [
    {
      icon: "bolt",
      title: "Replies in seconds, 24x7",
      text: "Every WhatsApp and social media enquiry gets a helpful answer at once, day or night, weekday or festival.",
    },
    {
      icon: "calendarCheck",
      title: "Books meetings and site visits",
      text: "It offers open slots, confirms the booking and sends reminders, so more appointments actually happen.",
    },
    {
      icon: "target",
      title: "Recommends the right offer",
      text: "It asks the right questions and suggests the product or service that fits each customer's need and budget.",
    },
    {
      icon: "tag",
      title: "Nurtures and labels every lead",
      text: "Leads are tagged hot, warm or cold and receive sequence messages until they are ready to buy.",
    },
    {
      icon: "megaphone",
      title: "Promotes your business",
      text: "Paid ads with creative copy bring new enquiries, and the assistant turns them into conversations straight away.",
    },
  ],
} as const;

export const METRICS = {
  heading: "Results our clients see",
  intro: "Measured by businesses that switched their WhatsApp enquiries to their Business Buddy.",
  /** Chooser buttons' accessible names: "Show result 2 of 3". */
  showLabel: (n: number, total: number) => `Show result ${n} of ${total}`,
  /** Above the three results, each shown with its own label (the spotlight above rotates through them). */
  allLabel: "All three results",
  items: [
    { value: "3x", label: "demo bookings in first 10 days" },
    { value: "50%", label: "more appointment show-up" },
    { value: "4x", label: "ad ROI" },
  ],
} as const;

export const AUDIENCE = {
  heading: "Built for businesses that live on enquiries",
  intro: "See what changes in the first weeks, industry by industry.",
  label: "Industries we serve",
  beforeLabel: "Before",
  afterLabel: "After",
  outcomeLabel: "Outcome",
  play: "Play slideshow",
  pause: "Pause slideshow",
  previous: "Previous industry",
  next: "Next industry",
  slideLabel: (n: number, total: number) => `${n} of ${total}`,
  dotLabel: (n: number, name: string) => `Show industry ${n}: ${name}`,
  dotsLabel: "Choose an industry",
  slides: [
    {
      industry: "Real Estate",
      /** Enquiry, answer, booking, reminder: drawn as a WhatsApp conversation beside the slide. */
      conversation: [
        { from: "customer", text: "Hi, what's the price of the 3 BHK at Green Heights?" },
        { from: "assistant", text: "₹1.2 Cr, 1,450 sq ft, possession in March. Shall I book a site visit this weekend?" },
        { from: "event", text: "✓ Site visit booked · Sun 11 am" },
        { from: "assistant", text: "Reminder: your visit to Green Heights is tomorrow at 11 am." },
      ] satisfies ChatLine[],
      before: "Property enquiries from portals and ads pile up. Agents call back hours later and buyers have already visited another project.",
      after: "Every buyer gets instant answers on budget, location and floor plans, and a site visit is booked straight into the agent's calendar.",
      outcome: "More site visits from the same ad budget",
    },
    {
      industry: "Healthcare",
      /** Enquiry, answer, booking, reminder: drawn as a WhatsApp conversation beside the slide. */
      conversation: [
        { from: "customer", text: "Can I see Dr. Patil tomorrow evening?" },
        { from: "assistant", text: "Dr. Patil has 6:30 pm or 7:15 pm free tomorrow. Which one suits you?" },
        { from: "event", text: "✓ Appointment booked · 6:30 pm" },
        { from: "assistant", text: "Reminder: your appointment is today at 6:30 pm. Reply 1 to reschedule." },
      ] satisfies ChatLine[],
      before: "The front desk juggles calls while patients wait. Appointment requests on WhatsApp go unanswered and no-shows eat the day.",
      after: "Patients book, reschedule and get reminders on WhatsApp by themselves, with clinic timings and doctor availability always up to date.",
      outcome: "Fuller schedules and fewer missed appointments",
    },
    {
      industry: "Marketing Agencies",
      /** Enquiry, answer, booking, reminder: drawn as a WhatsApp conversation beside the slide. */
      conversation: [
        { from: "customer", text: "Saw your ad. What does the bridal package cost?" },
        { from: "assistant", text: "Packages start at ₹25,000. May I know your wedding date and city?" },
        { from: "event", text: "✓ Lead qualified · hot · sent to the client" },
        { from: "assistant", text: "Hi Neha, your consultation with the studio is on Friday at 5 pm." },
      ] satisfies ChatLine[],
      before: "Client campaigns bring leads, but nobody qualifies them fast enough, and the agency gets blamed for poor lead quality.",
      after: "Each campaign lead is qualified, labelled and handed over warm, with the full conversation, while the agency reports real bookings.",
      outcome: "Happier clients and renewals that sell themselves",
    },
    {
      industry: "Small Businesses",
      /** Enquiry, answer, booking, reminder: drawn as a WhatsApp conversation beside the slide. */
      conversation: [
        { from: "customer", text: "Do you deliver cakes in Kothrud on Sunday?" },
        { from: "assistant", text: "Yes, free delivery in Kothrud. Would you like the menu and Sunday slots?" },
        { from: "event", text: "✓ Order confirmed · Sun 4 pm" },
        { from: "assistant", text: "Your cake leaves the bakery at 3:30 pm. Thank you for ordering again!" },
      ] satisfies ChatLine[],
      before: "The owner answers every message personally, late into the night, and follow-ups are forgotten in a busy week.",
      after: "The assistant handles the routine questions, follows up on every quote and brings back customers who went quiet.",
      outcome: "Hours saved every week and more repeat sales",
    },
  ],
} as const;

/**
 * The leads board drawn in the benefits section (sample names, decorative). Its badge says it is an example: the
 * drawing is not the site's data, so it claims nothing live (issue 45).
 */
export const LEADS_BOARD = {
  title: "Leads this week",
  live: "Example",
  columns: [
    { name: "New", dot: "bg-sky-500", leads: [{ name: "Priya Nair", note: "2 BHK, Baner" }, { name: "Imran Shaikh", note: "Price enquiry" }] },
    { name: "Hot", dot: "bg-rose-500", leads: [{ name: "Kavita Joshi", note: "Follow-up day 3" }, { name: "Sahil Mehta", note: "Asked for brochure" }] },
    { name: "Booked", dot: "bg-emerald-500", leads: [{ name: "Anil Rao", note: "Visit Sat 4 pm" }, { name: "Neha Gupta", note: "Call Mon 11 am" }] },
  ],
} as const;

export const WISE_CORE = {
  heading: `Powered by the ${ENGINE}`,
  text: `The ${ENGINE} is the brain behind your assistant. We train it on your business so every reply sounds like your best salesperson on their best day.`,
  trainedOnLabel: "Trained with your",
  trainedOn: ["Services", "USPs", "Client pain points", "Pitch", "Brand tone"],
} as const;

export const WISE_CORE_DIAGRAM = {
  coreTop: "Wise",
  coreBottom: "Core",
  outputs: ["Instant replies", "Bookings", "Follow-ups"],
  label: (inputs: readonly string[], outputs: readonly string[]) =>
    `Diagram: ${ENGINE} learns your ${inputs.join(", ")} and turns them into ${outputs.join(", ").toLowerCase()}.`,
} as const;

export const STEPS = {
  heading: "How it works",
  intro: "From first call to a live assistant in 72 hours, with no setup fees.",
  items: [
    { title: "Book your demo", text: "Reserve a personal demo for just 1 ₹ and tell us about your business." },
    { title: "Share your business", text: "Send us your services, prices, USPs and the questions customers ask most." },
    { title: "We train the Wise Core", text: "Your assistant learns your pitch, your customers' pain points and your brand tone." },
    { title: "Go live in 72 hours", text: "Your industry kit is connected to WhatsApp and your ads, with no setup fees." },
    { title: "Grow on autopilot", text: "Leads are answered, nurtured and booked while you watch the results come in." },
  ],
  bookDemo: "Book Demo",
  bookDemoNote: "Demo for 1 ₹ · no setup fees",
} as const;

export const KIT = {
  heading: "What's inside your industry kit",
  intro: "Everything you need to start converting enquiries on day one.",
  items: [
    { title: "AI smart WhatsApp bot", text: "Trained on your business, answering and booking around the clock." },
    { title: "Paid ads plus creative copy", text: "Ready-to-run campaigns with copy that speaks to your customers." },
    { title: "Nurturing scripts", text: "Conversations that build trust and move each lead a step closer." },
    { title: "Follow-up sequences", text: "Timed messages that bring back the leads who went quiet." },
    { title: "Onboarding SOPs", text: "Simple checklists so your team knows exactly what to do." },
  ],
} as const;

export const AVAILABLE_FOR = {
  heading: "Industry kits available for",
  items: [
    "Real Estate",
    "Healthcare & Clinics",
    "Coaching Classes",
    "Service Agencies",
    "Freelancers",
    "Salons, Spas & Fitness",
  ],
} as const;

/** A customer's words: the spec's quote, name, role and rating, with the business and the city the role names (none invented). */
export type Testimonial = {
  quote: string;
  name: string;
  role: string;
  rating: number;
  /** The kind of business, shown as a tag (from the role and the quote). */
  business: string;
  /** Only where the copy names it. */
  city?: string;
  /** A photo the owner adds (a URL on this site); without one the card shows the initials. */
  photo?: string;
};

export const TESTIMONIALS: { heading: string; ratingLabel: (stars: number) => string; items: readonly Testimonial[] } = {
  heading: "Loved by local businesses",
  ratingLabel: (stars: number) => `Rated ${stars} out of 5`,
  items: [
    {
      quote: "Our WhatsApp used to be a graveyard of unanswered enquiries. Now every buyer gets a reply in seconds and site visits are booked while we sleep.",
      name: "Rohan Deshmukh",
      role: "Real estate agent, Pune",
      rating: 5,
      business: "Real estate",
      city: "Pune",
    },
    {
      quote: "Patients book and reschedule on their own and the reminders cut our no-shows dramatically. My front desk finally has time to breathe.",
      name: "Dr. Meera Kulkarni",
      role: "Clinic owner",
      rating: 5,
      business: "Healthcare clinic",
    },
    {
      quote: "We plug it into every client campaign. Leads arrive qualified and labelled, and our clients renew because they see real bookings.",
      name: "Aditya Sharma",
      role: "Founder, digital marketing agency",
      rating: 5,
      business: "Marketing agency",
    },
  ],
};

/** An image the owner provides: where it is (on this site) and what it shows. */
export type TrustImage = { src: string; alt: string; href?: string };

/**
 * Places for proof only the owner has (the site never invents customers, logos or photos): a strip of customer
 * logos under the testimonials, a partner badge beside them, a photo on /about. Empty on a fresh install, and an
 * empty place renders nothing; the owner fills them once the studio edits the site's copy.
 */
export const TRUST_SLOTS: { logosHeading: string; logos: readonly TrustImage[]; partnerBadge: TrustImage | null; aboutPhoto: TrustImage | null } = {
  logosHeading: "Businesses that trust us",
  logos: [],
  partnerBadge: null,
  aboutPhoto: null,
};

export type ComparisonValue = "yes" | "no" | "partial";

export const COMPARISON = {
  heading: `Why ${PRODUCT}?`,
  intro: "How we compare with the usual ways local businesses handle enquiries.",
  caption: `Features of ${PRODUCT} compared with WhatsApp CRMs, AI bot tools and freelancers`,
  featureHeader: "Feature",
  scrollLabel: "Comparison table (scrolls sideways on small screens)",
  /** Shown above the table on narrow screens, where it scrolls sideways. */
  scrollHint: "Swipe the table sideways to compare →",
  columns: [PRODUCT, "WhatsApp CRMs", "AI bot tools", "Freelancers"],
  values: { yes: "Yes", no: "No", partial: "Partial" } satisfies Record<ComparisonValue, string>,
  rows: [
    { feature: "Replies 24x7 in seconds", values: ["yes", "partial", "yes", "no"] },
    { feature: "Trained on your business and brand tone", values: ["yes", "no", "partial", "partial"] },
    { feature: "Books meetings and site visits", values: ["yes", "partial", "partial", "yes"] },
    { feature: "Paid ads with creative copy included", values: ["yes", "no", "no", "partial"] },
    { feature: "Lead nurturing and follow-up sequences", values: ["yes", "partial", "no", "partial"] },
    { feature: "Ready in 72 hours with no setup fees", values: ["yes", "no", "no", "no"] },
  ] satisfies { feature: string; values: ComparisonValue[] }[],
} as const;
