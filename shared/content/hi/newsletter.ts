/**
 * The newsletter in Hindi (issue 33): the subscribe, confirm and unsubscribe pages, the footer's and the blog's
 * subscription forms and their messages, and the confirmation e-mail a Hindi subscriber gets.
 */
import type { Translation } from "../../i18n";
import type { MailBlock } from "../audience";
import { type BLOG_NEWSLETTER, NEWSLETTER } from "../blog";
import { mailGreetingHi } from "./audience";

type NewsletterText = Omit<typeof NEWSLETTER, "email">;

/** The subscription API's messages and the confirm/unsubscribe pages (the limits are the English constant's). */
export const NEWSLETTER_HI: Translation<NewsletterText> & { email: { subject: string; blocks: (confirmUrl: string) => MailBlock[] } } = {
  subscribed: "बस एक क़दम बाक़ी है! कृपया अपना इनबॉक्स देखें और सब्सक्रिप्शन पक्का करने के लिए लिंक पर क्लिक करें।",
  invalidEmail: "कृपया सही ईमेल पता लिखें।",
  tooMany: "सब्सक्राइब करने की बहुत ज़्यादा कोशिशें हो गईं। कृपया कुछ देर बाद फिर से कोशिश करें।",
  confirm: {
    title: "न्यूज़लेटर सब्सक्रिप्शन",
    prompt: "बस एक क्लिक से पक्का करें कि आप इस पते पर हमारा न्यूज़लेटर पाना चाहते हैं।",
    button: "मेरा सब्सक्रिप्शन पक्का करें",
    confirmed: { heading: "सब्सक्रिप्शन पक्का हो गया", text: "धन्यवाद! हमारा अगला न्यूज़लेटर सीधे आपके इनबॉक्स में आएगा।" },
    invalid: {
      heading: "यह लिंक सही नहीं है",
      text: "सब्सक्रिप्शन पक्का करने के इस लिंक का इस्तेमाल हो चुका है, इसकी समय-सीमा ख़त्म हो गई है या यह अधूरा है। नया लिंक पाने के लिए फिर से सब्सक्राइब करें।",
    },
  },
  unsubscribe: {
    title: "अनसब्सक्राइब करें",
    prompt: "क्या आप इस पते पर Wise Parrot न्यूज़लेटर पाना बंद करना चाहते हैं?",
    button: "अनसब्सक्राइब करें",
    done: { heading: "आपका सब्सक्रिप्शन बंद हो गया है", text: "अब आपको हमारी तरफ़ से कोई न्यूज़लेटर नहीं मिलेगा। आप जब चाहें फिर से सब्सक्राइब कर सकते हैं।" },
    invalid: {
      heading: "यह लिंक सही नहीं है",
      text: "अनसब्सक्राइब करने के इस लिंक का इस्तेमाल हो चुका है या यह अधूरा है। अगर आपको अब भी हमारे ईमेल मिल रहे हैं, तो सबसे नए ईमेल का लिंक इस्तेमाल करें।",
    },
  },
  backToBlog: "ब्लॉग पढ़ें",
  home: "होम पेज पर जाएँ",
  confirmTtlMs: NEWSLETTER.confirmTtlMs,
  unsubscribeTtlMs: NEWSLETTER.unsubscribeTtlMs,
  mailsPerAddressPerHour: NEWSLETTER.mailsPerAddressPerHour,
  attemptsPerIpPerHour: NEWSLETTER.attemptsPerIpPerHour,
  email: {
    subject: "कृपया अपना Wise Parrot न्यूज़लेटर सब्सक्रिप्शन पक्का करें",
    blocks: (confirmUrl) => [
      { kind: "paragraph", text: mailGreetingHi("") },
      { kind: "paragraph", text: "Wise Parrot का न्यूज़लेटर सब्सक्राइब करने के लिए धन्यवाद।\nकृपया यह लिंक खोलकर अपना सब्सक्रिप्शन पक्का करें:" },
      { kind: "button", label: "मेरा सब्सक्रिप्शन पक्का करें", url: confirmUrl },
      { kind: "paragraph", text: "अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: आपको हमसे आगे कोई ईमेल नहीं मिलेगा।" },
      { kind: "paragraph", text: "Wise Parrot - आपका डिजिटल ग्रोथ असिस्टेंट" },
    ],
  },
};

/** The blog listing's subscription block. */
export const BLOG_NEWSLETTER_HI: Translation<typeof BLOG_NEWSLETTER> = {
  heading: "कॉम्पिटिशन से आगे रहें",
  text: "नए लेख, केस स्टडी और WhatsApp से बिज़नेस बढ़ाने के टिप्स सीधे अपने इनबॉक्स में पाएँ। महीने में बस एक छोटा ईमेल।",
  label: "ईमेल पता",
  placeholder: "अपना ईमेल पता लिखें",
  button: "सब्सक्राइब करें",
  busy: "सब्सक्राइब हो रहा है...",
  required: "कृपया अपना ईमेल पता लिखें",
  failed: "सब्सक्रिप्शन नहीं हो सका। कृपया फिर से कोशिश करें।",
  network: "नेटवर्क में दिक़्क़त है। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
};

// The footer's form is on every page: its words are a module of their own, so every page's script carries only them.
export { FOOTER_NEWSLETTER_HI, FOOTER_NEWSLETTER_MESSAGES_HI } from "./footer-newsletter";
