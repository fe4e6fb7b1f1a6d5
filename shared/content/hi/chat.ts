/**
 * The AI help page and the help assistant in Hindi (issue 33, decision 0033): the translations of shared/content/chat.ts.
 * Written for business owners reading on a phone: आप-form, plain words, the loanwords they use (डेमो, लीड, किट) in
 * Devanagari; prices, numbers, "Wise Parrot", "Wise Core" and "WhatsApp" as they are. Every fact is the English
 * copy's (CHAT_FACTS): nothing here may promise more. Imported by the server too: no browser-only code, no "~" alias.
 */
import type { Translation } from "../../i18n";
import type {
  AI_HELP_PAGE,
  CHAT_FEATURES,
  CHAT_INDUSTRY_REPLIES,
  CHAT_QUICK_REPLIES,
  CHAT_REPLIES,
  CHAT_SOURCE_LABELS,
  CHAT_SUGGESTIONS,
  CHAT_TOPICS,
} from "../chat";
import { CHAT_FACTS, CHAT_LIMITS } from "../chat";
import { ENGINE, type Industry, PRODUCT } from "../site";

const F = CHAT_FACTS;

/** The plans' names and details as a Hindi reader meets them (the prices stay as they are). */
export const PLANS_HI = {
  free: { name: "फ़्री", price: "$0", details: "3 वर्कफ़्लो तक और 5 GB स्टोरेज" },
  professional: { name: "प्रोफ़ेशनल", price: "$29 प्रति माह", details: "अनगिनत वर्कफ़्लो और 100 GB स्टोरेज" },
  enterprise: { name: "एंटरप्राइज़", price: "आपकी ज़रूरत के हिसाब से कीमत", details: "आपकी टीम के लिए तैयार, प्राथमिकता वाले सपोर्ट के साथ" },
} as const;

/** The phone's hours as the contact page states them (Mon-Fri 9AM-6PM IST), in Hindi. */
export const PHONE_HOURS_HI = "सोमवार से शुक्रवार, सुबह 9 से शाम 6 बजे (भारतीय समय)";

export const AI_HELP_PAGE_HI: Translation<typeof AI_HELP_PAGE> = {
  metaTitle: "AI सहायता",
  metaDescription: `${PRODUCT} असिस्टेंट से पूछिए: वर्कफ़्लो ऑटोमेशन, AI फ़ीचर, इंडस्ट्री किट, कीमतें और डेमो बुक करना।`,
  eyebrow: "AI सहायता केंद्र",
  title: `${PRODUCT} असिस्टेंट से पूछिए`,
  intro: `ग्राहकों से बातचीत को ऑटोमेट करने के बारे में कोई सवाल है? ${ENGINE} पर चलने वाला हमारा असिस्टेंट दिन हो या रात, कुछ ही सेकंड में जवाब देता है।`,
  topicsHeading: "झटपट विषय",
  chatHeading: "हमारे असिस्टेंट से बात करें",
  status: "ऑनलाइन है, आपकी मदद के लिए तैयार!",
  badge: "AI चालू",
  botName: `${PRODUCT} असिस्टेंट`,
  userName: "आप",
  logLabel: "बातचीत",
  suggestionsHeading: "झटपट सुझाव",
  inputLabel: "आपका संदेश",
  inputPlaceholder: "अपना संदेश लिखें… (भेजने के लिए एंटर, नई लाइन के लिए शिफ़्ट+एंटर)",
  inputHint: "एंटर से संदेश जाता है, शिफ़्ट+एंटर से नई लाइन।",
  send: "भेजें",
  sending: "भेज रहे हैं…",
  typing: `${PRODUCT} असिस्टेंट लिख रहा है…`,
  overLimit: (length: number) => `आपके संदेश में ${length} अक्षर हैं; सिर्फ़ पहले ${CHAT_LIMITS.maxMessageChars} अक्षर भेजे जाएँगे।`,
  charCount: (length: number) => `${length} / ${CHAT_LIMITS.maxMessageChars}`,
  truncatedNote: `${CHAT_LIMITS.maxMessageChars} अक्षरों तक छोटा किया गया।`,
  tooManyRequests: "आप बहुत जल्दी-जल्दी संदेश भेज रहे हैं। कृपया थोड़ा रुककर फिर कोशिश करें।",
  failedReply:
    "माफ़ कीजिए, अभी हमारे असिस्टेंट तक पहुँच नहीं हो पाई। थोड़ी देर में फिर कोशिश करें, या पेज के नीचे दिए बटन से WhatsApp पर हमारी टीम को संदेश भेजें।",
  sentAt: "भेजा गया",
  featuresHeading: "लोगों को हमारी AI सहायता क्यों पसंद है",
  noScript: "चैट के लिए जावास्क्रिप्ट चाहिए। आप WhatsApp या संपर्क पेज से अब भी हम तक पहुँच सकते हैं।",
};

export const CHAT_TOPICS_HI: Translation<typeof CHAT_TOPICS> = [
  {
    title: "वर्कफ़्लो ऑटोमेशन",
    description: "फ़ॉलो-अप, बुकिंग और लीड के लेबल अपने-आप।",
    query: "वर्कफ़्लो ऑटोमेशन के बारे में बताइए",
    icon: "workflow",
  },
  {
    title: "AI फ़ीचर",
    description: "AI असिस्टेंट आपके लिए क्या-क्या कर सकता है।",
    query: "आपके AI फ़ीचर क्या हैं?",
    icon: "ai",
  },
  {
    title: "इंडस्ट्री किट",
    description: "आपके बिज़नेस के लिए तैयार किट।",
    query: "अपनी इंडस्ट्री किट और टेम्पलेट दिखाइए",
    icon: "templates",
  },
  {
    title: "शुरुआत कैसे करें",
    description: "5 मिनट से कम में डेमो बुक करें।",
    query: "डेमो बुक करने में मदद कीजिए",
    icon: "start",
  },
];

export const CHAT_SUGGESTIONS_HI: Translation<typeof CHAT_SUGGESTIONS> = [
  "मुझे कीमत के बारे में जानना है",
  "क्या आप डेमो दिखा सकते हैं?",
  "AI चैटबॉट कैसे काम करता है?",
  "मुझे इंटीग्रेशन में मदद चाहिए",
];

export const CHAT_FEATURES_HI: Translation<typeof CHAT_FEATURES> = [
  { title: "24×7 सहायता", description: "कभी भी, कुछ भी पूछिए: असिस्टेंट कभी सोता नहीं।", icon: "clock" },
  { title: "समझदार AI जवाब", description: `जवाब सिर्फ़ उन्हीं बातों पर, जो ${PRODUCT} सच में देता है।`, icon: "spark" },
  { title: "तुरंत समाधान", description: "कीमत, सेटअप और इंटीग्रेशन, सब कुछ सेकंडों में समझिए।", icon: "bolt" },
];

export const CHAT_WELCOME_HI = `नमस्ते! 👋 मैं ${PRODUCT} का असिस्टेंट हूँ। मैं आपको **वर्कफ़्लो ऑटोमेशन**, **AI फ़ीचर**, **इंडस्ट्री किट**, **कीमत** और **इंटीग्रेशन** के बारे में बता सकता हूँ।

डेमो बुक करने में ${F.demoBookingMinutes} मिनट से भी कम लगते हैं। आप क्या जानना चाहेंगे?`;

export const CHAT_REPLIES_HI: Translation<typeof CHAT_REPLIES> = {
  workflow: `**वर्कफ़्लो ऑटोमेशन** बार-बार होने वाले काम आपके सिर से उतार देता है:
• WhatsApp और सोशल मीडिया पर हर पूछताछ का तुरंत जवाब
• अपने-आप फ़ॉलो-अप और सीक्वेंस मैसेज, जो हर लीड को आगे बढ़ाते हैं
• मीटिंग और साइट विज़िट सीधे आपके कैलेंडर में बुक
• लीड पर उनकी रुचि के हिसाब से लेबल, ताकि आपको पता रहे कि पहले किसे फ़ोन करना है

बिज़नेस हर हफ़्ते लगभग **${F.hoursSavedPerWeek} घंटे** बचाते हैं, और रोज़ की बातचीत में लगने वाला **${F.timeSavedPercent}% समय** बचता है। इसे अपने काम पर चलता देखना चाहेंगे? डेमो बुक करने में ${F.demoBookingMinutes} मिनट से कम लगते हैं।`,

  ai: `${ENGINE} पर चलने वाला हमारा **AI असिस्टेंट** आपके लिए 24×7 काम करता है:
• ग्राहक के सवाल आम बोलचाल की भाषा में समझता है और तुरंत जवाब देता है
• सही प्रोडक्ट या सर्विस सुझाता है और मीटिंग बुक करता है
• लीड को परखता है, लेबल लगाता है और सीक्वेंस मैसेज से उनसे जुड़ा रहता है
• आपके बिज़नेस की जानकारी से सीखता है, ताकि जवाब सही रहें

इससे टीमें हर हफ़्ते लगभग **${F.hoursSavedPerWeek} घंटे** बचाती हैं। कीमत पूछिए या इसे चलता देखने के लिए डेमो बुक कीजिए।`,

  getting_started: `शुरुआत करना आसान है:
1. **डेमो बुक करें**, सिर्फ़ ${F.demoPrice} में: ${F.demoBookingMinutes} मिनट से कम लगते हैं (पेज के ऊपर डेमो बुक करने का बटन है)।
2. **अपनी इंडस्ट्री की किट चुनें**: ${F.templates} टेम्पलेट, ${F.kitReadyHours} घंटे में तैयार, कोई सेटअप फ़ीस नहीं।
3. **अपने चैनल जोड़ें**: WhatsApp, सोशल मीडिया और ${F.integrations} इंटीग्रेशन।
4. **शुरू हो जाइए**: आपका असिस्टेंट दिन-रात ग्राहकों को जवाब देने लगता है।

क्या आप कीमत या अपनी इंडस्ट्री के टेम्पलेट के बारे में जानना चाहेंगे?`,

  pricing: `हमारे प्लान:
• **${PLANS_HI.free.name}**: ${PLANS_HI.free.price}, ${PLANS_HI.free.details}
• **${PLANS_HI.professional.name}**: ${PLANS_HI.professional.price}, ${PLANS_HI.professional.details}
• **${PLANS_HI.enterprise.name}**: ${PLANS_HI.enterprise.price}, ${PLANS_HI.enterprise.details}

कोई सेटअप फ़ीस नहीं है। आपके बिज़नेस के लिए सही प्लान जानने के लिए डेमो बुक कीजिए।`,

  productivity: `${PRODUCT} से आपकी टीम ज़्यादा **काम कर पाती है, कम समय में**:
• हर हफ़्ते लगभग **${F.hoursSavedPerWeek} घंटे की बचत**
• रोज़ की ग्राहक बातचीत में **${F.timeSavedPercent}% कम समय**
• कोई लीड छूटती नहीं: हर पूछताछ को जवाब और फ़ॉलो-अप मिलता है

जानना चाहते हैं कि आपका बिज़नेस कितना समय बचा सकता है? एक छोटा-सा डेमो बुक कीजिए।`,

  integrations: `${PRODUCT} उन टूल से जुड़ता है जो आप पहले से इस्तेमाल करते हैं: **${F.integrations} इंटीग्रेशन**, जिनमें WhatsApp, सोशल मीडिया, कैलेंडर और CRM शामिल हैं।
• लीड अपने-आप आपके CRM में पहुँचती हैं
• बुकिंग आपके कैलेंडर में दर्ज होती है
• सेटअप के दौरान हमारी टीम सब कुछ जोड़ने में मदद करती है

आप कौन-सा टूल जोड़ना चाहेंगे?`,

  support: `हम मदद के लिए हैं:
• **WhatsApp चैट, 24×7**
• **ईमेल से सपोर्ट, 2 घंटे के अंदर जवाब**
• **एंटरप्राइज़ ग्राहकों को 30 मिनट से कम में जवाब**

बताइए आपको क्या चाहिए, या हमारी टीम से बात करने के लिए पेज के नीचे WhatsApp बटन दबाइए।`,

  templates: `हमारे पास **${F.templates} टेम्पलेट** हैं, और इन इंडस्ट्री के लिए किट: रियल एस्टेट, हेल्थकेयर और क्लिनिक, कोचिंग क्लास, सर्विस एजेंसी, फ़्रीलांसर, और सैलून, स्पा और फ़िटनेस।
हर किट में AI स्मार्ट WhatsApp बॉट, पेड विज्ञापन और उनकी क्रिएटिव कॉपी, नर्चरिंग स्क्रिप्ट, फ़ॉलो-अप सीक्वेंस और ऑनबोर्डिंग SOP होते हैं, ${F.kitReadyHours} घंटे में तैयार, बिना सेटअप फ़ीस।

आपका बिज़नेस किस इंडस्ट्री में है?`,
};

export const CHAT_MENU_HI = `ज़रूर, बताइए! मैं इनके बारे में बता सकता हूँ:
• **वर्कफ़्लो ऑटोमेशन**: हर हफ़्ते ${F.hoursSavedPerWeek} घंटे की बचत
• **AI फ़ीचर**: आपका 24×7 असिस्टेंट
• **इंडस्ट्री किट**: ${F.templates} तैयार किट
• **कीमत**: फ़्री से लेकर एंटरप्राइज़ तक
• **इंटीग्रेशन**: ${F.integrations} टूल
• **शुरुआत**: डेमो बुक करने में ${F.demoBookingMinutes} मिनट से कम लगते हैं

आप क्या जानना चाहेंगे?`;

export const CHAT_GREETING_REPLY_HI = CHAT_WELCOME_HI;

/** The six kits the home page lists, in Hindi (the order of AVAILABLE_FOR). */
export const KIT_NAMES_HI = ["रियल एस्टेट", "हेल्थकेयर और क्लिनिक", "कोचिंग क्लास", "सर्विस एजेंसी", "फ़्रीलांसर", "सैलून, स्पा और फ़िटनेस"] as const;

/** What every kit holds (the home page's "What's inside your industry kit"), in Hindi. */
export const KIT_CONTENTS_HI = `हर किट में AI स्मार्ट WhatsApp बॉट, पेड विज्ञापन और उनकी क्रिएटिव कॉपी, नर्चरिंग स्क्रिप्ट, फ़ॉलो-अप सीक्वेंस और ऑनबोर्डिंग SOP होते हैं, ${F.kitReadyHours} घंटे में तैयार, बिना सेटअप फ़ीस।`;

/** Industries named in Hindi, for "We don't have a kit made for … yet". */
export const INDUSTRY_NAMES_HI: Record<Industry, string> = {
  "Real Estate": "रियल एस्टेट",
  Healthcare: "हेल्थकेयर",
  "E-commerce": "ई-कॉमर्स",
  Education: "स्कूल और शिक्षा",
  Restaurant: "रेस्टोरेंट",
  Automotive: "ऑटोमोबाइल बिज़नेस",
  Childcare: "चाइल्डकेयर",
};

const noKitHi = (what: string) =>
  `${what} के लिए अभी हमारी कोई ख़ास किट नहीं बनी है। इंडस्ट्री किट इनके लिए हैं: ${KIT_NAMES_HI.join(", ")}। ${KIT_CONTENTS_HI} आपके बिज़नेस के लिए क्या ठीक रहेगा, यह हमारी टीम बता सकती है: डेमो बुक कीजिए या WhatsApp पर संदेश भेजिए।`;

export const CHAT_INDUSTRY_REPLIES_HI: Translation<typeof CHAT_INDUSTRY_REPLIES> = {
  "Real Estate": `**रियल एस्टेट** में हर ख़रीदार को बजट, लोकेशन और फ़्लोर प्लान पर तुरंत जवाब मिलता है, और साइट विज़िट सीधे एजेंट के कैलेंडर में बुक हो जाती है: उसी विज्ञापन बजट में ज़्यादा साइट विज़िट। ${KIT_CONTENTS_HI} क्या मैं डेमो बुक करने में आपकी मदद करूँ?`,
  Healthcare: `**हेल्थकेयर और क्लिनिक** में मरीज़ ख़ुद WhatsApp पर अपॉइंटमेंट बुक करते हैं, बदलते हैं और रिमाइंडर पाते हैं, और क्लिनिक का समय और डॉक्टर की उपलब्धता हमेशा अपडेट रहती है: भरा हुआ शेड्यूल और कम छूटे अपॉइंटमेंट। ${KIT_CONTENTS_HI} क्या मैं डेमो बुक करने में आपकी मदद करूँ?`,
  "E-commerce": noKitHi(INDUSTRY_NAMES_HI["E-commerce"]),
  Education: noKitHi(INDUSTRY_NAMES_HI.Education),
  Restaurant: noKitHi(INDUSTRY_NAMES_HI.Restaurant),
  Automotive: noKitHi(INDUSTRY_NAMES_HI.Automotive),
  Childcare: noKitHi(INDUSTRY_NAMES_HI.Childcare),
};

export const CHAT_QUICK_REPLIES_HI: Translation<typeof CHAT_QUICK_REPLIES> = {
  fallback: ["हाँ", "नहीं", "और जानकारी", "सपोर्ट से बात"],
  noModel: ["और बताइए", "मुझे रुचि है", "मुझसे संपर्क करें", "और जानें"],
};

export const CHAT_SOURCE_LABELS_HI: Translation<typeof CHAT_SOURCE_LABELS> = {
  blog: "हमारे ब्लॉग से",
  faq: "FAQ",
  faqTitle: "अक्सर पूछे जाने वाले सवाल",
  listLabel: "स्रोत",
};

export const INVALID_MESSAGE_CONTENT_HI = "संदेश सही नहीं है";

/** How a citation of a page reads in Hindi: the home page's name ("Home" in English). */
export const HOME_TITLE_HI = "होम";
/** The contact page's name in a citation. */
export const CONTACT_TITLE_HI = "संपर्क";
