/**
 * What a Hindi customer reads in the e-mails the team's work on their kit order sends (issue 41): the translation of
 * ORDER_EMAILS in ../studio-orders.ts. The order number and the team member's name stay as they are.
 */
import type { Translation } from "../../i18n";
import type { ORDER_EMAILS } from "../studio-orders";
import { mailGreetingHi } from "./audience";

export const ORDER_EMAILS_HI: Translation<typeof ORDER_EMAILS> = {
  hello: (firstName) => mailGreetingHi(firstName),
  openOrder: "अपना ऑर्डर देखें",
  whatsapp: "WhatsApp पर टीम से बात करें",
  whatsappText: (number) => `नमस्ते, मुझे अपने किट ऑर्डर ${number} के बारे में बात करनी है।`,
  step: {
    setup: {
      subject: (number) => `आपकी किट तैयार की जा रही है (${number}) - Wise Parrot`,
      lines: (number, who) => [
        `हमारी टीम ने ऑर्डर ${number} के लिए आपकी किट तैयार करना शुरू कर दिया है${who ? `: ${who} इस पर काम कर रहे हैं` : ""}।`,
        "जैसे ही यह आपके रिव्यू के लिए तैयार होगी, हम आपको लिखेंगे।",
      ],
    },
    review: {
      subject: (number) => `आपकी किट आपके रिव्यू के लिए तैयार है (${number}) - Wise Parrot`,
      lines: (number) => [`ऑर्डर ${number} की आपकी किट आपके रिव्यू के लिए तैयार है।`, "इसे देखने के लिए अपना ऑर्डर खोलें और बताइए कि क्या बदलना है, या इस ईमेल का जवाब दें।"],
    },
    live: {
      subject: (number) => `आपकी किट लाइव है (${number}) - Wise Parrot`,
      lines: (number) => [
        `ऑर्डर ${number} की आपकी किट लाइव है: अब आपके ग्राहक WhatsApp पर आपके Wise Core से बात कर सकते हैं।`,
        "Wise Parrot चुनने के लिए धन्यवाद। अगर कुछ बदलना हो, तो कभी भी हमें लिखें।",
      ],
    },
  },
  message: {
    subject: (number) => `आपके किट ऑर्डर ${number} के बारे में एक संदेश - Wise Parrot`,
    intro: (number) => `हमारी टीम ने ऑर्डर ${number} के बारे में आपको लिखा है:`,
    questionSubject: (number) => `आपके किट ऑर्डर ${number} के बारे में एक सवाल - Wise Parrot`,
    questionIntro: (number) => `ऑर्डर ${number} के बारे में हमारी टीम का एक सवाल है:`,
    answer: "अपने ऑर्डर के पेज पर जवाब दें, या इस ईमेल का जवाब दें।",
  },
};
