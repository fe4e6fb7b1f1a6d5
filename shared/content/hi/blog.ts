/**
 * The blog in Hindi (issue 33): the listing (/hi/blogs), the post page, the categories' names, the browser-kept
 * Blogs page (/hi/blogs-advanced) and its two built-in articles. The newsletter form's words are in newsletter.ts.
 * Category *values* stay English (they are the posts' stored categories and the filter's query); only their names
 * shown to the reader are Hindi.
 */
import type { Translation } from "../../i18n";
import { type BLOG_CATEGORIES, type BLOG_LISTING, type BLOG_POST, BUILT_IN_BLOGS, LOCAL_BLOGS, type RSS } from "../blog";

type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** What a reader of a Hindi page sees for each category. */
export const BLOG_CATEGORY_NAMES_HI: Readonly<Record<BlogCategory, string>> = {
  All: "सभी",
  "Growth Strategy": "ग्रोथ रणनीति",
  "Case Study": "केस स्टडी",
  Healthcare: "हेल्थकेयर",
  "Real Estate": "रियल एस्टेट",
  Technology: "टेक्नोलॉजी",
  "Tips & Tricks": "टिप्स और ट्रिक्स",
};

export const BLOG_LISTING_HI: Translation<typeof BLOG_LISTING> = {
  title: "ब्लॉग",
  metaDescription: "WhatsApp पर 24×7 AI असिस्टेंट के साथ लोकल बिज़नेस बढ़ाने के काम के आइडिया, केस स्टडी और आसान गाइड।",
  eyebrow: "Wise Parrot ब्लॉग",
  heroTitle: "हर बातचीत के साथ अपना बिज़नेस बढ़ाइए",
  heroText:
    "लोकल बिज़नेस के लिए रणनीतियाँ, सच्ची कहानियाँ और क़दम-दर-क़दम टिप्स, ताकि WhatsApp पर आई हर पूछताछ का जवाब मिले, फ़ॉलो-अप हो और वह ग्राहक बने।",
  stats: { readers: "कुल पाठक", likes: "कुल लाइक", articles: "लेख" },
  searchLabel: "लेख खोजें",
  searchPlaceholder: "लेख खोजें...",
  categoryLabel: "श्रेणी",
  featuredOnly: "सिर्फ़ ख़ास लेख",
  applyFilters: "फ़िल्टर लगाएँ",
  featuredBadge: "ख़ास",
  readFull: "पूरा लेख पढ़ें",
  loading: "लेख लोड हो रहे हैं...",
  emptyFiltered: { title: "कोई लेख नहीं मिला", text: "अपनी खोज या फ़िल्टर बदलकर देखें", clear: "फ़िल्टर हटाएँ" },
  emptyNone: { title: "अभी कोई ब्लॉग पोस्ट नहीं है", button: "सैंपल ब्लॉग जोड़ें", busy: "जोड़ रहे हैं..." },
  seedConfirm: "इससे शुरुआत के लिए 3 सैंपल ब्लॉग पोस्ट जुड़ जाएँगी। जारी रखें?",
  seedFailed: (message: string) => `सैंपल ब्लॉग नहीं जुड़ पाए: ${message}`,
  seedFailedGeneric: "सैंपल ब्लॉग नहीं जुड़ पाए। कृपया फिर से कोशिश करें।",
  seedRefused: "सैंपल पोस्ट सिर्फ़ उसी ब्लॉग में जुड़ सकती हैं जिसमें कभी कोई पोस्ट न रही हो।",
  seeded: (added: number) =>
    added === 0 ? "सभी सैंपल ब्लॉग पोस्ट पहले से मौजूद हैं। कुछ नया नहीं जोड़ा गया।" : `${added} सैंपल ब्लॉग पोस्ट जुड़ गईं!`,
  seedContinue: "जारी रखें",
  seedCancel: "रद्द करें",
  pagesLabel: "पेज",
  newer: "← नए लेख",
  older: "पुराने लेख →",
  resultsFound: (n: number) => `${n} लेख दिखाए गए`,
  viewsLabel: "व्यूज़",
  likesLabel: "लाइक",
  viewLabel: "व्यू",
  likeLabel: "लाइक",
  moreTags: (n: number) => `+${n} और`,
};

export const BLOG_POST_HI: Translation<typeof BLOG_POST> = {
  loading: "ब्लॉग पोस्ट लोड हो रही है...",
  notFound: "लेख नहीं मिला",
  notFoundText: "आप जो लेख ढूँढ रहे हैं वह मौजूद नहीं है या कहीं और चला गया है।",
  back: "ब्लॉग पर वापस जाएँ",
  like: "लाइक करें",
  liked: "लाइक किया",
  share: "शेयर करें",
  urlCopied: "लिंक कॉपी हो गया!",
  likeLimited: "आज आपके नेटवर्क से इस पोस्ट पर बहुत ज़्यादा लाइक आ चुके हैं। कृपया कल फिर कोशिश करें।",
  views: "व्यूज़",
  likes: "लाइक",
  oneView: "व्यू",
  oneLike: "लाइक",
  tags: "टैग",
  sectionsLabel: "लेख",
  cta: {
    title: "अपने बिज़नेस को नई रफ़्तार देने के लिए तैयार हैं?",
    text: "देखिए कैसे Wise Parrot हर पूछताछ का जवाब देता है, विज़िट बुक करता है और आपकी लीड से 24×7 WhatsApp पर फ़ॉलो-अप करता है।",
    bookDemo: "डेमो बुक करें",
    whatsapp: "WhatsApp पर बात करें",
    whatsappMessage: "नमस्ते, मैंने अभी आपके ब्लॉग पर एक लेख पढ़ा। मुझे जानना है कि Wise Parrot मेरा बिज़नेस कैसे बढ़ा सकता है।",
  },
  related: "मिलते-जुलते लेख",
  newTab: "(नए टैब में खुलता है)",
};

/** The post page's words about a post's language and its translation (issue 33); the English page's are in ../blog.ts. */
export const POST_LANGUAGE_LINKS = {
  /** On a Hindi page, to the post's English translation. */
  hi: { before: "यह लेख ", name: "अंग्रेज़ी", after: " में पढ़ें", nameLang: "hi" },
  /** Said before an English post's article on a Hindi page (its text is English). */
  englishNotice: "यह लेख अंग्रेज़ी में है।",
} as const;

export const LOCAL_BLOGS_HI: Translation<typeof LOCAL_BLOGS> = {
  title: "ब्लॉग",
  metaDescription: "हमारे लेख पढ़ें और अपने लेख भी रखें: ऐसे ब्लॉग और बुकमार्क लिखें जो इसी ब्राउज़र में सहेजे रहते हैं।",
  heroTitle: "हमारे ब्लॉग",
  heroText: "हमारे लेख पढ़ें, पसंद आए लेख बुकमार्क करें और अपने लेख लिखें। आपके ब्लॉग और बुकमार्क इसी ब्राउज़र में रहते हैं।",
  stats: { total: "कुल लेख", yours: "आपके ब्लॉग" },
  readTime: "पढ़ने में 5 मिनट",
  free: "मुफ़्त में पढ़ें",
  readFull: "पूरा लेख पढ़ें",
  readLess: "कम दिखाएँ",
  bookmark: "बुकमार्क करें",
  bookmarked: "बुकमार्क किया",
  share: "शेयर करें",
  delete: "हटाएँ",
  deleteConfirm: "क्या आप सच में यह ब्लॉग हटाना चाहते हैं?",
  confirm: "हाँ, हटाएँ",
  cancel: "रद्द करें",
  noBlogs: "अभी कोई ब्लॉग नहीं है।",
  errors: {
    delete: "ब्लॉग नहीं हट पाया। कृपया फिर से कोशिश करें।",
    load: "ब्लॉग लोड नहीं हो पाए। कृपया पेज रीफ़्रेश करें।",
    save: "आपका ब्लॉग सहेजा नहीं जा सका। कृपया फिर से कोशिश करें।",
  },
  copied: "ब्लॉग का टेक्स्ट कॉपी हो गया!",
  noticeMs: LOCAL_BLOGS.noticeMs,
  bookmarksHeading: "आपके बुकमार्क",
  noBookmarks: "अभी कोई बुकमार्क नहीं है।",
  form: {
    heading: "ब्लॉग लिखें",
    title: "शीर्षक",
    description: "लेख",
    descriptionHelp: "पैराग्राफ़ के बीच एक ख़ाली लाइन छोड़ें। दो तारांकन (**) के बीच लिखा टेक्स्ट बोल्ड होगा; बुलेट के लिए लाइन . या - से शुरू करें।",
    author: "लेखक",
    image: "इमेज का पता (वैकल्पिक)",
    submit: "ब्लॉग प्रकाशित करें",
    saved: "आपका ब्लॉग प्रकाशित हो गया है।",
    required: "कृपया शीर्षक, लेख और लेखक का नाम भरें।",
    missing: { title: "कृपया शीर्षक लिखें।", description: "कृपया ब्लॉग का लेख लिखें।", author: "कृपया लेखक का नाम लिखें।" },
    badImage: "इमेज का पता किसी वेबसाइट का पूरा पता होना चाहिए (जैसे https://example.com/photo.jpg)।",
  },
  byline: (author: string) => `लेखक: ${author}`,
  storageKeys: LOCAL_BLOGS.storageKeys,
  maxLengths: LOCAL_BLOGS.maxLengths,
};

/** The two built-in articles of /hi/blogs-advanced, in Hindi (same ids, so bookmarks are shared across languages). */
export const BUILT_IN_BLOGS_HI: Translation<typeof BUILT_IN_BLOGS> = [
  {
    ...BUILT_IN_BLOGS[0]!,
    title: "24×7 WhatsApp असिस्टेंट छूटी हुई पूछताछ को ग्राहकों में कैसे बदलता है",
    description:
      "ज़्यादातर लोकल बिज़नेस ग्राहक खो देते हैं और उन्हें पता भी नहीं चलता: रात 10 बजे पूछताछ आती है, कोई जवाब नहीं देता, और सुबह तक ग्राहक किसी और के पास बुकिंग कर चुका होता है।\n\n**डिजिटल ग्रोथ असिस्टेंट दिन हो या रात, कुछ ही सेकंड में जवाब देता है।** वह ग्राहक का स्वागत करता है, आपकी अपनी जानकारी से आम सवालों के जवाब देता है और अगला क़दम बुक करता है।\n\n- हर WhatsApp मैसेज का कुछ ही सेकंड में जवाब\n- मीटिंग, साइट विज़िट और अपॉइंटमेंट की बुकिंग\n- हर लीड पर लेबल और छोटे-छोटे फ़ॉलो-अप\n\nनतीजा सीधा है: ज़्यादा बातचीत ग्राहक बनती हैं, और आपकी टीम का समय उन लोगों पर लगता है जो ख़रीदने के लिए तैयार हैं।",
    author: "Wise Parrot टीम",
  },
  {
    ...BUILT_IN_BLOGS[1]!,
    title: "फ़ॉलो-अप की पाँच आदतें जो आपकी बिक्री दोगुनी कर दें",
    description:
      "ज़्यादातर बिक्री फ़ॉलो-अप से ही होती है, और ज़्यादातर बिज़नेस यहीं जल्दी हार मान लेते हैं।\n\n**सबसे ज़रूरी है रफ़्तार।** पहले पाँच मिनट में जवाब पाने वाली लीड के ग्राहक बनने की संभावना एक घंटे बाद जवाब पाने वाली लीड से कहीं ज़्यादा होती है।\n\n. पहले जवाब दें, फिर परखें\n. एक साफ़ अगला क़दम सुझाएँ, जैसे कॉल या विज़िट\n. पहले, तीसरे और सातवें दिन फ़ॉलो-अप करें\n. लीड को हॉट, वॉर्म या कोल्ड का लेबल दें\n. ग्राहक मना करे तो रुक जाएँ\n\nअसिस्टेंट ये आदतें आपके लिए हर दिन निभा सकता है, ताकि कोई लीड भूली न जाए।",
    author: "Wise Parrot टीम",
  },
];

/** The Hindi feed (/hi/rss.xml): Hindi posts only. */
export const RSS_HI: Translation<typeof RSS> = {
  title: "Wise Parrot ब्लॉग (हिन्दी)",
  description: "WhatsApp पर 24×7 AI असिस्टेंट के साथ लोकल बिज़नेस बढ़ाने पर लेख।",
  language: "hi",
};

/** The months as a Hindi page names them (a post's date: "29 जुलाई 2024"). */
export const MONTHS_HI = ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"] as const;
