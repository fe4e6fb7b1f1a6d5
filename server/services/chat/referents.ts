/**
 * A follow-up answered about what the previous turn was about (the server's record of it, conversations.ts): the kit
 * it named, or the rule its answer came from.
 */
import { CHAT_RULES, type ChatTopicId } from "../../../shared/content/chat";
import { stemSet, translateHindi } from "./text";
import { words } from "./lexicon";
import { type Part, REPLY_STEMS, type AnswerDeps, answerQuestion, rulePart } from "./passage-answer";
import { type Say } from "./say";
import { isFollowUp, isShort, ownStems, unknownWords } from "./reading";

/** What a question got: its answer (and one more), a hand-over, or nothing of its own (`absorbed`: the answer before it answers it). */
export type Answered = { part?: Part; extra?: Part; handover?: "asked" | "unknown"; kitSources?: boolean; kit?: number; absorbed?: boolean };

/** What the conversation's previous turn was about, from the server's own log of it. */
export type PreviousTurn = { question: string; topics: readonly string[]; kit?: number };

export const RULE_IDS = new Set<string>(CHAT_RULES.map((r) => r.id));
/** "aur?", "and?", "what else?", "more?": the visitor asks for more on the same subject. */
const ONLY_MORE = /^\s*(?:and|n|aur|or|also|more|what else|anything else|tell me more|aur kya|aur batao|phir)\s*[?.!]*\s*$/iu;

const SUPERLATIVE = /^\p{L}{2,}i?est$/u;

/** What "it" means after a kit's answer, as the site's pages name it. */
export const KIT_REFERENT = "industry kit";
/** Words that point back at the previous answer's subject. */
export const POINTERS = /\b(?:it|its|mine|that|this|them|those|these|one|uska|iska|uske|iske|usme|isme|usmein|ismein|wo|woh|ye|yeh)\b/giu;

export const POINTER = new RegExp(POINTERS.source, "iu");

/** A question with what it points back at written out ("what's in it?" -> "what's in industry kit?"). */
export function withReferent(question: string, referent: string): string {
  return POINTER.test(question) ? question.replace(POINTERS, referent) : `${question} ${referent}`;
}

/**
 * A follow-up answered about what the previous turn was about (the server's record of it): the kit it named ("ok
 * what's inside it?" → that kit), or the subject its answer came from, when the question's own words are found in
 * that subject's answer at least as much as in what the question alone would get ("and does the cheapest paid one
 * include unlimited workflows?" after the prices: the prices, not the workflow blurb).
 */
export async function referentAnswer(deps: AnswerDeps, question: string, alone: Part | undefined, turn: PreviousTurn | undefined, say: Say): Promise<Answered | undefined> {
  if (!turn || ONLY_MORE.test(question) || !(isFollowUp(question) || isShort(question))) return undefined;
  // "Is that guaranteed?": what the site never says is handed over, not answered by the previous subject again (a
  // superlative picks among what was answered: "the cheapest one").
  if (unknownWords(question).some((w) => !SUPERLATIVE.test(w))) return undefined;
  if (turn.kit !== undefined) {
    const kit = say.copy.kits[turn.kit];
    // A rule on another subject keeps its answer ("how much does it cost?" → the prices).
    if (kit && (!alone || alone.topic === "knowledge" || alone.topic === "templates")) {
      // The question about the kit ("what's inside it?", "how fast can it be ready?"): read with the kit in place of
      // "it"; the kit's own reply when that finds nothing more.
      // The kit's own reply first (the visitor hears about *their* kit), and what the site says on the question when
      // the kit's reply does not already hold the question's words.
      const own: Part = { key: `kit:${kit.name}`, text: kit.reply, intent: "industry_inquiry", topic: "industry", cite: [] };
      const about = await answerQuestion(deps, withReferent(translateHindi(question), KIT_REFERENT), say);
      const kitStems = stemSet(say.english.kits[turn.kit]?.reply ?? kit.reply);
      const asked = ownStems(question.replace(POINTERS, " "));
      const more = about && (about.quoted || about.topic === "templates" || about.topic === "getting_started") && asked.some((st) => !kitStems.has(st));
      return { part: own, ...(more ? { extra: about } : {}), kitSources: true, kit: turn.kit };
    }
    return undefined;
  }
  const ruleId = turn.topics.find((t) => RULE_IDS.has(t)) as ChatTopicId | undefined;
  if (!ruleId || alone?.key === ruleId) return undefined;
  const own = ownStems(question);
  const inPrevious = own.filter((s) => REPLY_STEMS[ruleId].has(s)).length;
  // What the question alone would get, in English (a Hindi reply's words are not the question's stems).
  const aloneStems = alone ? (RULE_IDS.has(alone.key) ? REPLY_STEMS[alone.key as ChatTopicId] : stemSet(alone.quoted ? `${alone.quoted.heading}\n${alone.quoted.body}` : alone.text)) : undefined;
  const inAlone = aloneStems ? own.filter((s) => aloneStems.has(s)).length : 0;
  // A tie goes to the previous subject when the question points back at it ("the cheapest paid *one*"), else to the
  // subject the question names itself (a keyword rule: "and the setup time?" after the prices).
  const pointsBack = POINTER.test(translateHindi(question));
  // "the cheapest paid one": a superlative pointing back picks among what the previous answer listed.
  const picksAmong = pointsBack && words(translateHindi(question)).some((w) => SUPERLATIVE.test(w));
  if (alone && !picksAmong && (inPrevious === 0 || inPrevious < inAlone || (inPrevious === inAlone && !pointsBack && RULE_IDS.has(alone.key)))) return undefined;
  return { part: rulePart(ruleId, say) };
}
