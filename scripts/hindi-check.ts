/**
 * The "no English on a Hindi page" rule (issue 33), one checker for the browser test
 * (tests/e2e/hindi-no-english.spec.ts) and the unit test over the Hindi copy (scripts/hindi-check.test.ts).
 *
 * A Hindi string may carry Latin letters only in: the names on `ALLOWED_LATIN` (the brand, the products and
 * services people know by their names), URLs and e-mail addresses. Digits, ₹ and punctuation are not words.
 * Everything else in Latin script (an English word, an abbreviation, a Hindi word written in Latin letters) is
 * reported, every one of them, with where it was found.
 */

/** Latin-script names a Hindi page may show as they are. Longer names first (they are removed in this order). */
export const ALLOWED_LATIN: readonly string[] = [
  "Wise Parrot",
  "Wise Core",
  "WhatsApp",
  "Google",
  "Microsoft",
  "Instagram",
  "Facebook",
  "LinkedIn",
  "YouTube",
  // The payment service the demo booking pays through (issue 42), by its own name.
  "Razorpay",
  "CRM",
  "AI",
  "FAQ",
  // Acronyms stay in Latin script (docs/hindi-style.md), as Indian SaaS sites write them.
  "API",
  "SOP",
  "GB",
  "BHK",
  "EMI",
  "IP",
  "UTM",
  "DNT",
  "GPC",
  "COPPA",
  "CEO",
  // A calendar file's extension, as the file is named: "(.ics)".
  ".ics",
];

const URL_RE = /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"'()]+/gi;
const EMAIL_RE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A bare domain (wiseparrot.in, example.com/path): labels joined by dots, ending in a 2-24 letter top level. */
const DOMAIN_RE = /\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}\b(?:\/[^\s<>"'()]*)?/gi;
/** A path on this site (/hi/contact, /blogs?tag=x), as a Markdown link or a setting carries it. */
const SITE_PATH_RE = /(?<![\w.])\/[A-Za-z0-9\-._~/?=&#%]+/g;
/** A word in Latin script: basic and accented letters (not × and ÷), with inner apostrophes (don't, it’s). */
const LATIN_WORD_RE = /[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]+(?:['’][A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+)*/g;
/** A machine value in a constant (an id, a kind, an icon's or a colour class's name): lower case, no spaces. */
const IDENTIFIER_RE = /^[a-z][a-zA-Z0-9]*(?:[-_:][a-zA-Z0-9]+)*$/;
/** The single words of the allowed names of more than one word: a name drawn over two lines is still the name. */
const NAME_PARTS = new Set(ALLOWED_LATIN.filter((n) => n.includes(" ")).flatMap((n) => n.split(" ")));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const ALLOWED_RE = new RegExp(
  ALLOWED_LATIN.map((name) => `(?<![A-Za-z])${escapeRegExp(name).replace(/ /g, "\\s+")}(?![A-Za-z])`).join("|"),
  "g",
);

/** A placeholder a template fills in before it is shown (`{PRODUCT}`, `{name}`). */
const PLACEHOLDER_RE = /\{[A-Za-z_][\w.]*\}/g;

export type CheckOptions = {
  /** `{name}` placeholders (in copy that is filled in before it is shown) are not words. */
  placeholders?: boolean;
  /** A string that is a machine value as a whole (`whatsapp-chat`, `calendarCheck`) is not text (constants). */
  identifiers?: boolean;
};

/** The Latin-script words of `text` that a Hindi page may not show (in order, repeats kept). */
export function latinWords(text: string, { placeholders = false, identifiers = false }: CheckOptions = {}): string[] {
  const whole = text.trim();
  if (NAME_PARTS.has(whole) || (identifiers && IDENTIFIER_RE.test(whole))) return [];
  const rest = (placeholders ? text.replace(PLACEHOLDER_RE, " ") : text)
    .replace(URL_RE, " ")
    .replace(EMAIL_RE, " ")
    .replace(DOMAIN_RE, " ")
    .replace(SITE_PATH_RE, " ")
    .replace(ALLOWED_RE, " ");
  return rest.match(LATIN_WORD_RE) ?? [];
}

/** A string found somewhere (a page's text, an attribute, a constant's path) and the words it may not carry. */
export type Finding = { where: string; text: string; words: string[] };

/** Every string of `items` that carries Latin words, with those words. */
export function findEnglish(items: Iterable<{ where: string; text: string }>, options: CheckOptions = {}): Finding[] {
  const found: Finding[] = [];
  for (const { where, text } of items) {
    const words = latinWords(text, options);
    if (words.length > 0) found.push({ where, text: text.length > 160 ? `${text.slice(0, 157)}...` : text, words });
  }
  return found;
}

/** One line per finding, for a test's failure message. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.where}: ${f.words.join(", ")}  <- "${f.text.replace(/\s+/g, " ").trim()}"`).join("\n");
}

/**
 * Keys whose values are never shown: `also`, the other ways visitors ask an FAQ question (matched against what
 * they type, often Hindi in Latin letters: "kitna kharcha").
 */
export const NEVER_SHOWN_KEYS: ReadonlySet<string> = new Set(["also"]);

/**
 * Every string inside a value (a constant, a copy document), with its path (`HOME_HI.hero.title`). Functions are
 * called with sample arguments (a number for every parameter) and their result walked the same way; values under
 * `NEVER_SHOWN_KEYS` are skipped.
 */
export function stringsOf(value: unknown, where: string, out: { where: string; text: string }[] = []): { where: string; text: string }[] {
  if (typeof value === "string") out.push({ where, text: value });
  else if (typeof value === "function") {
    const fn = value as (...args: unknown[]) => unknown;
    let result: unknown;
    try {
      result = fn(...Array.from({ length: fn.length }, () => 3));
    } catch {
      result = undefined;
    }
    stringsOf(result, `${where}()`, out);
  } else if (Array.isArray(value)) value.forEach((item, i) => stringsOf(item, `${where}[${i}]`, out));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) if (!NEVER_SHOWN_KEYS.has(key)) stringsOf(item, `${where}.${key}`, out);
  }
  return out;
}
