/**
 * The site's shared copy in Hindi (issue 33): the shell's words (header, footer, banner, splash, error and
 * not-found screens) and the visible labels of the option lists, each typed as the translation of its English
 * constant in ../site.ts (same keys, same functions). Product names, "WhatsApp", ₹ and numbers stay as they are.
 */
import type { Translation } from "../../i18n";
import { FOOTER_NEWSLETTER_HI } from "./footer-newsletter";
import type {
  BANNER_LABEL,
  BANNER_MESSAGES,
  CLOSING_CTA,
  ERROR_SCREEN,
  FOOTER,
  HEADER,
  INDUSTRIES,
  JOB_ROLES,
  NAV_LINKS,
  NOT_FOUND,
  SOCIAL_LABELS,
  SPLASH,
  WHATSAPP_BUTTON,
  TOAST_LABELS,
} from "../site";
import { PRODUCT, SPLASH as SPLASH_EN } from "../site";

export const HEADLINE_HI = "आपका डिजिटल ग्रोथ असिस्टेंट आ गया है";
export const TAGLINE_HI = "प्यार से हम इसे कहते हैं — आपका बिज़नेस बडी!";
export const SPLASH_TAGLINE_HI = "AI से चलने वाला आपका ग्रोथ पार्टनर";

export const NAV_LINKS_HI: Translation<typeof NAV_LINKS> = [
  { label: "होम", to: "/" },
  { label: "हमारे बारे में", to: "/about" },
  { label: "ब्लॉग", to: "/blogs" },
  { label: "AI सहायता", to: "/ai-help" },
  { label: "संपर्क", to: "/contact" },
];

export const HEADER_HI: Translation<typeof HEADER> = {
  signIn: "साइन इन",
  bookDemo: "डेमो बुक करें",
  openMenu: "मेन्यू खोलें",
  closeMenu: "मेन्यू बंद करें",
  homeLabel: `${PRODUCT} होम`,
  primaryNav: "मुख्य मेन्यू",
};

export const CLOSING_CTA_HI: Translation<typeof CLOSING_CTA> = {
  heading: "अगली पूछताछ का जवाब अब आपका बिज़नेस बडी देगा",
  text: "सिर्फ़ ₹1 में अपना पर्सनल डेमो बुक करें। आपकी इंडस्ट्री किट 72 घंटे में तैयार, कोई सेटअप फ़ीस नहीं।",
  bookDemo: "₹1 में अपना डेमो बुक करें",
  whatsapp: "WhatsApp पर पूछें",
  whatsappMessage: `नमस्ते, मुझे देखना है कि ${PRODUCT} मेरे ग्राहकों को WhatsApp पर कैसे जवाब दे सकता है।`,
  newTab: "(नए टैब में खुलता है)",
};

export const FOOTER_HI: Translation<typeof FOOTER> = {
  taglines: [`${PRODUCT} - आपका डिजिटल ग्रोथ असिस्टेंट`, `${PRODUCT} ❤️ आपके ग्राहक, ${PRODUCT} ❤️ आपके बिज़नेस की ग्रोथ`],
  about:
    "स्थानीय बिज़नेस के लिए AI ग्रोथ असिस्टेंट: यह दिन-रात WhatsApp पर आपके ग्राहकों को जवाब देता है, विज़िट बुक करता है और हर लीड का तब तक ध्यान रखता है, जब तक वह ख़रीदने को तैयार न हो जाए।",
  legalHeading: "क़ानूनी जानकारी",
  legalLinks: [
    { label: "प्राइवेसी पॉलिसी", to: "/privacy" },
    { label: "सेवा की शर्तें", to: "/terms" },
    { label: "रिफ़ंड पॉलिसी", to: "/refund" },
  ],
  exploreHeading: "उपयोगी लिंक",
  contactHeading: "संपर्क",
  followHeading: "हमें फ़ॉलो करें",
  emailLabel: "ईमेल",
  whatsappLabel: "WhatsApp",
  officeLabel: "ऑफ़िस",
  copyright: (year: number) => `© ${year} ${PRODUCT}. सर्वाधिकार सुरक्षित।`,
  // The footer form's own words live with the form (./footer-newsletter.ts): one Hindi for it, not two.
  newsletter: FOOTER_NEWSLETTER_HI,
};


export const SOCIAL_LABELS_HI: Translation<typeof SOCIAL_LABELS> = {
  facebook: "Facebook",
  whatsapp: "WhatsApp चैट",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
};

export const BANNER_MESSAGES_HI: Translation<typeof BANNER_MESSAGES> = [
  `${PRODUCT} आपके ग्राहकों और आपके बिज़नेस की ग्रोथ, दोनों का ध्यान रखता है`,
  `${PRODUCT} आपका भरोसेमंद, स्मार्ट डिजिटल असिस्टेंट है`,
  `${PRODUCT} आपके बिज़नेस का ग्रोथ बडी है`,
];

export const BANNER_LABEL_HI: Translation<typeof BANNER_LABEL> = "घोषणाएँ";

export const WHATSAPP_BUTTON_HI: Translation<typeof WHATSAPP_BUTTON> = {
  message: `नमस्ते, मुझे ${PRODUCT} के बारे में और जानना है!`,
  hoverLabel: "WhatsApp पर हमसे बात करें",
  closeLabel: "WhatsApp चैट बटन छिपाएँ",
  regionLabel: "WhatsApp चैट",
};

export const SPLASH_HI: Translation<typeof SPLASH> = {
  continueText: "आगे बढ़ने के लिए कहीं भी टैप या क्लिक करें",
  // The splash script's keys: the same in every language.
  sessionKey: SPLASH_EN.sessionKey,
  queryShow: SPLASH_EN.queryShow,
  queryReset: SPLASH_EN.queryReset,
};

export const ERROR_SCREEN_HI: Translation<typeof ERROR_SCREEN> = {
  title: "माफ़ कीजिए! कुछ गड़बड़ हो गई",
  apology: "माफ़ कीजिए, अचानक कोई दिक़्क़त आ गई। यह गड़बड़ी दर्ज कर ली गई है और हमारी टीम इसे देखेगी।",
  detailsLabel: "गड़बड़ी का ब्यौरा",
  refresh: "पेज दोबारा लोड करें",
  home: "होम पेज पर जाएँ",
  supportPrefix: "तुरंत मदद चाहिए? हमें लिखें:",
  unknownError: "अज्ञात गड़बड़ी",
};

export const NOT_FOUND_HI: Translation<typeof NOT_FOUND> = {
  code: "404",
  title: "माफ़ कीजिए! यह पेज नहीं मिला",
  message: "आप जो पेज ढूँढ रहे हैं, वह मौजूद नहीं है या कहीं और चला गया है।",
  home: "होम पेज पर लौटें",
};

export const SKIP_LINK_HI = "सीधे मुख्य सामग्री पर जाएँ";

/** The industries as a Hindi page shows them (the stored values stay the English ones, in the same order). */
export const INDUSTRIES_HI: Translation<typeof INDUSTRIES> = ["रियल एस्टेट", "हेल्थकेयर", "ई-कॉमर्स", "शिक्षा", "रेस्टोरेंट", "ऑटोमोबाइल", "चाइल्डकेयर"];

/** The job roles as a Hindi page shows them (stored values stay English). */
export const JOB_ROLES_HI: Translation<typeof JOB_ROLES> = [
  "CEO/संस्थापक",
  "प्रोडक्ट मैनेजर",
  "इंजीनियरिंग मैनेजर",
  "मार्केटिंग मैनेजर",
  "ऑपरेशंस मैनेजर",
  "सेल्स मैनेजर",
  "अन्य",
];


export const TOAST_LABELS_HI: Translation<typeof TOAST_LABELS> = { region: "सूचनाएँ", customRegion: "सूचनाएँ", close: "सूचना बंद करें" };

/** What a screen reader calls the slider and its slides on a Hindi page (aria-roledescription): the home's
 * and the contact page's. */
export const SLIDER_ROLES_HI = { carousel: "स्लाइडर", slide: "स्लाइड" } as const;
