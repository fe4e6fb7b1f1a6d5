import { CHAT_GREETING_REPLY, CHAT_MENU, CHAT_REPLIES } from "../content/chat";
import { AUDIENCE, AVAILABLE_FOR, KIT, TESTIMONIALS } from "../content/home";
import { PRODUCT } from "../content/site";
import { ASSISTANT_DEFAULTS_HI } from "../content/hi/assistant";
import { defineCopyDoc } from "./fields";

/**
 * The help assistant's own words (issue 29, decision 0028), as the owner edits them: the replies it gives per subject
 * (the prices it quotes among them), the welcome, the hand-over to a person, and one reply per industry kit. The
 * defaults are today's strings and say only what the site says. Placeholders in braces are filled in by the
 * assistant from the site's settings and the visitor's question: {question}, {industry}, {kits}, {whatsapp},
 * {phone}, {phoneHours}, {email}.
 */

const reply = (label: string) => ({ kind: "text", label, max: 2000, multiline: true }) as const;

const kitContents = `Each kit has ${KIT.items.map((i) => i.title.replace(/^AI/, "an AI")).join(", ").replace(/, ([^,]*)$/, " and $1")}, ready in 72 hours with no setup fees.`;

const slide = (name: string) => AUDIENCE.slides.find((s) => s.industry === name)!;
const said = (name: string) => {
  const t = TESTIMONIALS.items.find((i) => i.name === name)!;
  return `${t.name} (${t.role}): \u201c${t.quote}\u201d`;
};

/** The six kits the home page lists (AVAILABLE_FOR), with the words that name each in a question. */
const KIT_DEFAULTS: { name: string; words: string; reply: string }[] = [
  {
    name: AVAILABLE_FOR.items[0]!,
    words: "real estate\nrealtor*\npropert*\nbroker*\nrealty\nbuilder*\nflat*\nbhk\nsite visit*",
    reply: `Our **Real Estate** kit: ${slide("Real Estate").after} ${slide("Real Estate").outcome}.\n${said("Rohan Deshmukh")}\n${kitContents}`,
  },
  {
    name: AVAILABLE_FOR.items[1]!,
    words: "healthcare\nhealth care\nclinic*\ndoctor*\nhospital*\ndentist*\ndental\npatient*\nmedical",
    reply: `Our **Healthcare & Clinics** kit: ${slide("Healthcare").after} ${slide("Healthcare").outcome}.\n${said("Dr. Meera Kulkarni")}\n${kitContents}`,
  },
  {
    name: AVAILABLE_FOR.items[2]!,
    words: "coaching\ncoaching class*\ntuition*\ntutor*\nclasses\ninstitute*",
    reply: `There is an industry kit for **Coaching Classes**. ${kitContents}`,
  },
  {
    name: AVAILABLE_FOR.items[3]!,
    words: "agency\nagencies\nmarketing agenc*\nservice agenc*",
    reply: `Our **Service Agencies** kit: ${slide("Marketing Agencies").after} ${slide("Marketing Agencies").outcome}.\n${said("Aditya Sharma")}\n${kitContents}`,
  },
  {
    name: AVAILABLE_FOR.items[4]!,
    words: "freelancer*\nfreelance*\nconsultant*",
    reply: `There is an industry kit for **Freelancers**. ${kitContents}`,
  },
  {
    name: AVAILABLE_FOR.items[5]!,
    words: "salon*\nspa\nspas\nfitness\ngym*\nbeauty\nparlour*\nparlor*",
    reply: `There is an industry kit for **Salons, Spas & Fitness**. ${kitContents}`,
  },
];

export const ASSISTANT_DOC = defineCopyDoc({
  id: "assistant",
  title: "Help assistant's replies",
  path: "/ai-help",
  sections: {
    replies: {
      kind: "group",
      label: "Replies by subject (the prices quoted here are the ones visitors read)",
      fields: {
        workflow: reply("Workflow automation"),
        ai: reply("AI features"),
        getting_started: reply("Getting started and the demo"),
        pricing: reply("Pricing"),
        productivity: reply("Time saved"),
        integrations: reply("Integrations"),
        templates: reply("Industry templates"),
      },
    },
    greeting: reply("Welcome (greetings and empty messages only)"),
    menu: reply("Menu (kept for the language model's fallback)"),
    contact: { ...reply("How to reach the team"), hint: "{whatsapp}, {phone}, {phoneHours} and {email} are filled in from Settings." },
    handover: {
      kind: "group",
      label: "Handing the visitor to a person",
      fields: {
        notSure: { kind: "text", label: "When it has no good answer", max: 300, multiline: true },
        humanAsked: { kind: "text", label: "When the visitor asks for a person", max: 300, multiline: true },
        whatsapp: { kind: "text", label: "WhatsApp line", max: 200, hint: "{whatsapp} is the link, prefilled with the question." },
        phone: { kind: "text", label: "Phone line", max: 200, hint: "{phone} and {phoneHours} come from Settings." },
        email: { kind: "text", label: "E-mail line", max: 200, hint: "{email} comes from Settings." },
        contactPage: { kind: "text", label: "Contact page line", max: 200 },
        whatsappMessage: { kind: "text", label: "WhatsApp message prefilled", max: 300, hint: "{question} and {page} are the visitor's." },
        hindiNote: { kind: "text", label: "Note to a visitor who wrote in Hindi or Hinglish", max: 300, multiline: true },
        hindiPerson: {
          kind: "text",
          label: "Hand-over answered in Hindi: a Hindi-speaking person is available",
          max: 300,
          multiline: true,
          hint: "Shown when Settings say a Hindi-speaking person is available.",
        },
        noHindiPerson: {
          kind: "text",
          label: "Hand-over answered in Hindi: no Hindi-speaking person is available",
          max: 300,
          multiline: true,
          hint: "Shown when Settings say no Hindi-speaking person is available.",
        },
        noKit: { kind: "text", label: "An industry without its own kit", max: 500, multiline: true, hint: "{industry} and {kits} are filled in." },
      },
    },
    kits: {
      kind: "list",
      label: "Industry kits",
      itemLabel: "Kit",
      max: 12,
      item: {
        kind: "group",
        label: "Kit",
        fields: {
          name: { kind: "text", label: "Name", max: 80 },
          words: { kind: "text", label: "Words that name it in a question (one per line; * ends a word's start)", max: 600, multiline: true },
          reply: reply("Reply"),
        },
      },
    },
  },
  // The Hindi defaults (issue 33) are written in shared/content/hi/assistant.ts.
  defaults: (locale) => (locale === "hi" ? ASSISTANT_DEFAULTS_HI : {
    replies: {
      workflow: CHAT_REPLIES.workflow,
      ai: CHAT_REPLIES.ai,
      getting_started: CHAT_REPLIES.getting_started,
      pricing: CHAT_REPLIES.pricing,
      productivity: CHAT_REPLIES.productivity,
      integrations: CHAT_REPLIES.integrations,
      templates: CHAT_REPLIES.templates,
    },
    greeting: CHAT_GREETING_REPLY,
    menu: CHAT_MENU,
    contact: `You can reach our team:\n\u2022 **WhatsApp**, 24/7, replies in under 30 seconds: [chat with us]({whatsapp})\n\u2022 **Phone**: {phone} ({phoneHours})\n\u2022 **E-mail**: {email}, answered within 2 hours in business hours\n\u2022 Enterprise customers get a response in under 30 minutes.\nOr write to us from the [contact page](/contact).`,
    handover: {
      notSure: "I'm not sure about that, and I'd rather not guess. A person on our team can answer you:",
      humanAsked: "Of course. Here is how to reach a person on our team:",
      whatsapp: "\u2022 **WhatsApp** (24/7): [send them your question]({whatsapp})",
      phone: "\u2022 **Phone**: {phone} ({phoneHours})",
      email: "\u2022 **E-mail**: {email}",
      contactPage: "\u2022 Or write to us from the [contact page](/contact).",
      whatsappMessage: `Hi, I asked the ${PRODUCT} assistant: "{question}" (on {page})`,
      hindiNote: "Prefer Hindi? A Hindi-speaking person on our team will answer you on WhatsApp.",
      hindiPerson: "A Hindi-speaking person on our team can talk with you in Hindi on WhatsApp or by phone.",
      noHindiPerson: "Right now no Hindi-speaking person on our team is available: the team will answer you in English.",
      noKit: "We don't have a kit made for {industry} yet. Industry kits are available for {kits}. Our team can tell you what would fit your business.",
    },
    kits: KIT_DEFAULTS,
  }),
});
