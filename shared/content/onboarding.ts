import type { BriefRuleMessages } from "../schemas/onboarding";
import { PRODUCT } from "./site";

/**
 * The customer's onboarding (issue 41, decision 0050): the kit chooser, the Wise Core brief, the kit order's page
 * and its e-mails. The Hindi is shared/content/hi/onboarding.ts.
 */

/** The promise's hours as shipped (the owner changes them in the studio: shared/copy/onboarding.ts). */
export const ONBOARDING_PROMISE = { hours: "72" } as const;

/** The sign-up's industry (the spec's list) to the home page's kit it preselects, by the kit's key; none: nothing preselected. */
export const INDUSTRY_KIT: Readonly<Record<string, string>> = {
  "Real Estate": "real-estate",
  Healthcare: "healthcare-and-clinics",
  Education: "coaching-classes",
};

/** What each field shows as its example, per kit key ('general' for a kit the owner added or a business not listed). */
export type KitExamples = {
  businessName: string;
  city: string;
  service: string;
  price: string;
  usps: string;
  painPoints: string;
  pitch: string;
  toneExample: string;
  hours: string;
};

export const KIT_EXAMPLES: Readonly<Record<string, KitExamples>> = {
  "real-estate": {
    businessName: "Deshmukh Realty",
    city: "Pune",
    service: "2 BHK flats in Baner",
    price: "₹85 lakh – ₹1.2 crore",
    usps: "RERA-registered projects only; 12 years in Baner and Balewadi; free site visits with pick-up.",
    painPoints: "Buyers ask the same price and location questions at night; many stop replying after the first call.",
    pitch: "We help families find a ready-to-move home in west Pune without wasting weekends on visits.",
    toneExample: "Hi! Thanks for asking about our Baner flats. Shall I share the floor plans and book a visit this Saturday?",
    hours: "Mon–Sat 10:00–19:00, Sunday site visits by appointment",
  },
  "healthcare-and-clinics": {
    businessName: "Kulkarni Family Clinic",
    city: "Nashik",
    service: "General consultation",
    price: "₹500",
    usps: "Same-day appointments; a woman doctor on every shift; reports on WhatsApp.",
    painPoints: "Patients call to ask timings and fees; no-shows leave empty slots.",
    pitch: "Care for the whole family, close to home, without the long wait.",
    toneExample: "Namaste! Dr. Kulkarni can see you today at 5:30 pm. Shall I book it for you?",
    hours: "Mon–Sat 9:00–13:00 and 17:00–21:00",
  },
  "coaching-classes": {
    businessName: "Bright Minds Coaching",
    city: "Jaipur",
    service: "Class 10 maths and science batch",
    price: "₹18,000 a year",
    usps: "Batches of 15; weekly tests with parent reports; 92% scored above 85 last year.",
    painPoints: "Parents ask about fees and batch timings again and again; demo-class sign-ups go cold.",
    pitch: "Small batches and weekly feedback, so no student falls behind.",
    toneExample: "Hello! Our next free demo class is on Sunday at 11 am. Shall I save a seat for your child?",
    hours: "Mon–Sat 7:00–20:00",
  },
  "service-agencies": {
    businessName: "Pixel Peak Marketing",
    city: "Bengaluru",
    service: "Monthly social media management",
    price: "₹25,000 – ₹60,000 a month",
    usps: "Campaigns for 40+ local brands; reports every week; one manager per client.",
    painPoints: "Enquiries from ads arrive at night; leads go cold before the sales call.",
    pitch: "We bring local businesses more enquiries from the ads they already run.",
    toneExample: "Hi! Thanks for reaching out. Could you tell me your business and monthly ad budget? I'll suggest a plan.",
    hours: "Mon–Fri 10:00–19:00",
  },
  freelancers: {
    businessName: "Neha Sharma Design",
    city: "Delhi",
    service: "Logo and brand identity",
    price: "₹15,000 – ₹40,000",
    usps: "Three concepts in five days; unlimited small changes; files for print and web.",
    painPoints: "Clients ask for quotes and disappear; time goes on answering instead of designing.",
    pitch: "A brand that looks as good as your work, delivered in a week.",
    toneExample: "Hi! Happy to help. What does your business do, and when do you need the logo?",
    hours: "Mon–Fri 11:00–19:00",
  },
  "salons-spas-and-fitness": {
    businessName: "Glow Studio Salon",
    city: "Mumbai",
    service: "Hair spa",
    price: "₹1,200 – ₹2,500",
    usps: "Certified stylists; hygienic single-use kits; open till 10 pm.",
    painPoints: "Clients message for slots during busy hours; weekend bookings clash.",
    pitch: "Look and feel your best, at a time that suits you.",
    toneExample: "Hi! We have a slot at 6 pm today for a hair spa. Shall I book it for you?",
    hours: "Every day 10:00–22:00",
  },
  general: {
    businessName: "Sharma Traders",
    city: "Lucknow",
    service: "Home delivery of groceries",
    price: "₹50 delivery, free above ₹999",
    usps: "Same-day delivery; fresh stock daily; pay on delivery.",
    painPoints: "Customers ask for prices and stock on WhatsApp all day.",
    pitch: "Everything your kitchen needs, delivered the same day.",
    toneExample: "Hi! Yes, we have it in stock. Shall I add it to today's delivery?",
    hours: "Every day 8:00–21:00",
  },
};

export const BRIEF_RULE_MESSAGES: BriefRuleMessages = {
  tooLong: (max) => `Please keep this to ${max} characters.`,
  required: "Please fill this in.",
  badCharacters: "This contains characters that cannot be saved.",
  serviceRequired: "Please add at least one service.",
  tooManyServices: (max) => `Please list at most ${max} services.`,
  whatsapp: "Please enter 8 to 15 digits, country code first (for example 919876543210).",
  choice: "Please pick one of the choices.",
};

export const ONBOARDING_PAGE = {
  metaTitle: "Your kit",
  metaDescription: `Choose your industry kit and tell the ${PRODUCT} Wise Core about your business.`,
  greeting: (name: string) => `Welcome, ${name}!`,
  // The demo the customer booked on the site (issue 42), beside their kit.
  demo: {
    heading: "Your demo",
    at: "Booked for",
    paid: "Paid",
    unpaid: "To pay at the demo",
    held: "Held while you pay",
    manage: "To move or cancel it, use the link in your confirmation e-mail.",
    none: "Want to see Wise Parrot with your own leads first? Book a demo.",
    book: "Book a demo",
  },
  intro: (hours: number) => `Tell us about your business in a few short steps. We set up your kit within ${hours} hours of your brief.`,
  // The kit chooser.
  kitHeading: "1. Choose your kit",
  kitLegend: "Which kit fits your business?",
  yourIndustry: "Your industry",
  notListed: "My business is not listed",
  generalKit: "General kit",
  notListedNote: "We will set up the general kit and tailor it to your business from your brief.",
  // The brief's steps.
  stepsLabel: "Steps of the brief",
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  steps: ["Your kit and business", "Services and prices", "What makes you different", "Tone, contact and hours", "Files and submit"],
  next: "Next",
  back: "Back",
  saveDraft: "Save draft",
  required: "required",
  optional: "optional",
  example: "For example:",
  businessName: { label: "Business name", hint: "As your customers know it." },
  city: { label: "City", hint: "Where you serve customers from." },
  services: { label: "Services and price ranges", hint: "One row per service or product, with its price or range. Add as many rows as you need." },
  serviceName: (n: number) => `Service ${n}`,
  servicePrice: (n: number) => `Price of service ${n}`,
  addService: "Add another service",
  removeService: (n: number) => `Remove service ${n}`,
  usps: { label: "What makes you different", hint: "Why customers choose you over others: experience, guarantees, speed." },
  painPoints: { label: "Your customers' problems", hint: "What your customers struggle with before they find you, or ask again and again." },
  pitch: { label: "Your pitch in your own words", hint: "One or two sentences you would say to a new customer." },
  tone: { label: "Brand tone", hint: "How the Wise Core should sound when it replies." },
  tones: { friendly: "Friendly", professional: "Professional", premium: "Premium", playful: "Playful" },
  toneExample: { label: "An example message in your tone", hint: "A reply you would send a customer, as you would write it." },
  whatsapp: { label: "WhatsApp business number", hint: "The number your kit will use: country code first, digits only (spaces are fine)." },
  hours: { label: "Business hours", hint: "When you open, and when the team answers." },
  languages: { label: "Languages you speak with customers", hint: "Pick all that apply." },
  languageNames: { en: "English", hi: "Hindi", hinglish: "Hinglish" },
  languagesOther: { label: "Other languages", hint: "For example Marathi, Tamil." },
  files: { label: "Files (optional)", hint: "A price list, a brochure or your logo: JPEG, PNG, WebP, AVIF or PDF, up to 10 MB each." },
  filePurpose: "What is this file?",
  filePurposes: { "price-list": "Price list", brochure: "Brochure", logo: "Logo", other: "Something else" },
  fileChoose: "File",
  fileUpload: "Add file",
  fileUploading: "Adding...",
  fileAdded: "File added.",
  fileRemove: (name: string) => `Remove ${name}`,
  fileOpen: (name: string) => `Open ${name}`,
  filesNone: "No files yet.",
  review: "Check your brief, then submit it. You can still send us changes until setup starts.",
  submit: "Submit my brief",
  submitting: "Submitting...",
  // Saving.
  saved: "Draft saved.",
  saving: "Saving...",
  unsaved: "Not saved yet.",
  saveFailed: "Could not save just now. Your text is kept on this device; we will try again.",
  savedAt: (time: string) => `Draft saved at ${time}.`,
  conflict: "This brief was changed on another device or tab. Your text is still here.",
  keepMine: "Keep my version",
  takeTheirs: "Load the other version",
  fixErrors: "Please check the fields marked below.",
  // Unverified.
  waitingHeading: "Your brief is in: please verify your e-mail address",
  waitingText: (hours: number) => `Your kit order starts as soon as you verify your e-mail address, and your ${hours} hours start then. We sent you a link when you signed up.`,
  resend: "Send a new verification link",
  resendBusy: "Sending...",
  // The order.
  orderHeading: (number: string) => `Your kit order ${number}`,
  orderKit: (kit: string) => `Kit: ${kit}`,
  stepNames: { received: "Brief received", setup: "In setup", review: "Ready for your review", live: "Live" },
  stepDone: "done",
  stepNow: "current step",
  assignee: (name: string) => `${name} is working on your kit.`,
  noAssignee: "A team member will pick up your kit shortly.",
  promised: "Promised by",
  countdownLabel: "Time left",
  countdown: (hours: number, minutes: number) => `${hours} h ${minutes} min left`,
  overdue: "We are running late: the team has been told, and will message you here.",
  liveNow: "Your kit is live.",
  zone: (zone: string) => `(${zone} time)`,
  messagesHeading: "Messages",
  messagesNone: "No messages yet. The team writes here if they have a question.",
  fromTeam: (name: string) => `${name}, from the team`,
  fromTeamAnonymous: "The team",
  fromYou: "You",
  fileMessage: (name: string) => `File added: ${name}`,
  changeMessage: "Change asked for",
  reply: { label: "Message to the team", hint: "Answer a question or tell us anything we should know." },
  send: "Send",
  sending: "Sending...",
  sent: "Sent. The team will see it right away.",
  change: { label: "Change something in your brief", hint: "Tell us what to change. Possible until setup starts." },
  askChange: "Ask for this change",
  changeClosed: "Setup has started: to change something now, send the team a message.",
  whatsappTeam: (number: string) => `Chat with the team on WhatsApp about ${number}`,
  whatsappMessage: (number: string) => `Hi, I have a question about my kit order ${number}.`,
  newTab: "(opens in a new tab)",
  briefHeading: "Your brief",
  signOut: "Sign Out",
} as const;

export const ONBOARDING_EMAILS = {
  received: {
    subject: (number: string) => `We have your brief: kit order ${number}`,
    intro: (number: string, hours: number) => `Thank you! Your kit order ${number} is in. We will set up your kit within ${hours} hours; you can follow each step on your page.`,
    due: (when: string) => `Promised by: ${when}`,
    copy: "A copy of your brief:",
    open: "See my order",
    team: `The ${PRODUCT} team`,
  },
  /** To the lead recipients (English: the studio is English). */
  signUp: {
    subject: (name: string) => `New sign-up: ${name}`,
    intro: "Someone created an account on the site.",
    name: "Name",
    email: "E-mail",
    company: "Company",
    industry: "Industry",
    language: "Language of the page",
    when: "When",
    open: "Open accounts in the studio",
  },
  briefSubmitted: {
    subject: (number: string, business: string) => `Brief submitted: ${number} ${business}`,
    intro: (hours: number) => `A customer submitted their Wise Core brief. The kit is promised within ${hours} hours.`,
    customer: "Customer",
    kit: "Kit",
    due: "Promised by",
    open: "Open the order in the studio",
  },
  /** The brief's field names in the e-mail's copy of it. */
  fields: {
    businessName: "Business name",
    city: "City",
    services: "Services and prices",
    usps: "What makes you different",
    painPoints: "Your customers' problems",
    pitch: "Your pitch",
    tone: "Brand tone",
    toneExample: "Example message",
    whatsapp: "WhatsApp business number",
    hours: "Business hours",
    languages: "Languages",
  },
} as const;
