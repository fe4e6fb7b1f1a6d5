/**
 * The help assistant's own words in Hindi (issue 33, decision 0033): the shipped Hindi of shared/copy/assistant.ts's
 * defaults (the owner edits them in the studio's Hindi tab). The placeholders are the English copy's: {whatsapp},
 * {phone}, {phoneHours}, {email}, {question}, {page}, {industry}, {kits}. Kits are in the English copy's order (the
 * home page's "Industry kits available for"); `words` are the Hindi words that name each kit in a question.
 */
import { PRODUCT } from "../site";
import { QUOTES_HI } from "./testimonial-quotes";
import {
  CHAT_GREETING_REPLY_HI,
  CHAT_MENU_HI,
  CHAT_REPLIES_HI,
  KIT_CONTENTS_HI,
  KIT_NAMES_HI,
} from "./chat";

const said = (name: string, role: string, quote: string) => `${name} (${role}): \u201c${quote}\u201d`;

export const ASSISTANT_KITS_HI = [
  {
    name: KIT_NAMES_HI[0],
    words: "रियल एस्टेट\nप्रॉपर्टी\nब्रोकर\nबिल्डर\nफ़्लैट\nफ्लैट\nसाइट विज़िट",
    reply: `हमारी **रियल एस्टेट** किट: हर ख़रीदार को बजट, लोकेशन और फ़्लोर प्लान पर तुरंत जवाब मिलता है, और साइट विज़िट सीधे एजेंट के कैलेंडर में बुक हो जाती है। उसी विज्ञापन बजट में ज़्यादा साइट विज़िट।\n${said("रोहन देशमुख", "रियल एस्टेट एजेंट, पुणे", QUOTES_HI.rohan)}\n${KIT_CONTENTS_HI}`,
  },
  {
    name: KIT_NAMES_HI[1],
    words: "हेल्थकेयर\nक्लिनिक\nडॉक्टर\nडॉक्टरों\nअस्पताल\nहॉस्पिटल\nडेंटिस्ट\nमरीज़\nमरीज",
    reply: `हमारी **हेल्थकेयर और क्लिनिक** किट: मरीज़ ख़ुद WhatsApp पर अपॉइंटमेंट बुक करते हैं, बदलते हैं और रिमाइंडर पाते हैं, और क्लिनिक का समय और डॉक्टर की उपलब्धता हमेशा अपडेट रहती है। भरा हुआ शेड्यूल और कम छूटे अपॉइंटमेंट।\n${said("डॉ. मीरा कुलकर्णी", "क्लिनिक की मालिक", QUOTES_HI.meera)}\n${KIT_CONTENTS_HI}`,
  },
  {
    name: KIT_NAMES_HI[2],
    words: "कोचिंग\nट्यूशन\nक्लास\nक्लासेस\nइंस्टीट्यूट",
    reply: `**कोचिंग क्लास** के लिए एक इंडस्ट्री किट है। ${KIT_CONTENTS_HI}`,
  },
  {
    name: KIT_NAMES_HI[3],
    words: "एजेंसी\nएजेंसियों\nमार्केटिंग एजेंसी",
    reply: `हमारी **सर्विस एजेंसी** किट: हर कैंपेन की लीड को परखा जाता है, लेबल लगाया जाता है और पूरी बातचीत के साथ सौंपा जाता है, और एजेंसी असली बुकिंग की रिपोर्ट देती है। ख़ुश क्लाइंट और अपने-आप होने वाले रिन्यूअल।\n${said("आदित्य शर्मा", "संस्थापक, डिजिटल मार्केटिंग एजेंसी", QUOTES_HI.aditya)}\n${KIT_CONTENTS_HI}`,
  },
  {
    name: KIT_NAMES_HI[4],
    words: "फ़्रीलांसर\nफ्रीलांसर\nकंसल्टेंट",
    reply: `**फ़्रीलांसर** के लिए एक इंडस्ट्री किट है। ${KIT_CONTENTS_HI}`,
  },
  {
    name: KIT_NAMES_HI[5],
    words: "सैलून\nपार्लर\nब्यूटी\nस्पा\nजिम\nफ़िटनेस\nफिटनेस",
    reply: `**सैलून, स्पा और फ़िटनेस** के लिए एक इंडस्ट्री किट है। ${KIT_CONTENTS_HI}`,
  },
];

/** The default of the contact reply in Hindi. */
const CONTACT_HI = `हमारी टीम से ऐसे संपर्क करें:\n\u2022 **WhatsApp**, 24×7, 30 सेकंड से कम में जवाब: [हमसे चैट करें]({whatsapp})\n\u2022 **फ़ोन**: {phone} ({phoneHours})\n\u2022 **ईमेल**: {email}, कामकाजी घंटों में 2 घंटे के अंदर जवाब\n\u2022 एंटरप्राइज़ ग्राहकों को 30 मिनट से कम में जवाब मिलता है।\nया [संपर्क पेज](/hi/contact) से हमें लिखें।`;

export const ASSISTANT_DEFAULTS_HI = {
  replies: {
    workflow: CHAT_REPLIES_HI.workflow,
    ai: CHAT_REPLIES_HI.ai,
    getting_started: CHAT_REPLIES_HI.getting_started,
    pricing: CHAT_REPLIES_HI.pricing,
    productivity: CHAT_REPLIES_HI.productivity,
    integrations: CHAT_REPLIES_HI.integrations,
    templates: CHAT_REPLIES_HI.templates,
  },
  greeting: CHAT_GREETING_REPLY_HI,
  menu: CHAT_MENU_HI,
  contact: CONTACT_HI,
  handover: {
    notSure: "इस बारे में मुझे पक्का नहीं पता, और मैं अंदाज़ा नहीं लगाना चाहता। हमारी टीम का कोई साथी आपको जवाब दे सकता है:",
    humanAsked: "ज़रूर। हमारी टीम के किसी साथी से ऐसे बात करें:",
    whatsapp: "\u2022 **WhatsApp** (24×7): [अपना सवाल उन्हें भेजें]({whatsapp})",
    phone: "\u2022 **फ़ोन**: {phone} ({phoneHours})",
    email: "\u2022 **ईमेल**: {email}",
    contactPage: "\u2022 या [संपर्क पेज](/hi/contact) से हमें लिखें।",
    whatsappMessage: `नमस्ते, मैंने ${PRODUCT} असिस्टेंट से पूछा: "{question}" ({page} पर)`,
    hindiNote: "हिन्दी में बात करना चाहेंगे? हमारी टीम का हिन्दी बोलने वाला साथी WhatsApp पर आपको जवाब देगा।",
    hindiPerson: "हमारी टीम में हिन्दी बोलने वाले साथी हैं: WhatsApp या फ़ोन पर आप उनसे हिन्दी में बात कर सकते हैं।",
    noHindiPerson: "अभी हमारी टीम में हिन्दी बोलने वाला कोई साथी उपलब्ध नहीं है, इसलिए टीम आपको अंग्रेज़ी में जवाब देगी; आप हिन्दी में लिखेंगे तो भी हम समझ लेंगे।",
    noKit: "{industry} के लिए अभी हमारी कोई ख़ास किट नहीं बनी है। इंडस्ट्री किट इनके लिए हैं: {kits}। आपके बिज़नेस के लिए क्या ठीक रहेगा, यह हमारी टीम बता सकती है।",
  },
  kits: ASSISTANT_KITS_HI,
};
