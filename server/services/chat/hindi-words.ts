/**
 * Hindi as the assistant reads it: Devanagari words mapped to the English words the site uses, and a message's
 * language told apart (Devanagari, Hinglish or English).
 */
import { words } from "./lexicon";

/**
 * Devanagari Hindi words a visitor uses for what the site covers, as the English words the site uses (Hindi content
 * arrives with issue 33; until then a Hindi question is understood through this map). Keys are written as escapes
 * (the server bundles stay ASCII).
 */
const HINDI_WORDS: Record<string, string> = {
  "\u0915\u0940\u092e\u0924": "price",
  "\u0926\u093e\u092e": "price",
  "\u0916\u0930\u094d\u091a": "price",
  "\u0915\u093f\u0924\u0928\u093e": "how much",
  "\u0915\u093f\u0924\u0928\u0940": "how much",
  "\u0915\u093f\u0924\u0928\u0947": "how much",
  "\u092a\u0948\u0938\u0947": "paise",
  "\u0921\u0947\u092e\u094b": "demo",
  "\u092c\u0941\u0915": "book",
  "\u0915\u0948\u0902\u0938\u093f\u0932": "cancel",
  "\u0915\u0948\u0902\u0938\u0932": "cancel",
  "\u0930\u0926\u094d\u0926": "cancel",
  "\u092c\u0926\u0932\u0928\u093e": "change",
  "\u092c\u0926\u0932\u0942\u0901": "change",
  "\u092c\u0926\u0932\u0947\u0902": "change",
  "\u0911\u092b\u093f\u0938": "office",
  "\u0926\u092b\u094d\u0924\u0930": "office",
  "\u0915\u0939\u093e\u0901": "where",
  "\u0915\u0939\u093e\u0902": "where",
  "\u0915\u0939\u093e": "where",
  "\u0939\u093f\u0902\u0926\u0940": "hindi",
  "\u0939\u093f\u0928\u094d\u0926\u0940": "hindi",
  "\u092d\u093e\u0937\u093e": "language",
  "\u091c\u0935\u093e\u092c": "reply",
  "\u0930\u093f\u092b\u0902\u0921": "refund",
  "\u0935\u093e\u092a\u0938": "wapas",
  "\u0938\u0947\u091f\u0905\u092a": "setup",
  "\u0938\u092e\u092f": "time",
  "\u0926\u093f\u0928": "days",
  "\u0915\u094d\u0932\u093f\u0928\u093f\u0915": "clinic",
  "\u0921\u0949\u0915\u094d\u091f\u0930": "doctor",
  "\u0905\u0938\u094d\u092a\u0924\u093e\u0932": "hospital",
  "\u0938\u0948\u0932\u0942\u0928": "salon",
  "\u0915\u094b\u091a\u093f\u0902\u0917": "coaching",
  "\u092a\u094d\u0930\u0949\u092a\u0930\u094d\u091f\u0940": "property",
  "\u090f\u091c\u0947\u0902\u0938\u0940": "agency",
  "\u0935\u094d\u0939\u093e\u091f\u094d\u0938\u090f\u092a": "whatsapp",
  "\u092b\u094d\u0930\u0940": "free",
  "\u092e\u0941\u092b\u094d\u0924": "free",
  "\u092a\u094d\u0932\u093e\u0928": "plan",
  "\u092e\u0939\u0940\u0928\u093e": "month",
  "\u092e\u0939\u0940\u0928\u0947": "month",
  "\u0921\u0947\u091f\u093e": "data",
  "\u0928\u0902\u092c\u0930": "number",
  "\u092b\u094b\u0928": "phone",
  "\u0908\u092e\u0947\u0932": "email",
  "\u0915\u093f\u091f": "kit",
  "\u0907\u0902\u0938\u093e\u0928": "human",
  "\u0907\u0928\u094d\u0938\u093e\u0928": "human",
  "\u0906\u0926\u092e\u0940": "human",
  "\u0935\u094d\u092f\u0915\u094d\u0924\u093f": "human",
  "\u090f\u091c\u0947\u0902\u091f": "agent",
  "\u0915\u0949\u0932": "call",
  "\u092c\u093e\u0924": "talk",
  "\u092e\u0926\u0926": "help",
  "\u0915\u093e\u092e": "work",
  "\u0928\u092e\u0938\u094d\u0924\u0947": "hello",
  "\u0928\u092e\u0938\u094d\u0915\u093e\u0930": "hello",  "\u092c\u091a\u0924": "save",
  "\u092c\u091a\u0947\u0917\u093e": "save",
  "\u092c\u091a\u0947\u0917\u0940": "save",
  "\u092c\u091a\u0947\u0902\u0917\u0947": "save",
  "\u092c\u091a\u093e\u0924\u093e": "save",
  "\u092c\u091a\u093e\u0924\u0947": "save",
  "\u092c\u091a\u093e": "save",
  "\u092c\u094d\u0932\u0949\u0915": "block",
  "\u092c\u0948\u0928": "banned",
  "\u0938\u094d\u092a\u0948\u092e": "spam",
  "\u0914\u0930": "and",
  "\u0938\u0941\u0930\u0915\u094d\u0937\u093f\u0924": "safe",
  "\u092c\u0947\u091a\u0924\u0947": "sell",
  "\u092c\u0947\u091a\u094b\u0917\u0947": "sell",
  "\u092c\u0947\u091a\u0947\u0902\u0917\u0947": "sell",
  "\u092c\u0947\u091a\u0928\u093e": "sell",
  "\u0917\u094d\u0930\u093e\u0939\u0915": "customer",
  "\u0917\u094d\u0930\u093e\u0939\u0915\u094b\u0902": "customers",
  "\u092a\u094d\u0930\u094b\u092b\u0947\u0936\u0928\u0932": "professional",
  "\u090f\u0902\u091f\u0930\u092a\u094d\u0930\u093e\u0907\u091c": "enterprise",
  "\u092b\u0940\u091a\u0930": "features",
  "\u092b\u0940\u091a\u0930\u094d\u0938": "features",
  "\u090f\u0906\u0908": "ai",
  "\u0911\u091f\u094b\u092e\u0947\u0936\u0928": "automation",
  "\u0935\u0930\u094d\u0915\u092b\u094d\u0932\u094b": "workflow",
  "\u091f\u0947\u092e\u094d\u092a\u0932\u0947\u091f": "templates",
  "\u091f\u0947\u092e\u094d\u092a\u094d\u0932\u0947\u091f": "templates",
  "\u0907\u0902\u091f\u0940\u0917\u094d\u0930\u0947\u0936\u0928": "integration",
  "\u091c\u0941\u0921": "connect",
  "\u091c\u0941\u0921\u0924\u093e": "connect",
  "\u091c\u0941\u0921\u0924\u0947": "connect",
  "\u091c\u0941\u0921\u0947\u0917\u093e": "connect",
  "\u0915\u0928\u0947\u0915\u094d\u091f": "connect",
  "\u0938\u092a\u094b\u0930\u094d\u091f": "support",
  "\u0936\u0941\u0930\u0942": "start",
  "\u0936\u0941\u0930\u0941\u0906\u0924": "start",
  "\u092a\u0949\u0932\u093f\u0938\u0940": "policy",
  "\u0935\u0947\u092c\u0938\u093e\u0907\u091f": "website",
  "\u092a\u0947\u092e\u0947\u0902\u091f": "payment",
  "\u092d\u0941\u0917\u0924\u093e\u0928": "payment",
  "\u0930\u0947\u0938\u094d\u091f\u094b\u0930\u0947\u0902\u091f": "restaurant",
  "\u0939\u094b\u091f\u0932": "hotel",
  "\u0938\u094d\u0915\u0942\u0932": "school",
  "\u0915\u0949\u092e\u0930\u094d\u0938": "ecommerce",
  "\u091c\u093f\u092e": "gym",
  "\u0938\u094d\u092a\u093e": "spa",
  "\u092a\u093e\u0930\u094d\u0932\u0930": "parlour",
  "\u092c\u094d\u092f\u0942\u091f\u0940": "beauty",
  "\u0930\u093f\u092f\u0932": "real",
  "\u090f\u0938\u094d\u091f\u0947\u091f": "estate",
  "\u092b\u094d\u0932\u0948\u091f": "flat",
  "\u0921\u0947\u0902\u091f\u0932": "dental",
  "\u092e\u0930\u0940\u091c": "patient",
  "\u092e\u0930\u0940\u091c\u094b\u0902": "patients",
  "\u0905\u092a\u0949\u0907\u0902\u091f\u092e\u0947\u0902\u091f": "appointment",
  "\u091f\u094d\u092f\u0942\u0936\u0928": "tuition",
  "\u0915\u094d\u0932\u093e\u0938": "class",
  "\u092c\u0949\u091f": "bot",
  "\u091a\u0948\u091f\u092c\u0949\u091f": "chatbot",
  "\u092b\u0940\u0938": "fees",
  "\u0928\u0924\u0940\u091c\u0947": "results",
  "\u0930\u093f\u091c\u0932\u094d\u091f": "results",
  "\u092b\u093e\u092f\u0926\u093e": "benefits",
  "\u0918\u0902\u091f\u0947": "hours",
  "\u092e\u093f\u0928\u091f": "minutes",
  "\u0932\u094b\u0915\u0947\u0936\u0928": "location",
  "\u0936\u0939\u0930": "city",
  "\u0938\u0940\u0906\u0930\u090f\u092e": "crm",
  "\u0917\u0942\u0917\u0932": "google",
  "\u0915\u0948\u0932\u0947\u0902\u0921\u0930": "calendar",
  "\u0936\u0940\u091f": "sheets",
  "\u092e\u094b\u092c\u093e\u0907\u0932": "mobile",
  "\u0938\u0902\u092a\u0930\u094d\u0915": "contact",
  "\u091f\u0940\u092e": "team",
  "\u0917\u094b\u092a\u0928\u0940\u092f\u0924\u093e": "privacy",
  "\u092a\u094d\u0930\u093e\u0907\u0935\u0947\u0938\u0940": "privacy",
  "\u092a\u0948\u0938\u093e": "paisa",
  "\u092a\u0924\u093e": "address",
  "\u0915\u093f\u092e\u0924": "price",
  "\u092d\u093e\u0937\u093e\u0913\u0902": "language",
  "\u092d\u093e\u0937\u093e\u090f\u0901": "language",
  "\u0907\u0902\u0921\u0938\u094d\u091f\u094d\u0930\u0940": "industry",
  "\u092c\u093f\u091c\u0928\u0947\u0938": "business",
  "\u092a\u094d\u0932\u093e\u0928\u094b\u0902": "plan",
  // Names of apps and channels written in Devanagari: kept, so a question about one the site never names is handed over.
  "\u0907\u0902\u0938\u094d\u091f\u093e\u0917\u094d\u0930\u093e\u092e": "instagram",
  "\u092b\u0947\u0938\u092c\u0941\u0915": "facebook",
  "\u090f\u0902\u0921\u094d\u0930\u0949\u0907\u0921": "android",
  "\u090f\u0902\u0921\u094d\u0930\u0949\u092f\u0921": "android",
  "\u0910\u092a": "app",
  "\u091f\u0947\u0932\u0940\u0917\u094d\u0930\u093e\u092e": "telegram",
  "\u091a\u093e\u0932\u0942": "live",
};

const DEVANAGARI = /[\u0900-\u097f]+/gu;

/**
 * A Devanagari word as the map is keyed: a nukta dropped (a "fa" written with a nukta, precomposed or not, is looked up
 * as the plain "pha": visitors type either, or none), a chandrabindu as an anusvara.
 */
export function plainDevanagari(word: string): string {
  return word
    .replace(/[\u0958-\u095f]/gu, (c) => "\u0915\u0916\u0917\u091c\u0921\u0922\u092b\u092f"[c.charCodeAt(0) - 0x958]!)
    .replace(/\u093c/gu, "")
    .replace(/\u0901/gu, "\u0902");
}

const HINDI_MAP = new Map(Object.entries(HINDI_WORDS).map(([k, v]) => [plainDevanagari(k), v]));
/** Plural and oblique endings (-on, -en, -on after a vowel) tried when a word is not in the map as it is ("clinics" as "clinic"). */
const HINDI_ENDINGS = ["\u094b\u0902", "\u0947\u0902", "\u0913\u0902"];

function hindiWord(word: string): string {
  const plain = plainDevanagari(word);
  const known = HINDI_MAP.get(plain);
  if (known !== undefined) return known;
  for (const ending of HINDI_ENDINGS) if (plain.endsWith(ending) && plain.length > ending.length + 1) {
    const base = HINDI_MAP.get(plain.slice(0, -ending.length));
    if (base !== undefined) return base;
  }
  return "";
}

/** True when the text holds Devanagari letters. */
export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097f]/u.test(text);
}

/**
 * A Devanagari question with the words the map knows replaced by the site's English words (the others dropped: they
 * are the question's grammar, never its subject).
 */
export function translateHindi(text: string): string {
  if (!hasDevanagari(text)) return text;
  return text.replace(DEVANAGARI, hindiWord);
}

/** Romanised Hindi words that mark a message as Hinglish (few English questions hold two of them). */
const HINGLISH_MARKERS = new Set(
  `kya hai hain kitna kitni kitne kaha kahan milega milegi chahiye batao bataiye kaise karna karo kare karega
  hoga hogi mujhe mera meri aap aapka aapki apka yeh nahi nahin lagega lagegi aur bhi ke ka ki se mein kab kaun
  kyun wala wali sakte sakta insaan insan baat karwa karni hota bekar accha acha theek thik haan ji bhai paisa
  kharcha sirf abhi kuch koi liye uska iska din`
    .split(/\s+/)
    .filter(Boolean),
);

export type ChatLanguage = "en" | "hinglish" | "hi";

/** The visitor's language: Devanagari Hindi, Hinglish (two marker words, or one in a short message) or English. */
export function detectLanguage(text: string): ChatLanguage {
  if (hasDevanagari(text)) return "hi";
  const list = words(text);
  const markers = list.filter((w) => HINGLISH_MARKERS.has(w)).length;
  return markers >= 2 || (markers === 1 && list.length <= 4 && list.some((w) => ["kya", "kaha", "kahan", "kitna", "batao", "milega", "chahiye", "kaise", "hai"].includes(w)))
    ? "hinglish"
    : "en";
}
