/**
 * Industries: the site's kits (the owner's copy: their words, names and replies) and the industries without one.
 */
import { INDUSTRY_NAMES_HI } from "../../../shared/content/hi/chat";
import { FAQ } from "../../../shared/content/faq";
import { FAQ_HI } from "../../../shared/content/hi/faq";
import { type Locale, localePath } from "../../../shared/i18n";
import { CHAT_SOURCE_LABELS, INDUSTRY_WORDS } from "../../../shared/content/chat";
import { AVAILABLE_FOR } from "../../../shared/content/home";
import { INDUSTRIES, type Industry, PRODUCT } from "../../../shared/content/site";
import { HOME_DOC } from "../../../shared/copy/home";
import { readCopy } from "../content/copy";
import { keywordsPattern } from "./engine";
import { translateHindi } from "./text";
import { type KnowledgeSource, type AnswerDeps } from "./passage-answer";
import { type AssistantCopy, fill } from "./say";

export type KitMatch = { kind: "kit"; index: number; name: string; reply: string } | { kind: "none"; industry: Industry };

/** A kit's words as patterns, compiled once per wording (the owner's copy changes rarely; bounded all the same). */
const KIT_WORD_PATTERNS = new Map<string, RegExp[]>();

function wordPatterns(words: string): RegExp[] {
  let patterns = KIT_WORD_PATTERNS.get(words);
  if (!patterns) {
    if (KIT_WORD_PATTERNS.size >= 200) KIT_WORD_PATTERNS.clear();
    const list = words
      .split("\n")
      .map((w) => w.trim())
      .filter(Boolean);
    patterns = list.length ? [keywordsPattern(list)] : [];
    KIT_WORD_PATTERNS.set(words, patterns);
  }
  return patterns;
}

function kitPatterns(copy: AssistantCopy) {
  return copy.kits.map((k) => ({ kit: k, patterns: wordPatterns(k.words) }));
}

const NO_KIT_INDUSTRIES = INDUSTRIES.filter((i) => i !== "Real Estate" && i !== "Healthcare");
const NO_KIT_PATTERNS = NO_KIT_INDUSTRIES.map((industry) => ({ industry, patterns: [keywordsPattern(INDUSTRY_WORDS[industry])] }));

/**
 * The kit or kit-less industry a question names: by the English copy's words (a Devanagari question read through the
 * word map) or, in Hindi, the Hindi copy's own words; the kit's name and reply are the answer language's.
 */
export function industryOf(question: string, copy: AssistantCopy, reply: AssistantCopy = copy): KitMatch | undefined {
  const text = translateHindi(question);
  let index = kitPatterns(copy).findIndex(({ patterns }) => patterns.some((p) => p.test(text)));
  if (index < 0 && reply !== copy) index = kitPatterns(reply).findIndex(({ patterns }) => patterns.some((p) => p.test(question)));
  if (index >= 0) {
    const kit = reply.kits[index] ?? copy.kits[index]!;
    return { kind: "kit", index, name: kit.name, reply: kit.reply };
  }
  const none = NO_KIT_PATTERNS.find(({ patterns }) => patterns.some((p) => p.test(text)));
  if (none) return { kind: "none", industry: none.industry };
  return undefined;
}

/** The sources of a kit's reply: the home page's "kits available for" as published, and the FAQ on industries. */
export function kitSourcesOf(available: { heading: string; items: readonly string[] }, locale: Locale = "en"): KnowledgeSource[] {
  const industries = (locale === "hi" ? FAQ_HI : FAQ).find((f) => f.id === "industries")?.question ?? "Which industries do you work with?";
  return [
    {
      label: `${PRODUCT}: ${available.heading}`,
      url: localePath("/", locale),
      ref: "page:home-available",
      heading: available.heading,
      body: available.items.join(", "),
    },
    {
      label: `${CHAT_SOURCE_LABELS.faq}: ${industries}`,
      url: localePath("/#faq-industries", locale),
      ref: "faq:industries",
      heading: industries,
      body: "",
    },
  ];
}

/** The home page's "kits available for" as published (its defaults when the copy cannot be read). */
export async function publishedAvailable(deps: AnswerDeps, locale: Locale = "en"): Promise<{ heading: string; items: readonly string[] }> {
  try {
    return (await readCopy(deps, HOME_DOC, locale)).availableFor;
  } catch {
    return locale === "en" ? AVAILABLE_FOR : HOME_DOC.defaults(locale).availableFor;
  }
}

export function noKitReply(copy: AssistantCopy, industry: Industry, locale: Locale = "en"): string {
  const names = copy.kits.map((k) => k.name);
  const and = locale === "hi" ? "\u0914\u0930" : "and";
  const kits = names.length > 1 ? `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}` : (names[0] ?? "");
  return fill(copy.handover.noKit, { industry: locale === "hi" ? INDUSTRY_NAMES_HI[industry] : industry.toLowerCase(), kits });
}
