/**
 * The Hindi style sheet's checkable rules (docs/hindi-style.md, issue 44): one term per concept, acronyms in Latin
 * script, the nukta always, आप throughout, ₹ before the amount. Each rule names the form to avoid and the one to use;
 * `scripts/hindi-style.test.ts` runs them over every Hindi string the site ships.
 *
 * Devanagari has no `\b`: a word's edges are "not a Devanagari letter or sign" on either side. Text is compared in
 * NFC, where क़ is क + ़ (U+093C), so a bare form never matches inside its nukta form.
 */

export type StyleRule = { avoid: string; use: string; re: RegExp; why: string };

const L = "[\\u0900-\\u097F]";
/** A whole word (or phrase): nothing Devanagari on either side. */
const word = (w: string) => new RegExp(`(?<!${L})${w}(?!${L})`, "u");
/** A word's stem and whatever inflection follows (खरीद → खरीदार, खरीदने); not its nukta form (तरीक never in तरीक़ा). */
const stem = (w: string) => new RegExp(`(?<!${L})${w}(?!\\u093C)`, "u");

const nfc = (s: string) => s.normalize("NFC");

const term = (avoid: string, use: string, why: string, re = word(nfc(avoid))): StyleRule => ({ avoid, use, re, why });

export const STYLE_RULES: readonly StyleRule[] = [
  // One term per concept.
  term("कारोबार", "बिज़नेस", "one term for business"),
  term("ऐड", "विज्ञापन", "one term for ads"),
  term("गोपनीयता नीति", "प्राइवेसी पॉलिसी", "the footer's and the page title's name"),
  term("24/7", "24×7", "one way to write round the clock", /24\s*[/x]\s*7/),
  term("ईमेल पता पक्का / ईमेल पक्का", "ईमेल (पता) वेरिफ़ाई", "verifying an e-mail address is वेरिफ़ाई", /ईमेल (पता |पते को )?पक्का/u),
  term("इंडस्ट्री टेम्पलेट", "इंडस्ट्री किट", "the kit is what the reader sees; its templates are inside it"),
  term("उद्योग", "इंडस्ट्री", "the copy's word, on the forms too"),
  term("लीड्स", "लीड", "Hindi plural, not the English -s"),
  term("क्लाइंट्स", "क्लाइंट", "Hindi plural, not the English -s"),
  term("मुक़ाबले वाले / प्रतियोगी", "कॉम्पिटिटर", "प्रतियोगी is a contestant", new RegExp(`${nfc("मुक़ाबले वाल")}|(?<!${L})प्रतियोगि?[ीयों]`, "u")),
  term("भरोसा बनाने वाली स्क्रिप्ट", "नर्चरिंग स्क्रिप्ट", "one name for each part of the kit", /भरोसा बनाने वाली स्क्रिप्ट/u),
  term("ऑनबोर्डिंग चेकलिस्ट", "ऑनबोर्डिंग SOP", "one name for each part of the kit", /ऑनबोर्डिंग चेकलिस्ट/u),
  term("हिंदी", "हिन्दी", "the site's spelling", stem("हिंदी")),
  term("ऐप्लिकेशन", "एप्लिकेशन", "the majority spelling", stem("ऐप्लिकेशन")),
  // Acronyms in Latin script, as Indian SaaS sites write them.
  ...["एआई:AI", "सीआरएम:CRM", "एपीआई:API", "एसओपी:SOP", "जीबी:GB", "एमबी:MB", "बीएचके:BHK", "आईपी:IP", "यूटीएम:UTM", "डीएनटी:DNT", "जीपीसी:GPC", "कोपा:COPPA", "एफ़एक्यू:FAQ", "सीईओ:CEO"].map(
    (pair) => {
      const [avoid, use] = pair.split(":") as [string, string];
      return term(avoid, use, "acronyms in Latin script", stem(nfc(avoid)));
    },
  ),
  // The nukta always (the site's own majority style): the bare form is a slip.
  ...[
    ["खाली", "ख़ाली"], ["तरीक", "तरीक़"], ["कदम", "क़दम"], ["खत्म", "ख़त्म"], ["कब्र", "क़ब्र"], ["लायक", "लायक़"],
    ["गलत", "ग़लत"], ["खरीद", "ख़रीद"], ["तारीख", "तारीख़"], ["ज्याद", "ज़्याद"], ["फीस", "फ़ीस"],
    ["मुफ्त", "मुफ़्त"], ["जरूर", "ज़रूर"], ["बाकी", "बाक़ी"], ["दिक्कत", "दिक़्क़त"], ["आखिर", "आख़िर"], ["फायद", "फ़ायद"],
    ["फैसल", "फ़ैसल"], ["खास", "ख़ास"], ["खुश", "ख़ुश"], ["खबर", "ख़बर"], ["हफ्त", "हफ़्त"], ["कानून", "क़ानून"],
  ]
    .map(([bare, nukta]) => term(bare as string, nukta as string, "the nukta always", stem(nfc(bare as string)))),
  // आप throughout: never तुम or तू, nor their imperatives.
  ...["तुम", "तुम्हें", "तुम्हारा", "तुम्हारी", "तुम्हारे", "तू", "तेरा", "तेरी", "तेरे", "करो", "बताओ", "देखो", "भेजो", "लिखो", "चुनो", "पढ़ो"].map(
    (w) => term(w, "आप / …एँ, …िए", "आप throughout", word(nfc(w))),
  ),
  // Money the Indian way: ₹ before the amount (₹1, ₹1.2 करोड़).
  term("1 ₹", "₹1", "₹ precedes the amount in Indian usage", /\d\s*₹/u),
  // One digit script (the site's: Latin digits everywhere, decision 0032), and a clock time says its zone.
  term("०-९", "0-9", "one digit script: Latin digits", /[\u0966-\u096F]/u),
  term("IST", "भारतीय समय", "the zone named in Hindi", /(?<![A-Za-z])IST(?![A-Za-z])/u),
  term("9 से 6 बजे", "9 से 6 बजे (भारतीय समय)", "office hours name their zone", /9 से (शाम )?6 बजे(?! (तक )?\(भारतीय समय\))/u),
  // Calques the review of 2026-12 marked (English structure in Hindi words): never again.
  term("पिछला अपडेट", "आख़िरी बार अपडेट", "पिछला is the previous one", /पिछला अपडेट/u),
  term("मिनट में पढ़ें", "पढ़ने में 5 मिनट", "a read time, not an order", /मिनट में पढ़ें/u),
  term("नाबालिग नहीं होने चाहिए", "आपकी उम्र कम से कम 18 साल होनी चाहिए", "आप … होने चाहिए is ungrammatical", /नहीं होने चाहिए/u),
  term("अनचाहा", "अचानक कोई दिक़्क़त", "unexpected is not unwanted", word("अनचाहा")),
  term("बस हो गया", "बस एक क़दम और", "says done while a form is still to fill", /बस हो गया/u),
  term("मदद करके ख़ुशी होगी", "ज़रूर, बताइए", "a calque of Happy to help", new RegExp(nfc("मदद करके ख़ुशी"), "u")),
  term("भरी दोपहरी", "दिन की भागदौड़", "the midday heat, not a busy day", /भरी दोपहरी/u),
  term("$29 महीना", "$29 प्रति माह", "a price per month needs प्रति", /\$\d+ महीना/u),
  // Punctuation: no space before ! or ?, never !! (copied from English).
  term(" !, !!", "!", "Hindi punctuation", /\s[!?]|!!/u),
];

/** The rules a string breaks (compared in NFC). */
export function styleBreaks(text: string): StyleRule[] {
  const t = nfc(text);
  return STYLE_RULES.filter((r) => r.re.test(t));
}
