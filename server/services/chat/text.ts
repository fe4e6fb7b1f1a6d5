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
  milti run runs running`
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
};

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
  private readonly known = new Set<string>();
  private readonly byFirst = new Map<string, string[]>();

  constructor(texts: Iterable<string>) {
    for (const text of texts) for (const w of words(text)) this.add(w);
  }

  add(word: string): void {
    if (this.known.has(word) || word.length < 4 || /\d/.test(word)) return;
    this.known.add(word);
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
  // "How much is it?" asks for the price; "how much time" does not.
  const phrased = text
    .replace(/\b(?:paisa|paise|money)\s+(?:wapas|vapas|back)\b/giu, "refund")
    .replace(/\bset(?:ting)?\s+(?:it\s+|things\s+|everything\s+)?up\b/giu, "setup")
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
