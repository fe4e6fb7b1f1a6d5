/**
 * Frequently asked questions: shown on the home page (with FAQPage
 * structured data) and indexed as knowledge the help assistant answers from
 * and cites. Every answer restates something the site already says (the
 * spec's facts in CHAT_FACTS, the home and about pages, the contact channels,
 * the legal pages, the sample posts); nothing here may promise more. `also`
 * lists other ways visitors ask the same question (searched, never shown).
 * `topic` ties an entry to the keyword rule that covers the same ground.
 *
 * Until the studio exists (/studio/faq), the owner edits this file.
 */
import { CHAT_FACTS, type ChatTopicId } from "./chat";
import { PRODUCT } from "./site";

export type FaqEntry = {
  id: string;
  question: string;
  answer: string;
  also: readonly string[];
  topic?: ChatTopicId;
};

const F = CHAT_FACTS;
const P = F.pricing;

export const FAQ_SECTION = {
  heading: "Frequently asked questions",
  intro: `Short answers to what business owners ask us most. Ask the ${PRODUCT} assistant on the AI Help page for more.`,
} as const;

export const FAQ: readonly FaqEntry[] = [
  {
    id: "what-is",
    question: `What is ${PRODUCT}?`,
    answer: `${PRODUCT} is a 24x7 AI marketing and sales assistant for local businesses. It chats with your customers on WhatsApp and social media, answers every enquiry in seconds, books meetings and site visits, recommends the right service and follows up until the lead is ready to buy.`,
    also: ["what does it do", "what do you do", "who are you", "explain the product", "kya hai", "business buddy"],
  },
  {
    id: "pricing",
    question: "How much does it cost?",
    answer: `There are three plans: ${P.free.name} (${P.free.price}, ${P.free.details}), ${P.professional.name} (${P.professional.price}, ${P.professional.details}) and ${P.enterprise.name} (${P.enterprise.price}, ${P.enterprise.details}). There are no setup fees.`,
    also: ["price plans monthly charges fees rates subscription", "how much do you charge", "is there a free plan", "kitna kharcha", "kitne paise"],
    topic: "pricing",
  },
  {
    id: "demo",
    question: "How do I book a demo?",
    answer: `Use the Book Demo button at the top of any page, or ask for a demo on WhatsApp. Booking takes under ${F.demoBookingMinutes} minutes and the personal demo costs just ${F.demoPrice}.`,
    also: ["book a demo", "schedule a demo call", "see it live", "trial", "demo kaise book kare"],
    topic: "getting_started",
  },
  {
    id: "setup-time",
    question: "How long does it take to get started?",
    answer: `Your industry kit is live in ${F.kitReadyHours} hours, with no setup fees: you book a demo, share your services, prices and the questions customers ask most, we train the Wise Core on your business, and your kit is connected to WhatsApp and your ads.`,
    also: ["how long does setup take", "setup time onboarding", "when can we go live", "how many days until it is ready", "how fast", "how many days", "setup fees", "kitna time lagega", "kitne din"],
    topic: "getting_started",
  },
  {
    id: "languages",
    question: "Which languages can the assistant use?",
    answer: `The assistant understands customer questions written in natural, everyday language and can reply in the customer's language, as our WhatsApp playbook describes. Book a demo to see it answer in the languages your customers use.`,
    also: ["do you support hindi", "language languages multilingual", "speak reply in hindi marathi tamil telugu gujarati bengali kannada english hinglish", "regional language", "bhasha"],
  },
  {
    id: "integrations",
    question: "Which tools does it connect with?",
    answer: `${PRODUCT} has ${F.integrations} integrations, including WhatsApp, social media, calendars and CRMs. Leads flow into your CRM, bookings land in your calendar, and our team helps you connect everything during setup.`,
    also: ["integrations integrate connect crm calendar google sheets tools apps"],
    topic: "integrations",
  },
  {
    id: "whatsapp-rules",
    question: "Will automated messages put my WhatsApp number at risk?",
    answer: `Follow-ups stay short and useful (a thank-you, something helpful, a gentle check-in), and it is always easy for a customer to say no. A customer who asks you to stop never hears from you again: respecting that protects your reputation and your WhatsApp number.`,
    also: ["whatsapp rules policy ban banned blocked spam opt out unsubscribe stop messages", "sending automated messages", "is it allowed on whatsapp", "number block"],
  },
  {
    id: "industries",
    question: "Which industries do you work with?",
    answer: `Industry kits are available for real estate, healthcare and clinics, coaching classes, service agencies, freelancers, and salons, spas and fitness, with ${F.templates} templates for businesses such as real estate, healthcare, e-commerce, education, restaurants, automotive and childcare.`,
    also: ["which businesses industries sectors", "does it work for my business", "salon gym spa coaching agency freelancer doctor clinic", "which kits are available, which businesses have a kit ready"],
    topic: "templates",
  },
  {
    id: "kit",
    question: "What's inside an industry kit?",
    answer: "Each kit has an AI smart WhatsApp bot trained on your business, paid ads with creative copy, nurturing scripts, follow-up sequences and onboarding SOPs for your team.",
    also: ["industry kit contents what do i get included package"],
    topic: "templates",
  },
  {
    id: "support",
    question: "How do I reach your team?",
    answer: `On WhatsApp, 24/7, with replies in under 30 seconds; by e-mail, with an answer within 2 hours in business hours; by phone, Mon-Fri 9AM-6PM IST. Enterprise customers get a response in under 30 minutes.`,
    also: ["contact support customer care phone number email whatsapp helpline", "talk to a human", "call you", "how fast do you reply, response time"],
    topic: "support",
  },
  {
    id: "human-handover",
    question: "What happens when the assistant does not know an answer?",
    answer: "Every reply must be accurate and honest: if the assistant does not know, it says so and hands the conversation over to you.",
    also: ["wrong answer mistakes accuracy", "hand over to a human staff", "does not know"],
  },
  {
    id: "results",
    question: "What results can I expect?",
    answer: `Businesses save about ${F.hoursSavedPerWeek} hours a week and ${F.timeSavedPercent}% of the time spent on routine conversations. Our clients have seen 3x demo bookings in the first 10 days, 50% more appointment show-up and 4x ad ROI.`,
    also: ["results roi benefits save time hours", "is it worth it", "more bookings sales"],
    topic: "productivity",
  },
  {
    id: "refunds",
    question: "Can I get a refund?",
    answer: "Refunds are given when the application is not as described, does not work and cannot easily be fixed, a security problem is not patched in time, or promised support was not provided. They are not given for a change of mind, and not after 30 days from the purchase. Open a support ticket by e-mail, phone or post to ask.",
    also: ["refund policy money back cancel cancellation", "paisa wapas"],
  },
  {
    id: "privacy",
    question: "What do you do with my data?",
    answer: "We collect only what you give us and a little technical information, use it to provide the service and answer you, and never sell it. We use only essential cookies, no advertising cookies, and you can ask us what information we hold about you.",
    also: ["privacy data personal information gdpr secure security safe cookies", "customer data", "is my information shared with other companies"],
  },
  {
    id: "location",
    question: "Where are you based?",
    answer: `${PRODUCT} is based in Pune, India, and works with local businesses across the country.`,
    also: ["location office address city india", "where are you located"],
  },
];
