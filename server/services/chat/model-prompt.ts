/**
 * The language model's side of an answer: the prompt (the site's facts and current prices, the sources found, the
 * contact details and Settings, the visitor's language, the previous turn's subject) and the checks its reply must
 * pass before a visitor sees it (citations given, every claim grounded in what it was given).
 */
import { chatSystemPrompt } from "../../../shared/content/chat";
import { type Industry } from "../../../shared/content/site";
import { type Locale } from "../../../shared/i18n";
import type { Deps } from "../../context";
import { siteSettings } from "../content/settings";
import { localizedSource, MAX_CITATIONS, PASSAGE_THRESHOLD, type KnowledgeSource, type LocalAnswer } from "./answer";
import { citationOf, type Hit, hindiPassages, searchKnowledge } from "./knowledge";
import { type Grounding as ClaimGrounding, groundingOf, unsupportedClaims } from "./claims";
import { ASSISTANT_DOC } from "../../../shared/copy/assistant";
import { readCopy } from "../content/copy";
import { type Conversation } from "./conversations";
import { contactInstruction, languageInstruction, previousTurnInstruction, type VisitorLanguage, type LlmMessage } from "./llm";
import { type HistoryMessage, type ChatInput, type ChatSource, type ChatResult, cutMessage, trimHistory, type Local } from "./requests";

/** What grounds every model call besides the sources: the site's contact details and the visitor's language. */
export type Grounding = {
  contact: Parameters<typeof contactInstruction>[0];
  language: VisitorLanguage;
  answerIn?: Locale;
  /** The owner's current prices (the assistant's copy). */
  pricing?: string;
  /** The owner's Settings: whether a Hindi-speaking person is there. */
  hindiPerson?: boolean;
  /** What the previous turn of the conversation was about (the server's log): its subjects, not its text. */
  previousSubject?: string;
};

/** The last visitor question and assistant answer of the (trimmed) history. */
function previousTurn(history: HistoryMessage[]): { question?: string; answer?: string } {
  const trimmed = trimHistory(history);
  const question = trimmed.findLast((m) => m.role === "user")?.content;
  const answer = trimmed.findLast((m) => m.role === "assistant")?.content;
  return { ...(question ? { question } : {}), ...(answer ? { answer } : {}) };
}

/**
 * The messages sent to the model: the site's system message (its facts and
 * prices, the knowledge's passages as numbered sources when there are any),
 * then, always, the site's current contact details, the visitor's language
 * and the previous turn; the trimmed history; the (cut) message.
 */
export function buildMessages(
  message: string,
  history: HistoryMessage[] = [],
  industry?: Industry,
  sources: readonly KnowledgeSource[] = [],
  grounding?: Grounding,
): LlmMessage[] {
  const given = sources.map((s) => ({ label: s.label, url: s.url, text: `${s.heading}: ${s.body}` }));
  // The visitor's words only ever go in visitor messages; the system message names the previous subject, not its text.
  const system = [
    chatSystemPrompt(industry, given, grounding?.pricing ? { pricing: grounding.pricing } : {}),
    ...(grounding
      ? [
          contactInstruction(grounding.contact),
          grounding.hindiPerson === undefined ? "" : grounding.hindiPerson ? "A Hindi-speaking person on the team is available on WhatsApp and by phone." : "No Hindi-speaking person on the team is available right now: never offer one.",
          languageInstruction(grounding.language, grounding.answerIn),
          previousTurnInstruction(grounding.previousSubject),
        ]
      : []),
  ]
    .filter(Boolean)
    .join("\n");
  return [{ role: "system", content: system }, ...trimHistory(history), { role: "user", content: cutMessage(message).text }];
}

/** A passage found for the model (beyond the local answer's) must hold this share of the question's weighted words. */
export const MODEL_SOURCE_COVERAGE = PASSAGE_THRESHOLD;

/**
 * The sources the model is given (at most MAX_CITATIONS): the local answer's, then the best passages for the
 * question, then those for the previous visitor question, so a follow-up ("is that monthly?") keeps what the turn
 * before was about.
 */
async function modelSources(deps: Deps, message: string, history: HistoryMessage[] | undefined, local: LocalAnswer): Promise<KnowledgeSource[]> {
  const sources = [...local.sources];
  const before = previousTurn(history ?? []).question;
  // An answer in Hindi gives the model the Hindi passages (the same references), linked at their Hindi addresses.
  const hindi = local.locale === "hi" ? await hindiPassages(deps).catch(() => new Map()) : undefined;
  const add = (hits: Hit[]) => {
    for (const hit of hits) {
      if (sources.length >= MAX_CITATIONS) return;
      if (hit.coverage < MODEL_SOURCE_COVERAGE || sources.some((s) => s.ref === hit.ref)) continue;
      sources.push(hindi ? localizedSource(hit, "hi", hindi) : { ...citationOf(hit), ref: hit.ref, heading: hit.heading, body: hit.body });
    }
  };
  try {
    if (sources.length < MAX_CITATIONS) add(await searchKnowledge(deps, message));
    if (before && sources.length < MAX_CITATIONS) add(await searchKnowledge(deps, before));
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message } }, "knowledge search for the model failed");
  }
  return sources;
}

/** The prompt's parts for one message: the sources to cite, the contact details, the language. */
export async function modelPrompt(deps: Deps, input: ChatInput, message: string, local: Local, conversation: Conversation): Promise<Prompt> {
  const [given, settings, copy] = await Promise.all([
    modelSources(deps, message, input.history, local.answer),
    siteSettings(deps),
    readCopy(deps, ASSISTANT_DOC, local.result.locale).catch(() => ASSISTANT_DOC.defaults(local.result.locale)),
  ]);
  const last = conversation.turns.at(-1);
  const grounding: Grounding = {
    contact: {
      email: settings.email,
      phone: settings.phone,
      whatsappNumber: settings.whatsappNumber,
      address: settings.address,
      // Where Book Demo goes (issue 42): the site's /book-demo in the answer's language, or the outside link.
      bookingUrl: settings.site.bookingOnSite ? (local.result.locale === "hi" ? `/hi${settings.site.bookingUrl}` : settings.site.bookingUrl) : settings.bookingUrl,
    },
    language: local.result.language,
    answerIn: local.result.locale,
    pricing: copy.replies.pricing,
    hindiPerson: settings.hindiHandover === "on",
    ...(last ? { previousSubject: subjectOf(last, copy) } : {}),
  };
  const messages = buildMessages(message, input.history, input.industry, given, grounding);
  // What the reply may state: everything the model was given, and the local answer (the site's own words).
  // Its instructions are not facts: "never state a partner or a guarantee" must not make "a Meta partner" grounded.
  const groundTexts = [factsOf(messages[0]!.content), local.answer.reply, local.answer.ways, ...given.map((g) => `${g.heading} ${g.body}`)];
  return { messages, given, grounding: groundingOf(groundTexts), contact: [settings.phone, settings.whatsappNumber, settings.email] };
}

/** The lines of the system prompt that tell the model how to answer (what they name is no fact of the site). */
const INSTRUCTION_LINES = [
  "Answer in plain text",
  "Every figure, price",
  "When your answer uses a source",
  "How a visitor reaches a person",
  "When the facts and sources here do not answer",
  "The visitor writes in",
  "The visitor's previous question",
  "No Hindi-speaking person",
];

/** The system prompt without its instruction lines: what a reply may state. */
export function factsOf(system: string): string {
  return system
    .split("\n")
    .filter((line) => !INSTRUCTION_LINES.some((start) => line.startsWith(start)))
    .join("\n");
}

export type Prompt = { messages: LlmMessage[]; given: KnowledgeSource[]; grounding: ClaimGrounding; contact: string[] };

/** The previous turn's subjects as the model is told them: the kit it named, the topics that answered it. */
function subjectOf(turn: Conversation["turns"][number], copy: { kits: readonly { name: string }[] }): string {
  const kit = turn.kit !== undefined ? copy.kits[turn.kit]?.name : undefined;
  const topics = turn.topics.filter((t) => t !== "handover" && !t.startsWith("kit:"));
  return [kit ? `the ${kit} industry kit` : "", ...topics].filter(Boolean).join("; ");
}

/**
 * The sources a model's reply cites as [n], or null when the reply must be
 * dropped: it cites a number that was not given, or cites nothing although
 * the local answer itself came from those sources.
 */
export function citedSources(reply: string, given: readonly KnowledgeSource[], mustCite: boolean): ChatSource[] | null {
  const numbers = [...reply.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
  if (numbers.some((n) => n < 1 || n > given.length)) return null;
  const cited = [...new Set(numbers)].sort((a, b) => a - b);
  if (mustCite && given.length > 0 && cited.length === 0) return null;
  return cited.map((n) => ({ label: given[n - 1]!.label, url: given[n - 1]!.url, n }));
}

/** A reply that sends the visitor to a person (in any of the languages the assistant answers in). */
const SENDS_TO_PERSON = /\b(?:whatsapp|contact (?:us|our team|the team|support)|reach (?:us|our team|the team|a person)|call us|our team can|a person|e-?mail us|support team)\b|\u0938\u0902\u092a\u0930\u094d\u0915|\u0935\u094d\u0939\u093e\u091f\u094d\u0938\u0910\u092a/iu;

/**
 * The model's reply as the result, or why it is unusable: a citation it was not given (or none where it must cite),
 * or a claim (figure, plan, partner, guarantee…) found nowhere in what it was given. A reply that hands over keeps
 * the local hand-over's ways to a person (WhatsApp prefilled with the question, the phone's hours) when it lacks them.
 */
function modelResult(local: Local, reply: string, prompt: Prompt): { result: ChatResult } | { rejected: "citations" | "claims"; claims?: string[] } {
  const sources = citedSources(reply, prompt.given, local.answer.fromKnowledge);
  if (!sources) return { rejected: "citations" };
  const claims = unsupportedClaims(reply, prompt.grounding, prompt.contact);
  if (claims.length > 0) return { rejected: "claims", claims };
  // The model's own words decide whether it hands over (it may answer what the local engine could not).
  const handsOver = SENDS_TO_PERSON.test(reply);
  const text = handsOver && !/https:\/\/wa\.me\//.test(reply) && local.answer.ways ? `${reply}\n\n${local.answer.ways}` : reply;
  return { result: { ...local.result, reply: text, sources, source: "model", handover: handsOver } };
}

/** Uses the model's reply when it passed the checks; otherwise logs why it was dropped (for the owner) and keeps the local answer. */
export function checkedModelResult(deps: Deps, local: Local, reply: string, prompt: Prompt, message: string): ChatResult {
  const checked = modelResult(local, reply, prompt);
  if ("result" in checked) return checked.result;
  if (checked.rejected === "citations") logUncited(deps);
  else {
    deps.log.warn(
      { llm: { call: "reply", reason: "claims", claims: checked.claims, question: Array.from(message).slice(0, 200).join("") } },
      "language model's reply stated what the site's facts do not (dropped; the local answer was given)",
    );
  }
  return local.result;
}

function logUncited(deps: Deps): void {
  deps.log.warn({ llm: { call: "reply", reason: "citations" } }, "language model's reply cited no given source or a source not given; using the local answer");
}
