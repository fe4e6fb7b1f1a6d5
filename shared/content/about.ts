/** About page copy. */
import { ENGINE, PRODUCT } from "./site";

export const ABOUT = {
  meta: {
    title: "About",
    description: `${PRODUCT} is an India-based team building AI growth assistants that help local businesses answer, nurture and convert every customer on WhatsApp. We don't build bots. We build trust.`,
  },
  eyebrow: `About ${PRODUCT}`,
  heading: "We don't build bots. We build trust.",
  missionHeading: "Our mission",
  mission: `Our mission is to give every local business a 24x7 growth assistant that treats each customer the way the owner would: a quick, honest answer, the right recommendation and a follow-up that is never forgotten. ${PRODUCT} brings the marketing and sales muscle of a large company to the agent, the clinic and the neighbourhood studio, at a price that makes sense for them.`,
  storyHeading: "Why we started",
  story: [
    "We watched good businesses lose customers for one simple reason: nobody replied in time. Enquiries arrived at night, on holidays, in the middle of a busy day, and by the time someone answered, the customer had moved on.",
    `So we built the ${ENGINE}: an engine trained on a business's own services, USPs, client pain points, pitch and brand tone, so that every conversation sounds like the business itself, not like a machine.`,
  ],
  valuesHeading: "What we stand for",
  values: [
    { title: "Trust before automation", text: "Every reply must be accurate and honest. If the assistant does not know, it says so and hands over to you." },
    { title: "Results you can measure", text: "We care about booked visits, kept appointments and return on ad spend, not vanity numbers." },
    { title: "Fast and fair", text: "Industry kits ready in 72 hours, no setup fees, and a demo for 1 ₹ so you can judge for yourself." },
  ],
  basedHeading: "Based in India",
  based: "We are based in Pune, India, and work with local businesses across the country: real estate agents, doctors and clinic owners, agencies and the small businesses that keep every city running.",
  ctaHeading: "Let's grow your business together",
  ctaText: "See the assistant on your own business, or tell us what you need.",
  bookDemo: "Book Demo",
  getInTouch: "Get in Touch",
  newTab: "(opens in a new tab)",
} as const;
