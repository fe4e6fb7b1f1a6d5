/**
 * The Contact page in Hindi (issue 33): the shipped Hindi of the page's copy document (shared/copy/contact.ts), the
 * slider's and the WhatsApp box's fixed labels, and the form's labels and messages. Ids, channels and the values the
 * form sends stay the English ones; only what is read changes.
 */
import type { Translation } from "../../i18n";
import {
  CONTACT_CARDS,
  type CONTACT_CARDS_HEADING,
  type CONTACT_FORM,
  type CONTACT_HERO,
  type CONTACT_META,
  type ContactCard,
  type LEAD_MESSAGES,
  type LeadFieldName,
  SUPPORT_CHANNELS,
  type SUPPORT_SLIDER,
  type SUPPORT_STATS,
  type SupportChannel,
  type WHATSAPP_WIDGET,
} from "../contact";
import { PRODUCT } from "../site";

export const CONTACT_META_HI: Translation<typeof CONTACT_META> = {
  title: "संपर्क",
  description: `${PRODUCT} टीम से ईमेल, फ़ोन या WhatsApp पर बात करें, या हमें संदेश भेजें। हम कुछ ही घंटों में जवाब देते हैं।`,
};

export const CONTACT_HERO_HI: Translation<typeof CONTACT_HERO> = {
  eyebrow: "संपर्क",
  title: "आइए, मिलकर आपका बिज़नेस बढ़ाएँ",
  lead: `इंडस्ट्री किट, डेमो या ${PRODUCT} के बारे में कोई सवाल है? जो तरीक़ा आपको ठीक लगे, वह चुनें, या हमें संदेश भेजें, हम जल्द ही आपसे संपर्क करेंगे।`,
};

export const CONTACT_CARDS_HEADING_HI: Translation<typeof CONTACT_CARDS_HEADING> = "हमसे सीधे संपर्क करें";

const WHATSAPP_HELLO = `नमस्ते, मुझे ${PRODUCT} के बारे में और जानकारी चाहिए!`;
const WHATSAPP_DEMO = `नमस्ते, मुझे ${PRODUCT} का डेमो बुक करना है।`;

const CARD_TEXT: Record<string, Omit<ContactCard, "id" | "target"> & { message?: string }> = {
  email: { title: "हमें ईमेल करें", description: "विस्तार से सवाल, डॉक्यूमेंट या स्क्रीनशॉट: कामकाज के घंटों में हम 2 घंटे के अंदर जवाब देते हैं।", action: "ईमेल भेजें" },
  call: { title: "हमें कॉल करें", description: "किसी एक्सपर्ट से बात करें, सोम-शुक्र सुबह 9 से शाम 6 बजे तक (भारतीय समय)।", action: "अभी कॉल करें" },
  "whatsapp-chat": { title: "WhatsApp चैट", description: "WhatsApp पर हमसे चैट करें, 24×7। 30 सेकंड से कम में जवाब।", action: "WhatsApp चैट शुरू करें", message: WHATSAPP_HELLO },
  "whatsapp-demo": { title: "WhatsApp पर डेमो बुक करें", description: "देखें कि असिस्टेंट आप जैसे बिज़नेस की असली पूछताछ का जवाब कैसे देता है।", action: "डेमो माँगें", message: WHATSAPP_DEMO },
  office: { title: "हमारे ऑफ़िस आएँ", description: "उस टीम से मिलें जो असिस्टेंट बनाती और चलाती है।", action: "मैप में खोलें", detail: "पुणे, महाराष्ट्र, भारत" },
};

/** The English cards with their words in Hindi (same ids, same ways of reaching us). */
export const CONTACT_CARDS_HI: readonly ContactCard[] = CONTACT_CARDS.map((card) => {
  const entry = CARD_TEXT[card.id];
  if (!entry) return card;
  const { message, ...text } = entry;
  return {
    ...card,
    ...text,
    target: card.target.kind === "whatsapp" && message ? { kind: "whatsapp", text: message } : card.target,
  };
});

const CHANNEL_TEXT: Record<string, Omit<SupportChannel, "id" | "contact"> & { message?: string; linkLabel?: string }> = {
  "live-chat": {
    title: "लाइव चैट सपोर्ट",
    description: "फ़ीचर, किट और डेमो के बारे में तुरंत जवाब के लिए WhatsApp पर हमारी टीम और असिस्टेंट से चैट करें।",
    availability: "24×7",
    responseTime: "30 सेकंड से कम",
    message: `नमस्ते, मेरा ${PRODUCT} के बारे में एक सवाल है।`,
  },
  email: {
    title: "ईमेल सपोर्ट",
    description: "विस्तार से सवाल, डॉक्यूमेंट या स्क्रीनशॉट भेजें और पूरा लिखित जवाब पाएँ।",
    availability: "कामकाज के घंटे",
    responseTime: "2 घंटे से कम",
  },
  phone: {
    title: "फ़ोन सपोर्ट",
    description: "सेटअप, बिलिंग या आपके लिए सही इंडस्ट्री किट के बारे में किसी एक्सपर्ट से बात करें।",
    availability: "सोम-शुक्र, सुबह 9 से शाम 6 (भारतीय समय)",
    responseTime: "तुरंत",
  },
  video: {
    title: "वीडियो कॉल सपोर्ट",
    description: "ऑनबोर्डिंग, वॉकथ्रू और अपनी टीम की ट्रेनिंग के लिए स्क्रीन-शेयरिंग सेशन बुक करें।",
    availability: "अपॉइंटमेंट लेकर",
    responseTime: "उसी दिन",
    message: `नमस्ते, मुझे ${PRODUCT} टीम के साथ वीडियो कॉल बुक करनी है।`,
  },
  community: {
    title: "कम्युनिटी फ़ोरम",
    description: "असिस्टेंट की मदद से आगे बढ़ रहे दूसरे स्थानीय बिज़नेस के साथ तरीक़े और आइडिया साझा करें।",
    availability: "हमेशा चालू",
    responseTime: "कम्युनिटी से",
    linkLabel: "कम्युनिटी की कहानियाँ पढ़ें",
  },
  "help-center": {
    title: "हेल्प सेंटर",
    description: "गाइड और AI हेल्प असिस्टेंट से तुरंत जवाब, जब भी आपको ज़रूरत हो।",
    availability: "24×7",
    responseTime: "तुरंत",
    linkLabel: "AI हेल्प खोलें",
  },
};

/** The English support channels with their words in Hindi. */
export const SUPPORT_CHANNELS_HI: readonly SupportChannel[] = SUPPORT_CHANNELS.map((channel) => {
  const entry = CHANNEL_TEXT[channel.id];
  if (!entry) return channel;
  const { message, linkLabel, ...text } = entry;
  const contact =
    channel.contact.kind === "whatsapp" && message
      ? { kind: "whatsapp" as const, text: message }
      : channel.contact.kind === "page" && linkLabel
        ? { ...channel.contact, label: linkLabel }
        : channel.contact;
  return { ...channel, ...text, contact };
});

export const SUPPORT_STATS_HI: Translation<typeof SUPPORT_STATS> = [
  { value: "24×7", label: "सपोर्ट उपलब्ध" },
  { value: "< 30 सेकंड", label: "जवाब का औसत समय" },
  { value: "98%", label: "ग्राहक संतुष्टि" },
  { value: "6", label: "सपोर्ट के तरीक़े" },
];

export const SUPPORT_SLIDER_HI: Translation<typeof SUPPORT_SLIDER> = {
  heading: "आपके काम करने के तरीक़े के हिसाब से सपोर्ट",
  intro: "हमसे संपर्क करने के छह तरीक़े। जो आपको सबसे ठीक लगे, वह चुनें।",
  regionLabel: "सपोर्ट के तरीक़े",
  slideLabel: (n, total) => `${total} में से ${n}`,
  previous: "पिछला तरीक़ा",
  next: "अगला तरीक़ा",
  pause: "स्लाइड रोकें",
  play: "स्लाइड फिर चलाएँ",
  dotLabel: (n, title) => `तरीक़ा ${n} दिखाएँ: ${title}`,
  thumbnailsLabel: "सपोर्ट का तरीक़ा चुनें",
  availability: "उपलब्धता",
  responseTime: "जवाब का समय",
  contact: "संपर्क",
};

export const WHATSAPP_WIDGET_HI: Translation<typeof WHATSAPP_WIDGET> = {
  heading: "WhatsApp पर हमसे चैट करें",
  agentName: `${PRODUCT} सपोर्ट`,
  status: "आम तौर पर 30 सेकंड से कम में जवाब",
  greeting: "नमस्ते 👋 आज हम आपके बिज़नेस को बढ़ाने में कैसे मदद कर सकते हैं?",
  quickRepliesLabel: "झटपट संदेश",
  quickReplies: [
    { label: "मुझे डेमो चाहिए", text: WHATSAPP_DEMO },
    { label: "कीमत", text: `नमस्ते, मुझे ${PRODUCT} की कीमत जाननी है।` },
    { label: "इंडस्ट्री किट", text: `नमस्ते, मेरे बिज़नेस के लिए ${PRODUCT} की कौन-सी इंडस्ट्री किट सही रहेगी?` },
  ],
  messageLabel: "आपका संदेश",
  messagePlaceholder: "अपना संदेश लिखें…",
  defaultText: WHATSAPP_HELLO,
  send: "WhatsApp चैट शुरू करें",
  newTab: "(नए टैब में खुलता है)",
};

/** The form's field labels (the names, limits and types are LEAD_FIELDS'). */
export const LEAD_FIELD_LABELS_HI: Readonly<Record<LeadFieldName, string>> = {
  firstName: "पहला नाम",
  lastName: "उपनाम",
  email: "ईमेल",
  phone: "फ़ोन",
  message: "संदेश",
};

export const CONTACT_FORM_HI: Translation<typeof CONTACT_FORM> = {
  title: "हमसे संपर्क करें",
  intro: "हमें अपने बिज़नेस के बारे में थोड़ा बताइए, हम जल्द ही आपसे संपर्क करेंगे।",
  requiredNote: "सभी फ़ील्ड भरना ज़रूरी है।",
  submit: "संदेश भेजें",
  sending: "भेजा जा रहा है...",
  honeypotLabel: "इस फ़ील्ड को ख़ाली छोड़ दें",
  successTitle: "संदेश भेज दिया गया",
  successMessage: "धन्यवाद! हम जल्द ही आपसे संपर्क करेंगे।",
  submittedParam: "submitted",
};

export const LEAD_MESSAGES_HI: Translation<typeof LEAD_MESSAGES> = {
  empty: (label) => `${label} ख़ाली नहीं छोड़ा जा सकता।`,
  invalidEmail: "कृपया सही ईमेल पता लिखें।",
  tooLong: (label, max) => `${label} ज़्यादा से ज़्यादा ${max} अक्षरों का हो सकता है।`,
  notText: (label) => `${label} में सिर्फ़ टेक्स्ट होना चाहिए।`,
  badCharacters: (label) => `${label} में ऐसे अक्षर हैं जिनकी अनुमति नहीं है।`,
  badLeadSource: "लीड का स्रोत सूची में दिए विकल्पों में से होना चाहिए।",
  rateLimited: (minutes) => `आपके नेटवर्क से बहुत सारे संदेश आ गए हैं। कृपया ${minutes} मिनट बाद फिर से कोशिश करें, या WhatsApp पर हमसे संपर्क करें।`,
  network: "आपका संदेश नहीं भेजा जा सका। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
  failed: "आपका संदेश अभी नहीं भेजा जा सका। कृपया थोड़ी देर में फिर से कोशिश करें, या WhatsApp पर हमसे संपर्क करें।",
};
