/**
 * The footer's newsletter form in Hindi (issue 33): on every page, so kept apart from the rest of the newsletter's
 * Hindi (./newsletter.ts re-exports it).
 */
import type { Translation } from "../../i18n";
import type { FOOTER, FOOTER_NEWSLETTER_MESSAGES } from "../site";

/** The footer's subscription form (the footer's other words are the shell's). */
export const FOOTER_NEWSLETTER_HI: Translation<(typeof FOOTER)["newsletter"]> = {
  heading: "ग्रोथ टिप्स सीधे अपने इनबॉक्स में",
  description: "महीने में बस एक छोटा ईमेल: स्थानीय बिज़नेस के लिए WhatsApp पर क्या काम करता है। कोई स्पैम नहीं, जब चाहें अनसब्सक्राइब करें।",
  label: "ईमेल पता",
  placeholder: "you@business.com",
  button: "सब्सक्राइब करें",
  busyButton: "सब्सक्राइब हो रहा है...",
};

export const FOOTER_NEWSLETTER_MESSAGES_HI: Translation<typeof FOOTER_NEWSLETTER_MESSAGES> = {
  required: { title: "ईमेल ज़रूरी है", message: "कृपया अपना ईमेल पता लिखें।" },
  invalid: { title: "ईमेल सही नहीं है", message: "कृपया सही ईमेल पता लिखें।" },
  failed: { title: "सब्सक्रिप्शन नहीं हो सका", message: "कुछ गड़बड़ हो गई। कृपया कुछ देर बाद फिर से कोशिश करें।" },
  success: {
    title: "बस एक क़दम बाक़ी है",
    message: "हमारा न्यूज़लेटर सब्सक्राइब करने के लिए धन्यवाद। जल्द ही आपको अपडेट मिलने लगेंगे!",
    confirmation: "हमने आपको एक ईमेल भेजा है। सब्सक्रिप्शन पक्का करने के लिए उसमें दिए लिंक पर क्लिक करें।",
  },
};
