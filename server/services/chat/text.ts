/**
 * Words of a question, as the knowledge search sees them: lower-cased
 * without accents, common words dropped, Hinglish and language names mapped
 * to the English word the site uses, obvious misspellings corrected against
 * the site's own vocabulary, and a light suffix stemmer so "prices" finds
 * "price" and "booking" finds "book".
 */

/** Words that say nothing about the subject of a question (English and common Hinglish). */
const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can
  could did do does doing done down during each few for from further get gets got had has have having he her here
  hers him his how i if in into is it its itself just let lets me more most my myself no nor not now of off on once
  only or other our ours out over own same she should so some such than that the their theirs them then there these
  they this those through to too under until up very was we were what when where which while who whom why will with
  would you your yours yourself please tell know want wanted need needs like thanks thank hi hello hey ok okay yes
  kind sort much many really also say said give show explain us anything something thing things im ive youre dont
  doesnt whats hows theres go going way ask asked use used using work works make makes
  kya hai hain ho hoga hogi ka ki ke ko se me mein main mai hum aap aapka aapki apna apni mujhe mera meri tum tera
  yeh ye woh wo bhi aur par pe na nahi nahin haan ji bhai sir madam chahiye karna karo kare karte kar sakte sakta
  sakti batao bataiye bolo raha rahi rahe tha thi the hua kaise kab kaun kyun kitna kitne kitni milega milegi milta
  milti run runs running agar pasand aaya aya kuch koi sab abhi wala wali wale liye lie tak baad pehle hota hoti
  hote karega karegi karenge lagegi lagenge jata jati jaye kiya kiye diya dena dijiye chalega sakte sakti hu hoon
  hun bhej bata aapke apke apka tumhara uska uski iska iski unka kitni exactly actually also u ur pls plz n wat wats
  r y hw hv hav wit wth thx talk speak lagti lagta lagte padti padta padega padegi per im ive id
  cant wont isnt arent didnt couldnt shouldnt wouldnt havent hasnt wasnt werent
  jayega jayegi jayenge jaega jaegi jaenge jaayega jaayegi hojayega hojayegi hoke hone lena lenge lega legi dete deta
  list lists deti denge dega degi milenge milengi sakenge sakega skte skta skti kr krna krte krke karke karu karun karoon`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * One word for another: Hinglish words and names of languages or apps map to
 * the word the site's pages use. Applied before stemming and rule matching.
 */
const SYNONYMS: Record<string, string> = {
  kharcha: "cost",
  kharch: "cost",
  keemat: "price",
  kimat: "price",
  daam: "price",
  paisa: "price",
  paise: "price",
  rates: "price",
  cost: "price",
  costs: "price",
  app: "application",
  apps: "application",
  charges: "price",
  charge: "price",
  fee: "price",
  fees: "price",
  plans: "pricing",
  plan: "pricing",
  shuru: "start",
  bhasha: "language",
  bhasa: "language",
  hindi: "language",
  marathi: "language",
  tamil: "language",
  telugu: "language",
  gujarati: "language",
  bengali: "language",
  bangla: "language",
  kannada: "language",
  malayalam: "language",
  punjabi: "language",
  urdu: "language",
  hinglish: "language",
  english: "language",
  multilingual: "language",
  languages: "language",
  wapas: "refund",
  vapas: "refund",
  lagega: "time",
  samay: "time",
  din: "days",
  waqt: "time",
  whatsap: "whatsapp",
  watsapp: "whatsapp",
  whatsup: "whatsapp",
  wa: "whatsapp",
  gdpr: "privacy",
  bot: "assistant",
  bots: "assistant",
  chatbot: "assistant",
  chatbots: "assistant",
  onboarding: "setup",
  "set-up": "setup",
  setp: "setup",
  kaha: "where",
  kahan: "where",
  kidhar: "where",
  offise: "office",
  pata: "address",
  prise: "price",
  pricng: "pricing",
  priceing: "pricing",
  bechte: "sell",
  bechoge: "sell",
  bech: "sell",
  sel: "sell",
  fess: "price",
  demmo: "demo",
  kitt: "kit",
  speek: "speak",
  languges: "language",
  intgrations: "integrations",
  enterprize: "enterprise",
  profesional: "professional",
  resluts: "results",
  monthly: "month",
  mahina: "month",
  mahine: "month",
  saal: "year",
  yearly: "year",
  annual: "year",
  annually: "year",
  safe: "privacy",
  pro: "professional",
  // Chat spellings of the site's words (issue 43): "how lng to go liv".
  // Other WhatsApp tools a visitor compares with: the home page's comparison answers "better than ...".
  wati: "competitor",
  interakt: "competitor",
  aisensy: "competitor",
  gallabox: "competitor",
  zoko: "competitor",
  doubletick: "competitor",
  lng: "long",
  // The privacy page says "information"; visitors say "data".
  data: "information",
  liv: "live",
  lyv: "live",
  // Paying (an owner's FAQ entry "can i pay with upi" answers "Is UPI accepted for payment?").
  payment: "pay",
  payments: "pay",
  paying: "pay",
  accept: "take",
  accepted: "take",
  accepts: "take",
  accepting: "take",
  bill: "invoice",
  bills: "invoice",
  kaam: "work",
  // How the site's comparison table is asked for ("how are you different from a WhatsApp CRM?").
  different: "compare",
  difference: "compare",
  differ: "compare",
  diffrent: "compare",
  diffrence: "compare",
  versus: "compare",
  vs: "compare",
  comparison: "compare",
};

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

/** Lower-case, accents removed, split into words of letters and digits. */
export function words(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = /^[\u0000-\u007f]*$/.test(text) ? text : text.normalize("NFKD").replace(/\p{M}+/gu, "");
  return (
    plain
      .toLowerCase()
      .replace(/['\u2019]/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A light English stemmer: enough for plurals and -ing/-ed forms to meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (/(ches|shes|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[lsz]/.test(w.at(-1)!)) w = w.slice(0, -1);
  return w;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

export function synonym(word: string): string {
  return SYNONYMS[word] ?? word;
}

/** Damerau-Levenshtein distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** A vocabulary to correct misspellings against: the words the site itself uses. */
export class Vocabulary {
  /** Moves with every word added (what a remembered correction was made with). */
  generation = 0;
  private readonly known = new Set<string>();
  private readonly byFirst = new Map<string, string[]>();

  constructor(texts: Iterable<string>) {
    for (const text of texts) for (const w of words(text)) this.add(w);
  }

  add(word: string): void {
    if (this.known.has(word) || word.length < 4 || /\d/.test(word)) return;
    this.known.add(word);
    this.generation++;
    const list = this.byFirst.get(word[0]!) ?? [];
    list.push(word);
    this.byFirst.set(word[0]!, list);
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /**
   * The site's word a misspelling most likely means, or the word itself: one
   * edit for words of 5+ letters, two for 8+, never changing the first letter.
   */
  correct(word: string): string {
    if (word.length < 5 || this.known.has(word) || STOPWORDS.has(word) || SYNONYMS[word]) return word;
    const max = word.length >= 8 ? 2 : 1;
    let best = word;
    let bestDistance = max + 1;
    for (const candidate of this.byFirst.get(word[0]!) ?? []) {
      const d = editDistance(word, candidate, max);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return best;
  }
}

/** A question's words after synonyms and spelling fixes, and its text rebuilt from them (for the keyword rules). */
export function normalizeQuestion(text: string, vocabulary?: Vocabulary): { words: string[]; text: string } {
  // Remembered per text and vocabulary generation (one message is read several times: rules, search, hand-over).
  let memo = vocabulary ? normalizedBy.get(vocabulary) : normalizedPlain;
  if (!memo || (vocabulary && memo.generation !== vocabulary.generation)) {
    memo = { generation: vocabulary?.generation ?? 0, texts: new Map() };
    if (vocabulary) normalizedBy.set(vocabulary, memo);
  }
  const held = memo.texts.get(text);
  if (held) return { words: [...held.words], text: held.text };
  const fresh = normalizeFresh(text, vocabulary);
  if (memo.texts.size >= 2_000) memo.texts.delete(memo.texts.keys().next().value!);
  memo.texts.set(text, fresh);
  return { words: [...fresh.words], text: fresh.text };
}

type NormalizedMemo = { generation: number; texts: Map<string, { words: readonly string[]; text: string }> };
const normalizedBy = new WeakMap<Vocabulary, NormalizedMemo>();
const normalizedPlain: NormalizedMemo = { generation: 0, texts: new Map() };

function normalizeFresh(text: string, vocabulary?: Vocabulary): { words: string[]; text: string } {
  // "How much is it?" asks for the price; "how much time" does not.
  const phrased = translateHindi(text)
    .replace(/\b(?:kitna|kitne|kitni)\s+(?:kharcha|paisa|paise|price|cost|charge)/giu, "price")
    .replace(/\b(?:kitna|kitne)\s+(?:time|din|samay|waqt|days)\b/giu, "how long time")
    .replace(/\b(?:paisa|paise|money)\s+(?:wapas|vapas|back)\b/giu, "refund")
    // "if I'm not happy" is the reason for asking, not its subject.
    .replace(/\b(?:if\s+)?(?:i\s*a?m\s+|i'm\s+|i\s+am\s+)?(?:not\s+(?:happy|satisfied)|unhappy|dissatisfied)\b/giu, " ")
    .replace(/\bset(?:ting)?\s+(?:it\s+|things\s+|everything\s+)?up\b/giu, "setup")
    .replace(/\bhow\s+much\s+(?:days|time|hours|din)\b/giu, "how long time")
    // "integrashuns": the spelling of -tion as it sounds.
    .replace(/shun(s?)\b/giu, "tion$1")
    .replace(/\bhow\s+much\b(?=\s*(?:is\s+it|are\s+they|does\s+it|do\s+you|will\s+it|would\s+it|for\b|[?.!]|$))/giu, "price");
  const out = words(phrased).map((w) => synonym(vocabulary ? vocabulary.correct(w) : w));
  return { words: out, text: out.join(" ") };
}

/** The distinct stems of a question's content words, in order. */
export function contentStems(normalizedWords: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const w of normalizedWords) {
    if (isStopword(w) || w.length < 2) continue;
    seen.add(stem(w));
  }
  return [...seen];
}

const stemCache = new Map<string, string>();

/** stem(synonym(word)), remembered (words repeat across passages). */
function cachedStem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stem(synonym(word));
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** Every stem in a passage's text. */
export function stemSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const w of words(text)) set.add(cachedStem(w));
  return set;
}
