/**
 * The words of a message as the assistant reads them: split into lower-case words without accents, the common words
 * that say nothing about a subject, and the visitor's words mapped to the site's (Hinglish, language and app names).
 * Tables only, compiled once at module load.
 */

/** Words that say nothing about the subject of a question (English and common Hinglish). */
const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can
  could did do does doing done down during each few for from further get gets got had has have having he her here
  hers him his how i if in into is it its itself just let lets me more most my myself no nor not now of off on once
  only or other our ours out over own same she should so some such than that the their theirs them then there these
  they this those through to too under until up very was we were what when where which while who whom why will with
  would you your yours yourself please tell know want wanted need needs like thanks thank hi hello hey ok okay yes
  kind sort much many really also say said give show explain us anything something thing things im ive youre dont
  doesnt whats hows theres go going way ask asked use used using work works make makes
  kya hai hain ho hoga hogi ka ki ke ko se me mein main mai hum aap aapka aapki apna apni mujhe mera meri tum tera
  yeh ye woh wo bhi aur par pe na nahi nahin haan ji bhai sir madam chahiye karna karo kare karte kar sakte sakta
  sakti batao bataiye bolo raha rahi rahe tha thi the hua kaise kab kaun kyun kitna kitne kitni milega milegi milta
  milti run runs running agar pasand aaya aya kuch koi sab abhi wala wali wale liye lie tak baad pehle hota hoti
  hote karega karegi karenge lagegi lagenge jata jati jaye kiya kiye diya dena dijiye chalega sakte sakti hu hoon
  hun bhej bata aapke apke apka tumhara uska uski iska iski unka kitni exactly actually also u ur pls plz n wat wats
  r y hw hv hav wit wth thx talk speak lagti lagta lagte padti padta padega padegi per im ive id
  cant wont isnt arent didnt couldnt shouldnt wouldnt havent hasnt wasnt werent
  jayega jayegi jayenge jaega jaegi jaenge jaayega jaayegi hojayega hojayegi hoke hone lena lenge lega legi dete deta
  list lists deti denge dega degi milenge milengi sakenge sakega skte skta skti kr krna krte krke karke karu karun karoon
  one mine anyone anybody someone somebody everyone everybody take takes taking took put puts extra else
  sabse kaunsa kaunsi konsa konsi kon usme isme usmein ismein mere mere tere bhejne bhejna bhejte toh to na kitna
  wich whch hw abt pls plz properly correctly aftr possible possibly
  ago tomorrow today tonight yesterday guys till
  maang maangu maangun maangna maange maangta maangti mangu mangna mange thr ther wht wt
  tmrw tmr tmrow tomo karu karun aata aati aate der msg msgs
  hit hitting press pressed click clicked tap tapped
  roughly approx approximately around estimate ballpark`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * One word for another: Hinglish words and names of languages or apps map to
 * the word the site's pages use. Applied before stemming and rule matching.
 */
const SYNONYMS: Record<string, string> = {
  // What a thing costs beside another's, in the site's word for it.
  cheap: "price",
  cheaper: "price",
  cheapest: "price",
  sasta: "price",
  saste: "price",
  sasti: "price",
  mehenga: "price",
  mehnga: "price",
  expensive: "price",
  costly: "price",
  // The refund terms' word for what a customer bought.
  software: "application",
  // A day the site's hours do not name is a question about its hours ("Mon-Fri").
  saturday: "hours",
  sunday: "hours",
  weekend: "hours",
  weekends: "hours",
  night: "hours",
  nights: "hours",
  nite: "hours",
  nyt: "hours",
  midnight: "hours",
  // Indian English for opening hours.
  timing: "hours",
  timings: "hours",
  // Chat shorthand.
  cn: "can",
  mnth: "month",
  mny: "many",
  mnths: "months",
  mth: "month",
  yr: "year",
  yrs: "years",
  kharcha: "cost",
  kharch: "cost",
  keemat: "price",
  kimat: "price",
  daam: "price",
  paisa: "price",
  paise: "price",
  rates: "price",
  cost: "price",
  costs: "price",
  app: "application",
  apps: "application",
  charges: "price",
  charge: "price",
  fee: "price",
  fees: "price",
  plans: "pricing",
  plan: "pricing",
  shuru: "start",
  bhasha: "language",
  bhasa: "language",
  hindi: "language",
  marathi: "language",
  tamil: "language",
  telugu: "language",
  gujarati: "language",
  bengali: "language",
  bangla: "language",
  kannada: "language",
  malayalam: "language",
  punjabi: "language",
  urdu: "language",
  hinglish: "language",
  english: "language",
  multilingual: "language",
  languages: "language",
  wapas: "refund",
  vapas: "refund",
  lagega: "time",
  samay: "time",
  din: "days",
  waqt: "time",
  whatsap: "whatsapp",
  watsapp: "whatsapp",
  whatsup: "whatsapp",
  wa: "whatsapp",
  gdpr: "privacy",
  bot: "assistant",
  bots: "assistant",
  chatbot: "assistant",
  chatbots: "assistant",
  onboarding: "setup",
  "set-up": "setup",
  setp: "setup",
  kaha: "where",
  kahan: "where",
  kidhar: "where",
  offise: "office",
  pata: "address",
  prise: "price",
  pricng: "pricing",
  priceing: "pricing",
  bechte: "sell",
  bechoge: "sell",
  bech: "sell",
  sel: "sell",
  sold: "sell",
  sells: "sell",
  selling: "sell",
  fess: "price",
  pln: "pricing",
  plns: "pricing",
  b4: "before",
  paymnt: "pay",
  pymnt: "pay",
  paymt: "pay",
  jaldi: "fast",
  jldi: "fast",
  // Moving a booked demo, in the words visitors use.
  shift: "move",
  postpone: "move",
  prepone: "move",
  reschedule: "move",
  rescheduling: "move",
  demmo: "demo",
  kitt: "kit",
  speek: "speak",
  languges: "language",
  intgrations: "integrations",
  enterprize: "enterprise",
  profesional: "professional",
  resluts: "results",
  monthly: "month",
  mahina: "month",
  mahine: "month",
  saal: "year",
  yearly: "year",
  annual: "year",
  annually: "year",
  safe: "privacy",
  pro: "professional",
  // Chat spellings of the site's words (issue 43): "how lng to go liv".
  // Other WhatsApp tools a visitor compares with: the home page's comparison answers "better than ...".
  wati: "competitor",
  interakt: "competitor",
  aisensy: "competitor",
  gallabox: "competitor",
  zoko: "competitor",
  doubletick: "competitor",
  lng: "long",
  // The privacy page says "information"; visitors say "data".
  data: "information",
  liv: "live",
  lyv: "live",
  // Paying (an owner's FAQ entry "can i pay with upi" answers "Is UPI accepted for payment?").
  payment: "pay",
  payments: "pay",
  paying: "pay",
  accept: "take",
  accepted: "take",
  accepts: "take",
  accepting: "take",
  bill: "invoice",
  bills: "invoice",
  kaam: "work",
  // How the site's comparison table is asked for ("how are you different from a WhatsApp CRM?").
  different: "compare",
  difference: "compare",
  differ: "compare",
  diffrent: "compare",
  diffrence: "compare",
  versus: "compare",
  vs: "compare",
  comparison: "compare",
  // Texting spellings: "40 ppl", "on fone".
  ppl: "people",
  fone: "phone",
  // "info" is the site's "information" (the privacy page, the brief).
  info: "information",
};

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

export function synonym(word: string): string {
  return SYNONYMS[word] ?? word;
}

/** True when the word is mapped to another (a spelling fix never changes it). */
export function hasSynonym(word: string): boolean {
  return SYNONYMS[word] !== undefined;
}

/** Lower-case, accents removed, split into words of letters and digits. */
export function words(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = /^[\u0000-\u007f]*$/.test(text) ? text : text.normalize("NFKD").replace(/\p{M}+/gu, "");
  return (
    plain
      .toLowerCase()
      .replace(/['\u2019]/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

