/**
 * The account pages, their messages and the account e-mails in Hindi (issue 33). Each constant is the translation of
 * the English one of the same name in ../auth.ts; the values of the forms (industry, role) stay the English ones the
 * server knows, only what is shown is Hindi.
 */
import type { Translation } from "../../i18n";
import type { MailBlock } from "../audience";
import type { AUTH_MESSAGES, AUTH_VALIDATION, FORGOT_PAGE, KitTemplate, PROVIDERS, RESET_PAGE, SIGN_IN_PAGE, SIGN_UP_PAGE, TEMPLATES_PAGE, VERIFY_PAGE } from "../auth";
import { AUTH_RULES } from "../auth";
import { PRODUCT, type Industry, type JOB_ROLES } from "../site";
import { mailGreetingHi } from "./audience";

export const AUTH_MESSAGES_HI: Translation<typeof AUTH_MESSAGES> = {
  accountCreated: "आपका अकाउंट बन गया! आपको आगे ले जा रहे हैं...",
  signedIn: "आप साइन इन हो गए! आपको आगे ले जा रहे हैं...",
  socialSuccess: (provider) => `${provider} से साइन इन हो गया! आपको आगे ले जा रहे हैं...`,
  socialSignInFailed: (provider) => `${provider} से साइन इन नहीं हो सका। कृपया फिर से कोशिश करें।`,
  socialSignUpFailed: (provider) => `${provider} से साइन अप नहीं हो सका। कृपया फिर से कोशिश करें।`,
  socialNotConfigured: (provider) => `इस साइट पर अभी ${provider} से साइन इन की सुविधा चालू नहीं है।`,
  // The English headline carries the HTTP reason phrase (the spec's 'Login failed: Unauthorized'); the Hindi one
  // says what happened in words, and the line under it says why (issue 44: no "टकराव", no "अनधिकृत").
  registrationFailed: () => "अकाउंट नहीं बन सका",
  loginFailed: () => "साइन इन नहीं हो सका",
  socialFailed: () => "सोशल साइन इन नहीं हो सका",
  network: "नेटवर्क में दिक़्क़त है। कृपया फिर से कोशिश करें।",
  notAuthenticated: "आप साइन इन नहीं हैं",
  unexpected: "कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  tryAgain: "फिर से कोशिश करें",
  invalidCredentials: "ईमेल या पासवर्ड सही नहीं है।",
  emailTaken: "इस ईमेल से पहले से एक अकाउंट है। कृपया साइन इन करें।",
  tooManyAttempts: "बहुत ज़्यादा कोशिशें हो गईं। कृपया थोड़ी देर रुककर फिर से कोशिश करें।",
  tooManyEmails: "इस पते के लिए बहुत ज़्यादा ईमेल माँगे गए हैं। कृपया कुछ देर बाद फिर से कोशिश करें।",
  tooManySignUps: "आपके नेटवर्क से बहुत सारे अकाउंट बनाए गए हैं। कृपया कुछ देर बाद फिर से कोशिश करें।",
  hashingBusy: "इस समय बहुत सारे साइन इन जाँचे जा रहे हैं। कृपया कुछ सेकंड बाद फिर से कोशिश करें।",
  passwordChanged: "आपका पासवर्ड बदल गया है। जिन दूसरे डिवाइस पर आप साइन इन थे, उन सब से साइन आउट कर दिया गया है।",
  currentPasswordWrong: "यह आपका मौजूदा पासवर्ड नहीं है।",
  passwordUnchanged: "नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए।",
  noPasswordYet: "आपके अकाउंट में अभी कोई पासवर्ड नहीं है (आप Google या Microsoft से साइन इन करते हैं): पासवर्ड बनाने के लिए 'पासवर्ड भूल गए' का इस्तेमाल करें।",
  tooManyPasswordChanges: "मौजूदा पासवर्ड कई बार ग़लत डाला गया। कृपया कुछ मिनट रुककर फिर से कोशिश करें।",
  passwordCheckBusy: "आपका नया पासवर्ड अभी जाँचा नहीं जा सका। कृपया कुछ सेकंड बाद फिर से कोशिश करें।",
  signedOut: "आप साइन आउट हो गए हैं।",
  profileSaved: "आपकी प्रोफ़ाइल सेव हो गई है।",
  resetRequested: "अगर इस पते का कोई अकाउंट है, तो हमने पासवर्ड बदलने का लिंक भेज दिया है। कृपया अपना इनबॉक्स देखें।",
  resetDone: "आपका पासवर्ड बदल गया है और सभी सेशन से साइन आउट कर दिया गया है। कृपया नए पासवर्ड से साइन इन करें।",
  resetInvalid: "पासवर्ड बदलने का यह लिंक सही नहीं है, इसकी समय-सीमा ख़त्म हो गई है या इसका इस्तेमाल हो चुका है। कृपया नया लिंक मँगाएँ।",
  verifyDone: "आपका ईमेल पता वेरिफ़ाई हो गया है। धन्यवाद!",
  verifyInvalid: "वेरिफ़िकेशन का यह लिंक सही नहीं है, इसकी समय-सीमा ख़त्म हो गई है या इसका इस्तेमाल हो चुका है।",
  verificationSent: "हमने आपको वेरिफ़िकेशन का नया लिंक भेज दिया है। कृपया अपना इनबॉक्स देखें।",
  sessionExpired: "आपका सेशन ख़त्म हो गया है। कृपया फिर से साइन इन करें।",
};

export const AUTH_VALIDATION_HI: Translation<typeof AUTH_VALIDATION> = {
  emailRequired: "कृपया अपना ईमेल पता लिखें।",
  emailInvalid: "कृपया सही ईमेल पता लिखें।",
  emailTooLong: `ईमेल ज़्यादा से ज़्यादा ${AUTH_RULES.emailMaxLength} अक्षरों का हो सकता है।`,
  passwordRequired: "कृपया अपना पासवर्ड लिखें।",
  passwordTooShort: `पासवर्ड कम से कम ${AUTH_RULES.passwordMinLength} अक्षरों का होना चाहिए।`,
  passwordTooLong: `पासवर्ड ज़्यादा से ज़्यादा ${AUTH_RULES.passwordMaxLength} अक्षरों का हो सकता है।`,
  passwordsDiffer: "दोनों पासवर्ड एक जैसे नहीं हैं।",
  passwordCommon: "यह सबसे आम पासवर्डों में से एक है, जिन्हें हैकर सबसे पहले आज़माते हैं। कृपया कोई ऐसा पासवर्ड चुनें जो इतना आम न हो।",
  passwordPersonal: "पासवर्ड आपका ईमेल पता या नाम नहीं हो सकता। कृपया कोई दूसरा पासवर्ड चुनें।",
  passwordGuessable:
    "इस पासवर्ड का अंदाज़ा आसानी से लगाया जा सकता है: यह ऐसे पैटर्न पर है जिसे हैकर आज़माते हैं (कोई शब्द और कुछ अंक या चिह्न, कीबोर्ड की एक लाइन, कोई तारीख़, आपका या साइट का नाम)। कृपया लंबा पासवर्ड चुनें, जैसे तीन-चार ऐसे शब्द जिनका आपस में कोई संबंध न हो।",
  industryRequired: "कृपया अपनी इंडस्ट्री चुनें।",
  industryInvalid: "कृपया सूची में से कोई इंडस्ट्री चुनें।",
  firstNameRequired: "कृपया अपना पहला नाम लिखें।",
  lastNameRequired: "कृपया अपना उपनाम लिखें।",
  nameRequired: "कृपया अपना नाम लिखें।",
  nameTooLong: `नाम ज़्यादा से ज़्यादा ${AUTH_RULES.nameMaxLength} अक्षरों का हो सकता है।`,
  companyRequired: "कृपया अपनी कंपनी का नाम लिखें।",
  companyTooLong: `कंपनी का नाम ज़्यादा से ज़्यादा ${AUTH_RULES.companyMaxLength} अक्षरों का हो सकता है।`,
  badCharacters: "कृपया इस फ़ील्ड से कंट्रोल कैरेक्टर हटाएँ।",
  oneLine: "कृपया इसे एक ही लाइन में लिखें (बिना लाइन ब्रेक के)।",
  directionMarks: "कृपया इस फ़ील्ड से वे छिपे हुए चिह्न हटाएँ जो लिखावट की दिशा उलट देते हैं।",
  roleRequired: "कृपया अपनी भूमिका चुनें।",
  termsRequired: "कृपया सेवा की शर्तें और प्राइवेसी पॉलिसी स्वीकार करें।",
  tokenRequired: "इस लिंक में टोकन नहीं है।",
};

/** The providers' names are brand names: the same in every language. */
export const PROVIDERS_HI: Translation<typeof PROVIDERS> = { google: "Google", microsoft: "Microsoft" };

export const SIGN_IN_PAGE_HI: Translation<typeof SIGN_IN_PAGE> = {
  metaTitle: "साइन इन",
  metaDescription: `आपका फिर से स्वागत है - ${PRODUCT} में साइन इन करें, स्थानीय बिज़नेस का AI ग्रोथ असिस्टेंट।`,
  title: "आपका फिर से स्वागत है",
  subtitle: `अपने ${PRODUCT} अकाउंट में साइन इन करें`,
  email: "ईमेल पता",
  emailPlaceholder: "you@business.com",
  industry: "इंडस्ट्री",
  password: "पासवर्ड",
  passwordPlaceholder: "अपना पासवर्ड लिखें",
  showPassword: "पासवर्ड दिखाएँ",
  hidePassword: "पासवर्ड छिपाएँ",
  rememberMe: "मुझे याद रखें",
  forgotPassword: "पासवर्ड भूल गए?",
  submit: "साइन इन करें",
  busy: "साइन इन हो रहा है...",
  orContinueWith: "या इनसे साइन इन करें",
  noAccount: "अकाउंट नहीं है?",
  signUp: "मुफ़्त में साइन अप करें",
  continueLink: "आगे बढ़ें",
};

export const SIGN_UP_PAGE_HI: Translation<typeof SIGN_UP_PAGE> = {
  metaTitle: "शुरू करें",
  metaDescription: `डेमो बुक करें - दो छोटे चरणों में अपना ${PRODUCT} अकाउंट बनाएँ।`,
  stepLabel: (step, total) => `चरण ${step} / ${total}`,
  stepNames: ["आपका अकाउंट", "आपकी कंपनी"],
  step1Title: "डेमो बुक करें",
  step1Subtitle: "अपना Wise Parrot अकाउंट बनाएँ",
  creatingAccount: "इससे दो छोटे चरणों में आपका मुफ़्त अकाउंट बनता है; उसके तुरंत बाद आप वहीं से अपना डेमो बुक कर सकते हैं।",
  step2Title: "बस एक क़दम और!",
  step2Subtitle: "हमें अपनी कंपनी के बारे में बताएँ",
  passwordAgain: "भाषा बदलने पर पासवर्ड साथ नहीं आता: अकाउंट बनाते समय आप उसे पहले चरण में फिर से लिखेंगे।",
  firstName: "पहला नाम",
  lastName: "उपनाम",
  email: "ईमेल पता",
  emailPlaceholder: "you@business.com",
  password: "पासवर्ड",
  passwordHint: "कम से कम 8 अक्षरों का होना चाहिए",
  company: "कंपनी का नाम",
  role: "आपकी भूमिका",
  rolePlaceholder: "अपनी भूमिका चुनें",
  industry: "इंडस्ट्री",
  termsBefore: "मैं ",
  terms: "सेवा की शर्तों",
  termsMiddle: " और ",
  privacy: "प्राइवेसी पॉलिसी",
  orSignUpWith: "या इनसे साइन अप करें",
  back: "पीछे",
  continue: "आगे बढ़ें",
  submit: "अकाउंट बनाएँ",
  busy: "अकाउंट बन रहा है...",
  haveAccount: "पहले से अकाउंट है?",
  signIn: "साइन इन करें",
};

/** After the privacy link, to close the sentence ("मैं … और … से सहमत हूँ"): Hindi puts the verb last. */
export const SIGN_UP_TERMS_AFTER_HI = " से सहमत हूँ";

export const FORGOT_PAGE_HI: Translation<typeof FORGOT_PAGE> = {
  metaTitle: "पासवर्ड भूल गए",
  metaDescription: `अपने ${PRODUCT} अकाउंट का पासवर्ड दोबारा बनाएँ।`,
  title: "पासवर्ड भूल गए?",
  subtitle: "अपने अकाउंट का ईमेल पता लिखें, हम आपको नया पासवर्ड चुनने का लिंक भेजेंगे।",
  email: "ईमेल पता",
  submit: "लिंक भेजें",
  busy: "भेजा जा रहा है...",
  backToSignIn: "साइन इन पर वापस जाएँ",
};

export const RESET_PAGE_HI: Translation<typeof RESET_PAGE> = {
  metaTitle: "पासवर्ड बदलें",
  metaDescription: `अपने ${PRODUCT} अकाउंट के लिए नया पासवर्ड चुनें।`,
  title: "नया पासवर्ड चुनें",
  password: "नया पासवर्ड",
  confirm: "नया पासवर्ड दोबारा लिखें",
  hint: "कम से कम 8 अक्षरों का होना चाहिए",
  submit: "नया पासवर्ड सेव करें",
  busy: "सेव हो रहा है...",
  requestNew: "नया लिंक मँगाएँ",
  signIn: "साइन इन करें",
};

export const VERIFY_PAGE_HI: Translation<typeof VERIFY_PAGE> = {
  metaTitle: "ईमेल वेरिफ़ाई करें",
  metaDescription: `अपने ${PRODUCT} अकाउंट का ईमेल पता वेरिफ़ाई करें।`,
  title: "अपना ईमेल पता वेरिफ़ाई करें",
  intro: "यह ईमेल पता आपका ही है, यह वेरिफ़ाई करने के लिए नीचे दिया बटन दबाएँ।",
  submit: "मेरा ईमेल वेरिफ़ाई करें",
  busy: "वेरिफ़ाई हो रहा है...",
  continue: "अपने टेम्पलेट पर जाएँ",
  signIn: "साइन इन करें",
};

export const TEMPLATES_PAGE_HI: Translation<typeof TEMPLATES_PAGE> = {
  metaTitle: "आपके टेम्पलेट",
  metaDescription: `आपके ${PRODUCT} इंडस्ट्री किट टेम्पलेट और प्रोफ़ाइल।`,
  greeting: (name) => `स्वागत है, ${name}!`,
  intro: "आपकी इंडस्ट्री किट के टेम्पलेट, 72 घंटों में WhatsApp पर चालू होने के लिए तैयार।",
  yourIndustry: "आपकी इंडस्ट्री",
  otherIndustries: "और इंडस्ट्री किट",
  verifyBanner: "कृपया अपना ईमेल पता वेरिफ़ाई करें: साइन अप करते समय हमने आपको एक लिंक भेजा था।",
  resend: "वेरिफ़िकेशन का नया लिंक भेजें",
  resendBusy: "भेजा जा रहा है...",
  verified: "ईमेल वेरिफ़ाई हो चुका है",
  profileHeading: "आपकी प्रोफ़ाइल",
  name: "नाम",
  email: "ईमेल",
  company: "कंपनी",
  industry: "इंडस्ट्री",
  save: "प्रोफ़ाइल सेव करें",
  saving: "सेव हो रहा है...",
  passwordHeading: "पासवर्ड बदलें",
  currentPassword: "मौजूदा पासवर्ड",
  newPassword: "नया पासवर्ड",
  changePassword: "पासवर्ड बदलें",
  changingPassword: "पासवर्ड बदला जा रहा है...",
  signOut: "साइन आउट",
  kitChat: "इसे WhatsApp पर सेट करें",
  kitChatLabel: (title) => `"${title}" को WhatsApp पर सेट करें`,
  kitMessage: (industry, title) => `नमस्ते, मुझे अपने बिज़नेस के लिए ${industry} किट का "${title}" टेम्पलेट सेट करवाना है।`,
  kitDemo: "डेमो बुक करें",
  kitDemoLabel: (title) => `"${title}" का डेमो बुक करें`,
  newTab: "(नए टैब में खुलता है)",
};

/** The industries of the option list as a Hindi page shows them (the value sent stays the English one). */
export const INDUSTRY_LABELS_HI: Readonly<Record<Industry, string>> = {
  "Real Estate": "रियल एस्टेट",
  Healthcare: "हेल्थकेयर",
  "E-commerce": "ई-कॉमर्स",
  Education: "शिक्षा",
  Restaurant: "रेस्टोरेंट",
  Automotive: "ऑटोमोबाइल",
  Childcare: "चाइल्डकेयर",
};

/** The job roles of the sign-up form as a Hindi page shows them. */
export const JOB_ROLE_LABELS_HI: Readonly<Record<(typeof JOB_ROLES)[number], string>> = {
  "CEO/Founder": "CEO / संस्थापक",
  "Product Manager": "प्रोडक्ट मैनेजर",
  "Engineering Manager": "इंजीनियरिंग मैनेजर",
  "Marketing Manager": "मार्केटिंग मैनेजर",
  "Operations Manager": "ऑपरेशंस मैनेजर",
  "Sales Manager": "सेल्स मैनेजर",
  Other: "अन्य",
};

type AccountMail = { subject: string; blocks: (firstName: string, link: string) => MailBlock[] };

/** The account e-mails for a visitor who used the Hindi pages (the links in them open the Hindi pages). */
export const AUTH_EMAILS_HI: { verify: AccountMail; reset: AccountMail } = {
  verify: {
    subject: `${PRODUCT} के लिए अपना ईमेल पता वेरिफ़ाई करें`,
    blocks: (firstName, link) => [
      { kind: "paragraph", text: mailGreetingHi(firstName) },
      { kind: "paragraph", text: `${PRODUCT} में आपका स्वागत है! कृपया अपना ईमेल पता वेरिफ़ाई करें:` },
      { kind: "button", label: "मेरा ईमेल पता वेरिफ़ाई करें", url: link },
      { kind: "paragraph", text: `यह लिंक ${AUTH_RULES.verifyTokenHours} घंटे तक काम करेगा। अगर आपने अकाउंट नहीं बनाया है, तो इस ईमेल को अनदेखा कर दें।` },
      { kind: "paragraph", text: `${PRODUCT} टीम` },
    ],
  },
  reset: {
    subject: `अपना ${PRODUCT} पासवर्ड बदलें`,
    blocks: (firstName, link) => [
      { kind: "paragraph", text: mailGreetingHi(firstName) },
      { kind: "paragraph", text: `किसी ने (शायद आपने ही) आपके ${PRODUCT} अकाउंट का पासवर्ड बदलने के लिए लिंक माँगा है। नया पासवर्ड यहाँ चुनें:` },
      { kind: "button", label: "नया पासवर्ड चुनें", url: link },
      {
        kind: "paragraph",
        text: `यह लिंक ${AUTH_RULES.resetTokenMinutes} मिनट तक और सिर्फ़ एक बार काम करेगा। अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड वही रहेगा।`,
      },
      { kind: "paragraph", text: `${PRODUCT} टीम` },
    ],
  },
};

/** The industry kit templates of /hi/templates. */
export const INDUSTRY_TEMPLATES_HI: Record<Industry, KitTemplate[]> = {
  "Real Estate": [
    { title: "प्रॉपर्टी पूछताछ का जवाब", description: "कीमत, साइज़ और लोकेशन के सवालों का जवाब देता है और मिलती-जुलती प्रॉपर्टी की फ़ोटो भेजता है।" },
    { title: "साइट विज़िट बुकिंग", description: "ख़ाली स्लॉट बताता है, साइट विज़िट पक्की करता है और एक दिन पहले याद दिलाता है।" },
    { title: "लीड फ़ॉलो-अप", description: "नई प्रॉपर्टी के साथ तब तक फ़ॉलो-अप करता है जब तक ख़रीदार विज़िट के लिए तैयार न हो।" },
  ],
  Healthcare: [
    { title: "अपॉइंटमेंट बुकिंग", description: "अपॉइंटमेंट बुक करता है, बदलता है और पक्का करता है, हर अपॉइंटमेंट से पहले याद भी दिलाता है।" },
    { title: "क्लिनिक के आम सवाल", description: "समय, फ़ीस, डॉक्टर और रास्ते के सवालों का जवाब सेकंडों में, दिन हो या रात।" },
    { title: "इलाज के बाद फ़ॉलो-अप", description: "विज़िट के बाद हाल-चाल पूछता है और अगला कंसल्टेशन बुक करता है।" },
  ],
  "E-commerce": [
    { title: "प्रोडक्ट सुझाव", description: "कैटलॉग से सही प्रोडक्ट सुझाता है और ख़रीदने का लिंक भेजता है।" },
    { title: "ऑर्डर का स्टेटस", description: "ग्राहकों को बताता है कि उनका ऑर्डर कहाँ है और आगे क्या होगा।" },
    { title: "अधूरी कार्ट की याद", description: "छूटे हुए सामान की दोस्ताना याद दिलाकर ग्राहकों को वापस लाता है।" },
  ],
  Education: [
    { title: "एडमिशन पूछताछ", description: "कोर्स, फ़ीस और बैच के बारे में बताता है और छात्र की जानकारी लेता है।" },
    { title: "डेमो क्लास बुकिंग", description: "मुफ़्त डेमो क्लास बुक करता है और छात्र को आने की याद दिलाता है।" },
    { title: "फ़ीस रिमाइंडर", description: "फ़ीस की तारीख़ से पहले विनम्रता से याद दिलाता है।" },
  ],
  Restaurant: [
    { title: "टेबल रिज़र्वेशन", description: "सही समय और लोगों की संख्या के लिए बुकिंग लेता है और पक्की करता है।" },
    { title: "मेन्यू और ऑफ़र", description: "आज का मेन्यू और स्पेशल बताता है और पिक-अप के ऑर्डर लेता है।" },
    { title: "रिव्यू और फ़ीडबैक", description: "मेहमानों की विज़िट के बाद उनसे रिव्यू माँगता है।" },
  ],
  Automotive: [
    { title: "टेस्ट ड्राइव बुकिंग", description: "टेस्ट ड्राइव बुक करता है और शोरूम की लोकेशन भेजता है।" },
    { title: "सर्विस रिमाइंडर", description: "अगली सर्विस का समय होने पर याद दिलाता है और स्लॉट बुक करता है।" },
    { title: "फ़ाइनेंस पूछताछ", description: "लोन और EMI के सवालों का जवाब देता है और गंभीर ख़रीदारों को सेल्स टीम तक पहुँचाता है।" },
  ],
  Childcare: [
    { title: "एडमिशन पूछताछ", description: "उम्र के ग्रुप, समय और फ़ीस के सवालों का जवाब देता है और विज़िट बुक करता है।" },
    { title: "माता-पिता को अपडेट", description: "माता-पिता के साथ रोज़ के अपडेट और सूचनाएँ साझा करता है।" },
    { title: "वेटलिस्ट फ़ॉलो-अप", description: "जगह ख़ाली होते ही इंतज़ार कर रहे परिवारों को बताता है।" },
  ],
};
