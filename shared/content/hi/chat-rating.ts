/** The rating buttons under each assistant answer, in Hindi (issue 33). */
import type { Translation } from "../../i18n";
import type { CHAT_RATING } from "../chat-rating";

export const CHAT_RATING_HI: Translation<typeof CHAT_RATING> = {
  question: "क्या यह जवाब काम का था?",
  helpful: "काम का था",
  notHelpful: "काम का नहीं",
  thanks: "आपकी राय के लिए धन्यवाद।",
  failed: "आपकी राय भेजी नहीं जा सकी। कृपया फिर कोशिश करें।",
};
