/**
 * Words of a question, as the knowledge search sees them: lower-cased
 * without accents, common words dropped, Hinglish and language names mapped
 * to the English word the site uses, obvious misspellings corrected against
 * the site's own vocabulary, and a light suffix stemmer so "prices" finds
 * "price" and "booking" finds "book".
 */
import { hasSynonym, isStopword, synonym, words } from "./lexicon";
import { translateHindi } from "./hindi-words";

export { hasSynonym, isStopword, synonym, words } from "./lexicon";
export { type ChatLanguage, detectLanguage, hasDevanagari, plainDevanagari, translateHindi } from "./hindi-words";

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
  private readonly known = new Map<string, number>();
  private readonly byFirst = new Map<string, string[]>();
  /** The known words by their consonants (see skeleton), most used first; rebuilt when a word is added. */
  private bySkeleton: { generation: number; words: Map<string, string[]> } = { generation: -1, words: new Map() };

  constructor(texts: Iterable<string>) {
    for (const text of texts) for (const w of words(text)) this.add(w);
  }

  add(word: string): void {
    if (word.length < 4 || /\d/.test(word)) return;
    const seen = this.known.get(word);
    if (seen !== undefined) {
      this.known.set(word, seen + 1);
      return;
    }
    this.known.set(word, 1);
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
   * edit for words of 5+ letters, two for 8+, never changing the first letter; failing that, a word written without
   * some of its vowels ("pln", "limt", "cmpny"), as texting does: the site's most used word with the same first
   * letter and consonants that holds the word's letters in order, at most half as long again.
   */
  correct(word: string): string {
    if (word.length < 3 || this.known.has(word) || isStopword(word) || hasSynonym(word) || /\d/.test(word)) return word;
    if (word.length >= 5) {
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
      if (best !== word) return best;
    }
    return this.withoutVowels(word) ?? word;
  }

  private withoutVowels(word: string): string | undefined {
    if (this.bySkeleton.generation !== this.generation) {
      const byShape = new Map<string, string[]>();
      for (const w of this.known.keys()) {
        const shape = skeleton(w);
        const list = byShape.get(shape) ?? [];
        list.push(w);
        byShape.set(shape, list);
      }
      for (const list of byShape.values()) list.sort((a, b) => this.known.get(b)! - this.known.get(a)! || a.length - b.length);
      this.bySkeleton = { generation: this.generation, words: byShape };
    }
    const longest = word.length + Math.max(1, Math.floor(word.length / 2));
    return this.bySkeleton.words.get(skeleton(word))?.find((c) => c[0] === word[0] && c.length <= longest && holdsInOrder(c, word));
  }
}

/** A word's consonants, each run of one written once ("limit" and "limt": "lmt"). */
function skeleton(word: string): string {
  return word.replace(/[aeiou]/g, "").replace(/(.)\1+/g, "$1");
}

/** Whether `part`'s letters all appear in `whole`, in order. */
function holdsInOrder(whole: string, part: string): boolean {
  let i = 0;
  for (const ch of whole) if (ch === part[i]) i++;
  return i === part.length;
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
    // "how soon can it be ready?", "how fast can I go live?": how long it takes.
    .replace(/\bhow\s+(?:soon|fast|quick|quickly)\s+(?=can|could|will|would|is|are|do|does)/giu, "how long time ")
    // "do I pay anything extra for the setup?", "any hidden charges?": a fee.
    .replace(/\b(?:pay\s+(?:anything\s+|something\s+)?(?:extra|more)|extra\s+(?:charges?|costs?|fees?|money|payment)|hidden\s+(?:charges?|costs?|fees?))\b/giu, "fee")
    // "why should I pick you over WATI?": the comparison's "why choose" (picking a slot is not).
    .replace(/\b(?:pick|prefer|go\s+with)\s+(?=(?:you|u|wise\s+parrot)\b)/giu, "choose ")
    // "integrashuns": the spelling of -tion as it sounds.
    .replace(/shun(s?)\b/giu, "tion$1")
    // "try it free for 14 days": a trial.
    .replace(/\btry\s+(?:it\s+|you\s+|this\s+|the\s+\w+\s+)?(?:for\s+)?free\b/giu, "trial")
    .replace(/\bhow\s+much\b(?=\s*(?:is\b|are\b|does\s+it|do\s+you|will\s+it|would\s+it|for\b|[?.!]|$))/giu, "price");
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
