/**
 * The home page in Hindi (issue 33): every constant of ../home.ts, written for an Indian small-business owner
 * reading on a phone. The claims are the English page's, no more: kits ready in 72 hours, no setup fees, a ₹1
 * demo. Sample names, places and figures of the drawn conversations are the English ones, in Devanagari.
 */
import type { Translation } from "../../i18n";
import type {
  AUDIENCE,
  AVAILABLE_FOR,
  BENEFITS,
  COMPARISON,
  DEMO_VIDEO,
  HERO,
  HOME_META,
  KIT,
  LEADS_BOARD,
  METRICS,
  PAIN_POINTS,
  PROMISE,
  STEPS,
  TESTIMONIALS,
  TRUST_SLOTS,
  WISE_CORE,
  WISE_CORE_DIAGRAM,
} from "../home";
import { ENGINE, PRODUCT } from "../site";
import { HEADLINE_HI, TAGLINE_HI } from "./site";
import { QUOTES_HI } from "./testimonial-quotes";

export const HOME_META_HI: Translation<typeof HOME_META> = {
  // The page people search for in Hindi: its title carries the words (issue 44), not the bare English name.
  title: `${PRODUCT} – WhatsApp पर आपका AI ग्रोथ असिस्टेंट`,
  description: `${HEADLINE_HI}। ${PRODUCT} दिन-रात WhatsApp पर आपके ग्राहकों को जवाब देता है, विज़िट बुक करता है और हर लीड का ध्यान रखता है। इंडस्ट्री किट 72 घंटे में तैयार, कोई सेटअप फ़ीस नहीं।`,
};

export const HERO_HI: Translation<typeof HERO> = {
  eyebrow: "AI मार्केटिंग और सेल्स असिस्टेंट, 24×7",
  headline: HEADLINE_HI,
  tagline: TAGLINE_HI,
  description: `${PRODUCT} WhatsApp और सोशल मीडिया पर आपके ग्राहकों से बात करता है, हर पूछताछ का जवाब सेकंडों में देता है, मीटिंग और साइट विज़िट बुक करता है, सही सर्विस सुझाता है और तब तक फ़ॉलो-अप करता है जब तक लीड ख़रीदने को तैयार न हो। आपकी इंडस्ट्री किट 72 घंटे में तैयार, कोई सेटअप फ़ीस नहीं।`,
  bookDemo: "सिर्फ़ ₹1 में डेमो बुक करें",
  demoVideos: { long: "पहले मुफ़्त डेमो वीडियो देखें", short: "डेमो वीडियो" },
  whatsappChat: { long: "WhatsApp पर और जानें", short: "WhatsApp चैट" },
  demoVideosMessage: `नमस्ते, कृपया मुझे ${PRODUCT} के मुफ़्त डेमो वीडियो भेजें।`,
  whatsappMessage: "नमस्ते",
  watchHere: "इसी पेज पर प्रोडक्ट डेमो चलाएँ",
  newTab: "(नए टैब में खुलता है)",
  trust: ["72 घंटे में तैयार", "कोई सेटअप फ़ीस नहीं", "डेमो सिर्फ़ ₹1 में"],
  chatTitle: `${PRODUCT} · ऑनलाइन`,
  chatStatus: "सेकंडों में जवाब",
  chat: [
    { from: "customer", text: "नमस्ते, क्या बाणेर वाला 2 BHK अभी भी उपलब्ध है?" },
    { from: "assistant", text: "जी हाँ! 2 BHK, 980 वर्ग फ़ुट, तुरंत रहने लायक़। क्या आप शनिवार सुबह 11 बजे या शाम 4 बजे साइट विज़िट करना चाहेंगे?" },
    { from: "customer", text: "शाम 4 बजे ठीक रहेगा" },
    { from: "assistant", text: "शनिवार शाम 4 बजे की विज़िट बुक हो गई। मैं आपको लोकेशन भेज दूँगा और उस सुबह याद भी दिला दूँगा।" },
  ],
  chatCompact: [
    { from: "customer", text: "नमस्ते, क्या बाणेर वाला 2 BHK अभी भी उपलब्ध है?" },
    { from: "assistant", text: "जी हाँ! शनिवार को साइट विज़िट, सुबह 11 बजे या शाम 4 बजे?" },
    { from: "event", text: "✓ साइट विज़िट बुक · शनि शाम 4 बजे" },
  ],
};

export const DEMO_VIDEO_HI: Translation<typeof DEMO_VIDEO> = {
  heading: `${PRODUCT} को काम करते देखें`,
  description: "एक असली बातचीत, WhatsApp के पहले मैसेज से बुक हुई विज़िट तक, तीन मिनट से भी कम में।",
  iframeTitle: `${PRODUCT} प्रोडक्ट डेमो वीडियो`,
  close: "डेमो वीडियो बंद करें",
};

export const PAIN_POINTS_HI: Translation<typeof PAIN_POINTS> = {
  heading: "क्या आपके साथ भी ऐसा होता है?",
  intro: "ज़्यादातर लोकल बिज़नेस ग्राहक इसलिए नहीं खोते कि कॉम्पिटिटर बेहतर है, बल्कि इसलिए कि समय पर कोई जवाब नहीं देता।",
  cards: [
    {
      icon: "moon",
      title: "रात भर में लीड ठंडी पड़ जाती है",
      text: "रात 11 बजे पूछताछ आती है। सुबह जब तक कोई जवाब देता है, तब तक ग्राहक किसी और को फ़ोन कर चुका होता है।",
    },
    {
      icon: "repeat",
      title: "दिन भर वही सवाल",
      text: "दाम, लोकेशन, समय, उपलब्धता। आपकी टीम ज़रूरी सौदे पक्के करने के बजाय यही जवाब सौ बार देती रहती है।",
    },
    {
      icon: "leak",
      title: "विज्ञापन का पैसा बेकार जाता है",
      text: "हर क्लिक का पैसा आप देते हैं, पर जिन्होंने दिलचस्पी दिखाई और बुक नहीं किया, उनसे कोई फ़ॉलो-अप नहीं करता।",
    },
    {
      icon: "calendarX",
      title: "अपॉइंटमेंट छूट जाते हैं",
      text: "विज़िट और कंसल्टेशन बुक तो हो जाते हैं, पर ग्राहक भूल जाते हैं। न रिमाइंडर जाता है, न ग्राहक आता है, और स्लॉट ख़ाली रह जाता है।",
    },
  ],
};

export const PROMISE_HI: Translation<typeof PROMISE> = {
  heading: "हमारा वादा",
  text: `${PRODUCT} हर ग्राहक को सेकंडों में, किसी भी समय, आपके ब्रांड के अंदाज़ में जवाब देता है और बुकिंग होने तक फ़ॉलो-अप करता रहता है। आप ग्राहकों की सेवा पर ध्यान दें; नए ग्राहक ढूँढने का काम आपका बिज़नेस बडी करता रहेगा।`,
};

export const BENEFITS_HI: Translation<typeof BENEFITS> = {
  heading: `${PRODUCT} आपके लिए क्या करता है`,
  intro: "एक असिस्टेंट, जो साल के हर दिन आपके लिए मार्केटिंग, सेल्स और फ़ॉलो-अप करता है।",
  cards: [
    {
      icon: "bolt",
      title: "24×7, सेकंडों में जवाब",
      text: "WhatsApp और सोशल मीडिया की हर पूछताछ का तुरंत और सही जवाब — रात हो या दिन, रोज़ का दिन हो या त्योहार।",
    },
    {
      icon: "calendarCheck",
      title: "मीटिंग और साइट विज़िट बुक करता है",
      text: "ख़ाली स्लॉट बताता है, बुकिंग पक्की करता है और रिमाइंडर भेजता है, ताकि ज़्यादा अपॉइंटमेंट सच में पूरे हों।",
    },
    {
      icon: "target",
      title: "सही ऑफ़र सुझाता है",
      text: "सही सवाल पूछकर हर ग्राहक की ज़रूरत और बजट के हिसाब से सही प्रोडक्ट या सर्विस सुझाता है।",
    },
    {
      icon: "tag",
      title: "हर लीड को लेबल करता है और संभालता है",
      text: "लीड को हॉट, वॉर्म या कोल्ड का लेबल मिलता है, और ख़रीदने को तैयार होने तक उन्हें सिलसिलेवार मैसेज जाते रहते हैं।",
    },
    {
      icon: "megaphone",
      title: "आपके बिज़नेस का प्रचार करता है",
      text: "असरदार कॉपी वाले पेड विज्ञापन नई पूछताछ लाते हैं, और असिस्टेंट उन्हें तुरंत बातचीत में बदल देता है।",
    },
  ],
};

/**
 * What a component shows besides the owner's copy (its controls' names), apart from the page's words: a page's
 * script carries these only (the words come with the page's data), so the other language costs it little.
 */
export type MetricsLabels = Pick<typeof METRICS, "showLabel" | "allLabel">;
export const METRICS_LABELS_HI: Translation<MetricsLabels> = {
  showLabel: (n: number, total: number) => `${total} में से नतीजा ${n} दिखाएँ`,
  allLabel: "तीनों नतीजे",
};

export const METRICS_HI: Translation<typeof METRICS> = {
  heading: "हमारे क्लाइंट को मिले नतीजे",
  intro: "उन बिज़नेस के आँकड़े, जिन्होंने अपनी WhatsApp पूछताछ अपने बिज़नेस बडी को सौंप दी।",
  ...METRICS_LABELS_HI,
  items: [
    { value: "3 गुना", label: "पहले 10 दिनों में डेमो बुकिंग" },
    { value: "50%", label: "ज़्यादा ग्राहक अपॉइंटमेंट पर पहुँचे" },
    { value: "4 गुना", label: "विज्ञापन ख़र्च पर रिटर्न" },
  ],
};

export type AudienceLabels = Omit<typeof AUDIENCE, "heading" | "intro" | "slides">;
export const AUDIENCE_LABELS_HI: Translation<AudienceLabels> = {
  label: "हम किन इंडस्ट्री के साथ काम करते हैं",
  beforeLabel: "पहले",
  afterLabel: "बाद में",
  outcomeLabel: "नतीजा",
  play: "स्लाइड शो चलाएँ",
  pause: "स्लाइड शो रोकें",
  previous: "पिछली इंडस्ट्री",
  next: "अगली इंडस्ट्री",
  slideLabel: (n: number, total: number) => `${total} में से ${n}`,
  dotLabel: (n: number, name: string) => `इंडस्ट्री ${n} दिखाएँ: ${name}`,
  dotsLabel: "इंडस्ट्री चुनें",
};

export const AUDIENCE_HI: Translation<typeof AUDIENCE> = {
  heading: "उन बिज़नेस के लिए बना, जो पूछताछ पर चलते हैं",
  intro: "देखिए, पहले कुछ हफ़्तों में हर इंडस्ट्री में क्या बदलता है।",
  ...AUDIENCE_LABELS_HI,
  slides: [
    {
      industry: "रियल एस्टेट",
      conversation: [
        { from: "customer", text: "नमस्ते, ग्रीन हाइट्स में 3 BHK का क्या दाम है?" },
        { from: "assistant", text: "₹1.2 करोड़, 1,450 वर्ग फ़ुट, मार्च में पज़ेशन। क्या इस वीकेंड साइट विज़िट बुक कर दूँ?" },
        { from: "event", text: "✓ साइट विज़िट बुक · रविवार सुबह 11 बजे" },
        { from: "assistant", text: "रिमाइंडर: ग्रीन हाइट्स की आपकी विज़िट कल सुबह 11 बजे है।" },
      ],
      before: "पोर्टल और विज्ञापनों से प्रॉपर्टी की पूछताछ जमा होती रहती है। एजेंट घंटों बाद फ़ोन करते हैं और तब तक ख़रीदार कोई दूसरा प्रोजेक्ट देख चुका होता है।",
      after: "हर ख़रीदार को बजट, लोकेशन और फ़्लोर प्लान के जवाब तुरंत मिलते हैं, और साइट विज़िट सीधे एजेंट के कैलेंडर में बुक हो जाती है।",
      outcome: "उसी विज्ञापन बजट में ज़्यादा साइट विज़िट",
    },
    {
      industry: "हेल्थकेयर",
      conversation: [
        { from: "customer", text: "क्या कल शाम डॉ. पाटिल से मिल सकते हैं?" },
        { from: "assistant", text: "कल शाम 6:30 या 7:15 बजे डॉ. पाटिल का समय ख़ाली है। आपको कौन-सा ठीक रहेगा?" },
        { from: "event", text: "✓ अपॉइंटमेंट बुक · शाम 6:30 बजे" },
        { from: "assistant", text: "रिमाइंडर: आपका अपॉइंटमेंट आज शाम 6:30 बजे है। समय बदलना हो तो 1 लिखकर भेजें।" },
      ],
      before: "रिसेप्शन फ़ोन सँभालने में ही उलझा रहता है, और मरीज़ इंतज़ार करते रहते हैं। WhatsApp पर अपॉइंटमेंट की रिक्वेस्ट का जवाब नहीं जाता और न आने वाले मरीज़ पूरा दिन बिगाड़ देते हैं।",
      after: "मरीज़ WhatsApp पर ख़ुद अपॉइंटमेंट बुक करते हैं, समय बदलते हैं और रिमाइंडर पाते हैं; क्लिनिक का समय और डॉक्टर की उपलब्धता हमेशा अपडेट रहती है।",
      outcome: "भरा हुआ शेड्यूल और कम छूटे अपॉइंटमेंट",
    },
    {
      industry: "मार्केटिंग एजेंसियाँ",
      conversation: [
        { from: "customer", text: "आपका विज्ञापन देखा। ब्राइडल पैकेज कितने का है?" },
        { from: "assistant", text: "पैकेज ₹25,000 से शुरू होते हैं। क्या आप अपनी शादी की तारीख़ और शहर बता सकती हैं?" },
        { from: "event", text: "✓ लीड जाँची गई · हॉट · क्लाइंट को भेजी गई" },
        { from: "assistant", text: "नमस्ते नेहा, स्टूडियो के साथ आपका कंसल्टेशन शुक्रवार शाम 5 बजे है।" },
      ],
      before: "क्लाइंट के कैंपेन से लीड तो आती हैं, पर उन्हें जल्दी कोई परखता नहीं, और ख़राब लीड का दोष एजेंसी पर आता है।",
      after: "कैंपेन की हर लीड परखी जाती है, उस पर लेबल लगता है और पूरी बातचीत के साथ गरम लीड सौंपी जाती है, और एजेंसी क्लाइंट को असली बुकिंग की रिपोर्ट दिखा पाती है।",
      outcome: "ख़ुश क्लाइंट, और रिन्यूअल बिना कोशिश के",
    },
    {
      industry: "छोटे बिज़नेस",
      conversation: [
        { from: "customer", text: "क्या आप रविवार को कोथरूड में केक डिलीवर करते हैं?" },
        { from: "assistant", text: "जी हाँ, कोथरूड में डिलीवरी मुफ़्त है। क्या मैं मेन्यू और रविवार के स्लॉट भेज दूँ?" },
        { from: "event", text: "✓ ऑर्डर पक्का · रविवार शाम 4 बजे" },
        { from: "assistant", text: "आपका केक दोपहर 3:30 बजे बेकरी से निकलेगा। दोबारा ऑर्डर करने के लिए धन्यवाद!" },
      ],
      before: "मालिक देर रात तक हर मैसेज का जवाब ख़ुद देते हैं, और व्यस्त हफ़्ते में फ़ॉलो-अप भूल जाते हैं।",
      after: "रोज़ के सवाल असिस्टेंट सँभालता है, हर कोटेशन पर फ़ॉलो-अप करता है और चुप हो गए ग्राहकों को वापस लाता है।",
      outcome: "हर हफ़्ते घंटों की बचत और बार-बार लौटने वाले ग्राहक",
    },
  ],
};

export const LEADS_BOARD_HI: Translation<typeof LEADS_BOARD> = {
  title: "इस हफ़्ते की लीड",
  live: "उदाहरण",
  columns: [
    { name: "नई", dot: "bg-sky-500", leads: [{ name: "प्रिया नायर", note: "2 BHK, बाणेर" }, { name: "इमरान शेख़", note: "दाम की पूछताछ" }] },
    { name: "हॉट", dot: "bg-rose-500", leads: [{ name: "कविता जोशी", note: "फ़ॉलो-अप, दिन 3" }, { name: "साहिल मेहता", note: "ब्रोशर माँगा" }] },
    { name: "बुक", dot: "bg-emerald-500", leads: [{ name: "अनिल राव", note: "विज़िट शनि शाम 4 बजे" }, { name: "नेहा गुप्ता", note: "कॉल सोम सुबह 11 बजे" }] },
  ],
};

export const WISE_CORE_HI: Translation<typeof WISE_CORE> = {
  heading: `${ENGINE} की ताक़त से`,
  text: `${ENGINE} आपके असिस्टेंट का दिमाग़ है। हम इसे आपके बिज़नेस पर ट्रेन करते हैं, ताकि हर जवाब ऐसा लगे जैसे आपका सबसे क़ाबिल सेल्समैन पूरे जोश में बात कर रहा हो।`,
  trainedOnLabel: "आपकी इन बातों पर ट्रेन किया गया",
  trainedOn: ["सर्विसेज़", "ख़ासियतें", "ग्राहकों की परेशानियाँ", "पिच", "ब्रांड का अंदाज़"],
};

export const WISE_CORE_DIAGRAM_HI: Translation<typeof WISE_CORE_DIAGRAM> = {
  coreTop: "Wise",
  coreBottom: "Core",
  outputs: ["तुरंत जवाब", "बुकिंग", "फ़ॉलो-अप"],
  label: (inputs: readonly string[], outputs: readonly string[]) =>
    `चित्र: ${ENGINE} आपकी ${inputs.join(", ")} सीखता है और उन्हें ${outputs.join(", ")} में बदलता है।`,
};

export const STEPS_HI: Translation<typeof STEPS> = {
  heading: "यह कैसे काम करता है",
  intro: "पहली कॉल से लाइव असिस्टेंट तक 72 घंटे में, कोई सेटअप फ़ीस नहीं।",
  items: [
    { title: "अपना डेमो बुक करें", text: "सिर्फ़ ₹1 में पर्सनल डेमो बुक करें और हमें अपने बिज़नेस के बारे में बताएँ।" },
    { title: "अपने बिज़नेस की जानकारी दें", text: "अपनी सर्विसेज़, दाम, ख़ासियतें और ग्राहकों के सबसे आम सवाल हमें भेजें।" },
    { title: "हम Wise Core को ट्रेन करते हैं", text: "आपका असिस्टेंट आपकी पिच, ग्राहकों की परेशानियाँ और आपके ब्रांड का अंदाज़ सीखता है।" },
    { title: "72 घंटे में लाइव", text: "आपकी इंडस्ट्री किट WhatsApp और आपके विज्ञापनों से जुड़ जाती है, कोई सेटअप फ़ीस नहीं।" },
    { title: "ग्रोथ अपने आप", text: "लीड को जवाब मिलते हैं, उनका ध्यान रखा जाता है और बुकिंग होती है, और आप नतीजे आते देखते हैं।" },
  ],
  bookDemo: "डेमो बुक करें",
  bookDemoNote: "डेमो ₹1 में · कोई सेटअप फ़ीस नहीं",
};

export const KIT_HI: Translation<typeof KIT> = {
  heading: "आपकी इंडस्ट्री किट में क्या-क्या है",
  intro: "पहले ही दिन से पूछताछ को ग्राहक में बदलने के लिए ज़रूरी सब कुछ।",
  items: [
    { title: "AI स्मार्ट WhatsApp बॉट", text: "आपके बिज़नेस पर ट्रेन किया हुआ, चौबीसों घंटे जवाब देता और बुकिंग करता है।" },
    { title: "पेड विज्ञापन और असरदार कॉपी", text: "चलाने को तैयार कैंपेन, ऐसी कॉपी के साथ जो आपके ग्राहकों से उनकी भाषा में बात करे।" },
    { title: "नर्चरिंग स्क्रिप्ट", text: "ऐसी बातचीत जो भरोसा बनाए और हर लीड को एक क़दम आगे ले जाए।" },
    { title: "फ़ॉलो-अप सीक्वेंस", text: "सही समय पर जाने वाले मैसेज, जो चुप हो गई लीड को वापस लाते हैं।" },
    { title: "ऑनबोर्डिंग SOP", text: "आसान चेकलिस्ट, ताकि आपकी टीम को ठीक-ठीक पता हो कि क्या करना है।" },
  ],
};

export const AVAILABLE_FOR_HI: Translation<typeof AVAILABLE_FOR> = {
  heading: "इंडस्ट्री किट इनके लिए उपलब्ध हैं",
  items: ["रियल एस्टेट", "हेल्थकेयर और क्लिनिक", "कोचिंग क्लासेज़", "सर्विस एजेंसियाँ", "फ़्रीलांसर", "सैलून, स्पा और फ़िटनेस"],
};

export type TestimonialsLabels = Pick<typeof TESTIMONIALS, "ratingLabel">;
export const TESTIMONIALS_LABELS_HI: Translation<TestimonialsLabels> = {
  ratingLabel: (stars: number) => `5 में से ${stars} रेटिंग`,
};

export const TESTIMONIALS_HI: Translation<typeof TESTIMONIALS> = {
  heading: "स्थानीय बिज़नेस का भरोसा",
  ...TESTIMONIALS_LABELS_HI,
  items: [
    {
      quote: QUOTES_HI.rohan,
      name: "रोहन देशमुख",
      role: "रियल एस्टेट एजेंट, पुणे",
      rating: 5,
      business: "रियल एस्टेट",
      city: "पुणे",
    },
    {
      quote: QUOTES_HI.meera,
      name: "डॉ. मीरा कुलकर्णी",
      role: "क्लिनिक की मालिक",
      rating: 5,
      business: "हेल्थकेयर क्लिनिक",
    },
    {
      quote: QUOTES_HI.aditya,
      name: "आदित्य शर्मा",
      role: "संस्थापक, डिजिटल मार्केटिंग एजेंसी",
      rating: 5,
      business: "मार्केटिंग एजेंसी",
    },
  ],
};

export const TRUST_SLOTS_HI: Translation<typeof TRUST_SLOTS> = {
  logosHeading: "ये बिज़नेस हम पर भरोसा करते हैं",
  logos: [],
  partnerBadge: null,
  aboutPhoto: null,
};

export type ComparisonLabels = Omit<typeof COMPARISON, "heading" | "intro" | "rows">;
export const COMPARISON_LABELS_HI: Translation<ComparisonLabels> = {
  caption: `${PRODUCT} की ख़ूबियों की तुलना WhatsApp CRM, AI बॉट टूल और फ़्रीलांसर से`,
  featureHeader: "ख़ूबी",
  scrollLabel: "तुलना की तालिका (छोटी स्क्रीन पर बग़ल में स्क्रॉल होती है)",
  scrollHint: "पूरी तुलना के लिए टेबल को दाईं ओर स्क्रॉल करें →",
  columns: [PRODUCT, "WhatsApp CRM", "AI बॉट टूल", "फ़्रीलांसर"],
  values: { yes: "हाँ", no: "नहीं", partial: "आंशिक" },
};

export const COMPARISON_HI: Translation<typeof COMPARISON> = {
  heading: `${PRODUCT} ही क्यों?`,
  intro: "पूछताछ सँभालने के आम तरीक़ों से हमारी तुलना।",
  ...COMPARISON_LABELS_HI,
  rows: [
    { feature: "24×7, सेकंडों में जवाब", values: ["yes", "partial", "yes", "no"] },
    { feature: "आपके बिज़नेस और ब्रांड के अंदाज़ पर ट्रेन किया गया", values: ["yes", "no", "partial", "partial"] },
    { feature: "मीटिंग और साइट विज़िट बुक करता है", values: ["yes", "partial", "partial", "yes"] },
    { feature: "असरदार कॉपी के साथ पेड विज्ञापन शामिल", values: ["yes", "no", "no", "partial"] },
    { feature: "लीड का ध्यान और फ़ॉलो-अप सीक्वेंस", values: ["yes", "partial", "no", "partial"] },
    { feature: "72 घंटे में तैयार, कोई सेटअप फ़ीस नहीं", values: ["yes", "no", "no", "no"] },
  ],
};

/** The comparison table's caption made from the owner's columns (the default columns keep COMPARISON_HI.caption). */
export function comparisonCaptionHi(ours: string, others: readonly string[]): string {
  return `${ours} की ख़ूबियों की तुलना ${others.join(", ")} से`;
}
