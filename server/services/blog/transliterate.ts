/**
 * Hindi in Devanagari to readable Latin, for post addresses (issue 44, item 6; decision 0054): a Hindi title about
 * five ways for a clinic becomes "klinik-ke-liye-panch-tarike", the way a Hindi reader types it in Latin letters
 * (Hinglish), not letter by letter. The npm transliterators tried (any-ascii, transliteration) drop every inherent
 * vowel ("pr" for the word par, "riyl" for riyal), so this is a table of our own plus the one rule that makes
 * Hindi readable: the inherent "a" of a consonant is silent at the end of a word and between a vowel and a
 * consonant that has its own vowel (scanned right to left: samajhna, kamla, apna, but grahak).
 *
 * The table is written with code points: server bundles stay ASCII. Long and short vowels both become one letter
 * (a, i, u), as Latin addresses of Hindi pages usually write them; nukta letters take their Urdu sound (z, f).
 */

const CONSONANTS: Record<number, string> = {
  0x0915: "k", 0x0916: "kh", 0x0917: "g", 0x0918: "gh", 0x0919: "n",
  0x091a: "ch", 0x091b: "chh", 0x091c: "j", 0x091d: "jh", 0x091e: "n",
  0x091f: "t", 0x0920: "th", 0x0921: "d", 0x0922: "dh", 0x0923: "n",
  0x0924: "t", 0x0925: "th", 0x0926: "d", 0x0927: "dh", 0x0928: "n",
  0x092a: "p", 0x092b: "ph", 0x092c: "b", 0x092d: "bh", 0x092e: "m",
  0x092f: "y", 0x0930: "r", 0x0932: "l", 0x0933: "l", 0x0935: "v",
  0x0936: "sh", 0x0937: "sh", 0x0938: "s", 0x0939: "h",
};

/** A consonant with the nukta (kha with a dot is kh, ja with a dot z, pha with a dot f, da with a dot r). */
const NUKTA_SOUNDS: Record<number, string> = { 0x091c: "z", 0x092b: "f", 0x0921: "r", 0x0922: "rh" };

/** The precomposed nukta letters (NFC writes them as consonant + nukta, but a pasted title may hold these). */
const PRECOMPOSED: Record<number, [number, number]> = {
  0x0958: [0x0915, 0x093c], 0x0959: [0x0916, 0x093c], 0x095a: [0x0917, 0x093c], 0x095b: [0x091c, 0x093c],
  0x095c: [0x0921, 0x093c], 0x095d: [0x0922, 0x093c], 0x095e: [0x092b, 0x093c], 0x095f: [0x092f, 0x093c],
};

const VOWELS: Record<number, string> = {
  0x0905: "a", 0x0906: "a", 0x0907: "i", 0x0908: "i", 0x0909: "u", 0x090a: "u", 0x090b: "ri",
  0x090d: "e", 0x090f: "e", 0x0910: "ai", 0x0911: "o", 0x0913: "o", 0x0914: "au",
};

const SIGNS: Record<number, string> = {
  0x093e: "a", 0x093f: "i", 0x0940: "i", 0x0941: "u", 0x0942: "u", 0x0943: "ri",
  0x0945: "e", 0x0947: "e", 0x0948: "ai", 0x0949: "o", 0x094b: "o", 0x094c: "au",
};

const VIRAMA = 0x094d;
const NUKTA = 0x093c;
const ANUSVARA = 0x0902;
const CHANDRABINDU = 0x0901;
const VISARGA = 0x0903;
const JA = 0x091c;
const NYA = 0x091e;
const LABIALS = new Set([0x092a, 0x092b, 0x092c, 0x092d, 0x092e]);

/** One written syllable: a consonant (or none, for an independent vowel) and its vowel; null vowel: the inherent a. */
type Unit = { consonant: string; code: number; vowel: string | null; silent: boolean; nasal: boolean; tail: string };

function isDevanagari(code: number): boolean {
  return code >= 0x0900 && code <= 0x097f;
}

/** A run of Devanagari letters (one word) to Latin. */
function word(codes: number[]): string {
  const units: Unit[] = [];
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const last = units.at(-1);
    if (CONSONANTS[code] !== undefined) {
      let consonant = CONSONANTS[code]!;
      if (codes[i + 1] === NUKTA) {
        consonant = NUKTA_SOUNDS[code] ?? consonant;
        i++;
      }
      units.push({ consonant, code, vowel: null, silent: false, nasal: false, tail: "" });
    } else if (VOWELS[code] !== undefined) {
      units.push({ consonant: "", code, vowel: VOWELS[code]!, silent: false, nasal: false, tail: "" });
    } else if (last && SIGNS[code] !== undefined && last.consonant && last.vowel === null && !last.silent) {
      last.vowel = SIGNS[code]!;
    } else if (last && code === VIRAMA && last.consonant) {
      last.silent = true;
    } else if (last && (code === ANUSVARA || code === CHANDRABINDU)) {
      last.nasal = true;
    } else if (last && code === VISARGA) {
      last.tail += "h";
    } else if (code >= 0x0966 && code <= 0x096f) {
      units.push({ consonant: String(code - 0x0966), code, vowel: "", silent: false, nasal: false, tail: "" });
    }
  }
  // The inherent a: sounded unless the rule above silences it.
  const sounded = units.map((unit) => unit.vowel !== null || (unit.consonant !== "" && !unit.silent));
  const inherent = units.map((unit) => unit.consonant !== "" && unit.vowel === null && !unit.silent);
  for (let i = units.length - 1; i >= 1; i--) {
    if (!inherent[i]) continue;
    const atEnd = i === units.length - 1;
    if (atEnd) {
      if (!units[i]!.nasal) sounded[i] = false;
      continue;
    }
    if (sounded[i - 1] && !units[i - 1]!.silent && sounded[i + 1] && !units[i + 1]!.silent && !units[i]!.nasal) sounded[i] = false;
  }
  let out = "";
  units.forEach((unit, i) => {
    // jnya is said gya (gyan).
    if (unit.code === JA && unit.silent && units[i + 1]?.code === NYA) {
      out += "g";
      return;
    }
    if (unit.code === NYA && units[i - 1]?.code === JA && units[i - 1]?.silent) out += "y";
    // An e after a vowel is said with a y before it (liye, payen).
    else if (unit.consonant === "" && (unit.code === 0x090f || unit.code === 0x0910) && i > 0 && /[aeiou]$/.test(out)) out += "y";
    else out += unit.consonant;
    if (unit.silent) return;
    if (unit.vowel !== null) out += unit.vowel;
    else if (sounded[i]) out += "a";
    if (unit.nasal) out += LABIALS.has(units[i + 1]?.code ?? 0) ? "m" : "n";
    out += unit.tail;
  });
  return out;
}

/** Every run of Devanagari in `text` written in Latin letters; everything else as it was. */
export function transliterateDevanagari(text: string): string {
  const codes: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    const split = PRECOMPOSED[code];
    if (split) codes.push(...split);
    else codes.push(code);
  }
  let out = "";
  let run: number[] = [];
  const flush = () => {
    if (run.length > 0) out += word(run);
    run = [];
  };
  for (const code of codes) {
    // The dandas and other signs outside the letters end a word like a space.
    if (isDevanagari(code) && code !== 0x0964 && code !== 0x0965 && code !== 0x0970) run.push(code);
    else {
      flush();
      out += isDevanagari(code) ? " " : String.fromCodePoint(code);
    }
  }
  flush();
  return out;
}
