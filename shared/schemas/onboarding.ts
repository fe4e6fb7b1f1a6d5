import { z } from "../zod";

/**
 * The Wise Core brief (issue 41, decision 0050): one schema for the draft the page autosaves (every field optional,
 * only lengths checked, so half-typed text is always kept) and one for the brief submitted (the few required fields
 * and the WhatsApp number's rule, the Settings one). Shared by the form in the browser, the page's action and the API.
 */

export const BRIEF_TONES = ["friendly", "professional", "premium", "playful"] as const;
export type BriefTone = (typeof BRIEF_TONES)[number];
export const BRIEF_LANGUAGES = ["en", "hi", "hinglish"] as const;
export type BriefLanguage = (typeof BRIEF_LANGUAGES)[number];
export const BRIEF_FILE_PURPOSES = ["price-list", "brochure", "logo", "other"] as const;
export type BriefFilePurpose = (typeof BRIEF_FILE_PURPOSES)[number];

export const BRIEF_LIMITS = {
  businessName: 120,
  city: 80,
  serviceName: 120,
  servicePrice: 60,
  services: 20,
  longText: 1500,
  toneExample: 500,
  whatsapp: 40,
  hours: 300,
  languagesOther: 120,
  message: 2000,
} as const;

/** The brief's text fields, in the order the form asks them. */
export const BRIEF_TEXT_FIELDS = ["businessName", "city", "usps", "painPoints", "pitch", "toneExample", "whatsapp", "hours", "languagesOther"] as const;
export type BriefTextField = (typeof BRIEF_TEXT_FIELDS)[number];

export type BriefService = { name: string; price: string };

export type BriefFields = {
  businessName: string;
  city: string;
  services: BriefService[];
  usps: string;
  painPoints: string;
  pitch: string;
  tone: BriefTone | "";
  toneExample: string;
  whatsapp: string;
  hours: string;
  languages: BriefLanguage[];
  languagesOther: string;
};

export const EMPTY_BRIEF: BriefFields = {
  businessName: "",
  city: "",
  services: [],
  usps: "",
  painPoints: "",
  pitch: "",
  tone: "",
  toneExample: "",
  whatsapp: "",
  hours: "",
  languages: [],
  languagesOther: "",
};

/** The words a rule is told in (English by default; the Hindi page passes its own). */
export type BriefRuleMessages = {
  tooLong: (max: number) => string;
  required: string;
  badCharacters: string;
  serviceRequired: string;
  tooManyServices: (max: number) => string;
  whatsapp: string;
  choice: string;
};

export const BRIEF_RULE_MESSAGES_EN: BriefRuleMessages = {
  tooLong: (max) => `Please keep this to ${max} characters.`,
  required: "Please fill this in.",
  badCharacters: "This contains characters that cannot be saved.",
  serviceRequired: "Please add at least one service.",
  tooManyServices: (max) => `Please list at most ${max} services.`,
  whatsapp: "Please enter 8 to 15 digits, country code first (for example 919876543210).",
  choice: "Please pick one of the choices.",
};

const text = (max: number, m: BriefRuleMessages) =>
  z
    .string({ error: m.badCharacters })
    // A form post's line breaks arrive as CRLF: stored as LF, so a reload shows what was typed.
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .max(max, { error: m.tooLong(max) })
        .refine((v) => !v.includes("\u0000"), { error: m.badCharacters }),
    );

/** The draft: every field optional (a missing one is empty), lengths checked. */
export function briefDraftSchema(m: BriefRuleMessages = BRIEF_RULE_MESSAGES_EN) {
  const L = BRIEF_LIMITS;
  return z.object({
    businessName: text(L.businessName, m).default(""),
    city: text(L.city, m).default(""),
    services: z
      .array(z.object({ name: text(L.serviceName, m).default(""), price: text(L.servicePrice, m).default("") }))
      .max(L.services, { error: m.tooManyServices(L.services) })
      .default([]),
    usps: text(L.longText, m).default(""),
    painPoints: text(L.longText, m).default(""),
    pitch: text(L.longText, m).default(""),
    tone: z.enum([...BRIEF_TONES, ""], { error: m.choice }).default(""),
    toneExample: text(L.toneExample, m).default(""),
    whatsapp: text(L.whatsapp, m).default(""),
    hours: text(L.hours, m).default(""),
    languages: z.array(z.enum(BRIEF_LANGUAGES, { error: m.choice })).max(BRIEF_LANGUAGES.length).default([]),
    languagesOther: text(L.languagesOther, m).default(""),
  });
}

/** The WhatsApp number's rule: the one Settings checks (digits, country code first, 8 to 15), spaces and + allowed. */
export function whatsappDigits(value: string): string | null {
  const digits = value.replace(/[\s()+-]/g, "");
  return /^\d{8,15}$/.test(digits) ? digits : null;
}

/**
 * The brief as submitted: the draft's rules plus the few required fields (business name, city, one service, the
 * WhatsApp number), each failing on its own field. Empty service rows are dropped.
 */
export function briefSubmitSchema(m: BriefRuleMessages = BRIEF_RULE_MESSAGES_EN) {
  return briefDraftSchema(m)
    .transform((b) => ({ ...b, services: b.services.filter((s) => s.name.trim() || s.price.trim()) }))
    .superRefine((b, ctx) => {
      if (!b.businessName.trim()) ctx.addIssue({ code: "custom", path: ["businessName"], message: m.required });
      if (!b.city.trim()) ctx.addIssue({ code: "custom", path: ["city"], message: m.required });
      if (!b.services.some((s) => s.name.trim())) ctx.addIssue({ code: "custom", path: ["services"], message: m.serviceRequired });
      if (!b.whatsapp.trim()) ctx.addIssue({ code: "custom", path: ["whatsapp"], message: m.required });
      else if (!whatsappDigits(b.whatsapp)) ctx.addIssue({ code: "custom", path: ["whatsapp"], message: m.whatsapp });
    })
    .transform((b): BriefFields => ({ ...b, whatsapp: whatsappDigits(b.whatsapp) ?? b.whatsapp }));
}

/** A message to the team from the customer's order page (an answer, a change asked for). */
export function orderMessageSchema(m: BriefRuleMessages = BRIEF_RULE_MESSAGES_EN) {
  return z.object({
    body: text(BRIEF_LIMITS.message, m).refine((v) => v.trim().length > 0, { error: m.required }),
  });
}

/** The kit key of a kit's label: lower-case words joined by '-' ('general' is the kit for a business not listed). */
export function kitKeyOf(label: string): string {
  const key = label
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return key || "general";
}

export const GENERAL_KIT_KEY = "general";

/**
 * The brief as its form holds it (the page's form read in the browser, or the same form posted without JavaScript):
 * one reading for both sides, so a field the form gains is read the same way everywhere.
 */
export function briefOfFormData(data: FormData): { kitKey: string; fields: BriefFields } {
  const text = (name: string) => String(data.get(name) ?? "");
  const names = data.getAll("serviceName").map(String);
  const prices = data.getAll("servicePrice").map(String);
  const tone = text("tone");
  return {
    kitKey: text("kit") || GENERAL_KIT_KEY,
    fields: {
      businessName: text("businessName"),
      city: text("city"),
      services: names.map((name, i) => ({ name, price: prices[i] ?? "" })).filter((s) => s.name || s.price),
      usps: text("usps"),
      painPoints: text("painPoints"),
      pitch: text("pitch"),
      tone: (BRIEF_TONES as readonly string[]).includes(tone) ? (tone as BriefTone) : "",
      toneExample: text("toneExample"),
      whatsapp: text("whatsapp"),
      hours: text("hours"),
      languages: data
        .getAll("languages")
        .map(String)
        .filter((l): l is BriefLanguage => (BRIEF_LANGUAGES as readonly string[]).includes(l)),
      languagesOther: text("languagesOther"),
    },
  };
}
