/**
 * What a Hindi subscriber or visitor reads of the audience area (issue 33): the frame of the site's e-mails (the
 * greeting, the footer's lines, the line under a button) and the newsletter's own lines. The studio's pages stay
 * English; the body of a newsletter is what the owner wrote.
 */
import type { Translation } from "../../i18n";
import type { AUDIENCE_MESSAGES, EMAIL_TEMPLATE, LEAD_ACK_EMAIL, NEWSLETTER_EMAIL } from "../audience";

export const EMAIL_TEMPLATE_HI: Translation<typeof EMAIL_TEMPLATE> = {
  siteName: "Wise Parrot",
  whyYouGetThis: "आपको यह ईमेल इसलिए मिला है क्योंकि आपने Wise Parrot का न्यूज़लेटर सब्सक्राइब किया है।",
  unsubscribe: "अनसब्सक्राइब करें",
  linkBelow: "अगर बटन काम न करे, तो यह लिंक खोलें:",
};

/** The greeting of a Hindi e-mail: the first name with the respectful "जी", or none when there is none to use. */
export const mailGreetingHi = (firstName: string) => (firstName ? `नमस्ते ${firstName} जी,` : "नमस्ते,");

export const NEWSLETTER_EMAIL_HI: Translation<typeof NEWSLETTER_EMAIL> = {
  readMore: "पूरा लेख वेबसाइट पर पढ़ें",
  testPrefix: "[टेस्ट] ",
};

/** Only the audience message a visitor can meet (a disabled account signing in); the rest are the studio's. */
export const AUDIENCE_MESSAGES_HI: Pick<Translation<typeof AUDIENCE_MESSAGES>, "disabledSignIn"> = {
  disabledSignIn: "यह अकाउंट बंद कर दिया गया है। अगर आपको लगता है कि यह ग़लती से हुआ है, तो कृपया हमसे संपर्क करें।",
};

/** The contact form's acknowledgement for a visitor of the Hindi contact page: nothing the sender typed, as in English. */
export const LEAD_ACK_EMAIL_HI: Pick<typeof LEAD_ACK_EMAIL, "subject" | "blocks"> = {
  subject: "हमें आपका संदेश मिल गया है - Wise Parrot",
  blocks: () => [
    { kind: "paragraph", text: "नमस्ते," },
    { kind: "paragraph", text: "Wise Parrot से संपर्क करने के लिए धन्यवाद। हमें आपका संदेश मिल गया है और हम जल्द ही आपसे संपर्क करेंगे।" },
    { kind: "paragraph", text: "अगर आपने हमें नहीं लिखा है, तो इस ईमेल को अनदेखा कर दें: आपको आगे कुछ नहीं भेजा जाएगा।" },
  ],
};
