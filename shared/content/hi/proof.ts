/** The proof's words in Hindi (issue 45): the translation of ../proof.ts's public part. */
import type { Translation } from "../../i18n";
import type { PROOF } from "../proof";
import { PRODUCT } from "../site";

export const PROOF_HI: Translation<typeof PROOF> = {
  caseStudyLink: "पूरी केस स्टडी पढ़ें",
  sourceLabel: "स्रोत",
  teamHeading: `${PRODUCT} की टीम`,
  teamIntro: "वही लोग, जिनसे आप WhatsApp पर, फ़ोन पर और आमने-सामने बात करते हैं।",
};
