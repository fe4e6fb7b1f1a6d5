/**
 * The Hindi pages' web font (issue 33): Noto Sans Devanagari, regular weight, cut down to what Hindi text needs.
 *
 * The font package's Devanagari file keeps every conjunct the font can draw (about 50 KB); a first visit to a
 * Hindi page may spend about a tenth more than the English one (tests/e2e/hindi-bytes.spec.ts), so the shipped
 * file keeps:
 * - every character of the Devanagari block (and ZWJ/ZWNJ, ₹, the dotted circle), so no letter falls back to
 *   another font;
 * - the glyphs Hindi shaping reaches from a corpus: every consonant with every vowel sign, its nukta form, its
 *   half form, its rakar and reph forms, the common conjuncts, and every Devanagari word of the site's own copy
 *   (`shared/content/hi`, `shared/copy`).
 * The layout tables are pruned to those glyphs (no closure over the font's whole conjunct list): a rare conjunct
 * outside the corpus is drawn with the half form of its first consonant (or a visible virama where it has none),
 * which is how many Hindi fonts write it anyway. The site's own words shape exactly as with the whole font
 * (scripts/devanagari-font.test.ts compares them glyph for glyph).
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import * as hb from "harfbuzzjs";

const require = createRequire(import.meta.url);
const woff2 = require("wawoff2") as {
  compress(ttf: Uint8Array): Promise<Uint8Array>;
  decompress(woff2: Uint8Array): Promise<Uint8Array>;
};

/** The package's file the subset is cut from. */
export const SOURCE_FONT = "node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2";
/** The shipped subset (referenced by app/app.css; Vite gives it a hashed, long-cached name). */
export const SUBSET_FONT = "app/fonts/noto-sans-devanagari-hindi-400.woff2";
/**
 * The characters the subset maps, and what the @font-face rule claims. The Vedic marks and Devanagari Extended
 * (U+1CD0-1CF9, U+A8E0-A8FF) are left out: Hindi does not use them, and they cost 5 KB; where one appears, the
 * browser draws it with a system font.
 */
export const UNICODE_RANGES: readonly (readonly [number, number])[] = [
  [0x0900, 0x097f],
  [0x200c, 0x200d],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
];

const VIRAMA = "\u094d";
const NUKTA = "\u093c";
const ZWJ = "\u200d";
const RA = "\u0930";
const VOWEL_SIGNS = ["", "ा", "ि", "ी", "ु", "ू", "ृ", "ॄ", "े", "ै", "ो", "ौ", "ॅ", "ॉ", "ॆ", "ॊ"];
const MARKS = ["ं", "ँ", "ः"];

/**
 * Conjuncts that Hindi writes as one shape (or whose first consonant has no half form), and common words that
 * carry them. The systematic forms (half, rakar, reph, vowel signs) come from `shapingCorpus` itself.
 */
const COMMON_CONJUNCTS = `
क्ष क्षमा त्र पत्र ज्ञ ज्ञान श्र श्री श्रेष्ठ द्ध शुद्ध बुद्धि द्व द्वारा द्य विद्या द्र द्रव्य द्म पद्म द्द द्ग द्भ
ट्ट पट्टी ट्ठ चिट्ठी ड्ड गड्ढा ड्ढ ड्र ट्र ट्रक ठ्र ढ्र ह्म ब्राह्मण ह्य बाह्य ह्न चिह्न ह्ल आह्लाद ह्व आह्वान ह्र ह्ण
ङ्क अङ्क ङ्ग गङ्गा ङ्घ ञ्च ञ्ज क्त शक्ति क्व क्य क्ल क्स त्त उत्तर त्थ त्न यत्न त्व महत्व महत्त्व त्म आत्म त्य सत्य
न्न अन्न न्त अन्त न्द हिन्दी न्ध न्म न्य न्ह प्त प्प प्य प्ल ब्ब ब्द ब्ध ब्य म्प म्ब म्भ म्म म्य म्ह य्य ल्ल ल्य ल्ह
व्य श्च श्न श्म श्य श्ल श्व ष्ट स्पष्ट ष्ठ ष्ण ष्प ष्म ष्य स्क स्ख स्त स्थ स्न स्प स्फ स्म स्य स्व ह्
ग्न ग्य ग्ध ग्र घ्न च्च च्छ च्य ज्ज ज्य ज्व झ्य ण्ट ण्ड ण्य थ्य ध्य ध्व फ्र भ्य ल्क स्र स्त्र स्त्री ऋ ॠ ऌ ॐ ॰ ।॥
कृपया हृदय कर्म धर्म पूर्व सर्वश्रेष्ठ प्रयोग क्रम ग्रह ड्राइवर फ़ोन ज़रूरी डिजिटल ऑनलाइन ईमेल पासवर्ड डेमो लीड
व्हाट्सऐप क्लिनिक सैलून एजेंसी प्रॉपर्टी ग्राहकों प्रश्नों उत्तरों अपॉइंटमेंट रिमाइंडर फ़ॉलो-अप मुफ़्त ₹ ॅ
`;

/** The words whose shaping decides which glyphs the subset keeps. */
export function shapingCorpus(siteText: string): string[] {
  const words = new Set<string>();
  const consonants: string[] = [];
  for (let c = 0x0915; c <= 0x0939; c++) consonants.push(String.fromCodePoint(c));
  for (let c = 0x0958; c <= 0x095f; c++) consonants.push(String.fromCodePoint(c));
  consonants.push("ळ", "ऱ", "ऩ", "ऴ");
  for (const c of consonants) {
    for (const v of VOWEL_SIGNS) {
      for (const base of [c, c + NUKTA, c + VIRAMA + RA, RA + VIRAMA + c, c + VIRAMA + "य", c + VIRAMA + "व"]) {
        words.add(base + v);
        for (const m of MARKS) words.add(base + v + m);
      }
    }
    words.add(c + VIRAMA);
    words.add(c + VIRAMA + ZWJ);
    words.add(c + VIRAMA + "\u200c");
    words.add(RA + VIRAMA + c + VIRAMA + "य");
    words.add(RA + VIRAMA + c + "ि" + "ं");
  }
  for (let c = 0x0904; c <= 0x0914; c++) {
    const vowel = String.fromCodePoint(c);
    for (const m of ["", ...MARKS]) words.add(vowel + m);
  }
  for (let c = 0x0960; c <= 0x097f; c++) words.add(String.fromCodePoint(c));
  for (const w of COMMON_CONJUNCTS.split(/\s+/)) if (w) words.add(w);
  for (const w of devanagariWords(siteText)) words.add(w);
  return [...words];
}

/** The runs of Devanagari (with the joiners inside words) in a text. */
export function devanagariWords(text: string): string[] {
  return text.match(/[\u0900-\u097f\u200c\u200d]+/g) ?? [];
}

/** Every Devanagari word of the site's shipped copy: the Hindi content modules and the copy documents' defaults. */
export function siteHindiText(root = process.cwd()): string {
  const dirs = ["shared/content/hi", "shared/copy", "shared/content"];
  let text = "";
  for (const dir of dirs) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const file of fs.readdirSync(abs)) {
      if (/\.tsx?$/.test(file) && !file.endsWith(".test.ts")) text += `\n${fs.readFileSync(path.join(abs, file), "utf8")}`;
    }
  }
  return text;
}

export async function toTrueType(woff2Bytes: Uint8Array): Promise<Uint8Array> {
  // The decoder answers with a view of its own memory, which its next call overwrites: keep a copy.
  return new Uint8Array(await woff2.decompress(woff2Bytes));
}

/**
 * Shapes each word with a font (TrueType bytes) and returns, per word, its glyph ids and where each glyph goes
 * (advance and offsets: the same in two fonts that shape the word alike, whatever their glyph ids).
 */
export function shapeWords(ttf: Uint8Array, words: readonly string[]): { glyphs: number[]; placement: string }[] {
  const face = new hb.Face(new hb.Blob(ttf), 0);
  const font = new hb.Font(face);
  return words.map((word) => {
    const buffer = new hb.Buffer();
    buffer.addText(word);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfosAndPositions();
    return {
      glyphs: infos.map((g) => g.codepoint),
      placement: infos.map((g) => `${g.xAdvance ?? 0},${g.xOffset ?? 0},${g.yOffset ?? 0}`).join(" "),
    };
  });
}

type SubsetWasm = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_set_invert(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
};

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;

/**
 * Cuts `ttf` down to the characters of `UNICODE_RANGES` and the glyphs in `glyphs`, keeping every layout feature
 * but only the substitutions among kept glyphs. Returns TrueType bytes.
 */
export async function subsetTrueType(ttf: Uint8Array, glyphs: Iterable<number>): Promise<Uint8Array> {
  const wasmPath = require.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm");
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath));
  const w = instance.exports as unknown as SubsetWasm;
  w._initialize();
  const data = w.malloc(ttf.byteLength);
  new Uint8Array(w.memory.buffer).set(ttf, data);
  const blob = w.hb_blob_create(data, ttf.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = w.hb_face_create(blob, 0);
  w.hb_blob_destroy(blob);
  const input = w.hb_subset_input_create_or_fail();
  if (input === 0) throw new Error("harfbuzz could not start a subset");
  try {
    const features = w.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    w.hb_set_clear(features);
    w.hb_set_invert(features);
    const unicodes = w.hb_subset_input_unicode_set(input);
    for (const [from, to] of UNICODE_RANGES) for (let c = from; c <= to; c++) w.hb_set_add(unicodes, c);
    const glyphSet = w.hb_subset_input_glyph_set(input);
    for (const g of glyphs) w.hb_set_add(glyphSet, g);
    w.hb_subset_input_set_flags(input, w.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE);
    const subset = w.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error("harfbuzz could not subset the font");
    const out = w.hb_face_reference_blob(subset);
    const at = w.hb_blob_get_data(out, 0);
    const length = w.hb_blob_get_length(out);
    const bytes = new Uint8Array(w.memory.buffer).slice(at, at + length);
    w.hb_blob_destroy(out);
    w.hb_face_destroy(subset);
    return bytes;
  } finally {
    w.hb_subset_input_destroy(input);
    w.hb_face_destroy(face);
    w.free(data);
  }
}

/** The shipped font, made from the package's file and the corpus. */
export async function makeHindiFont(root = process.cwd()): Promise<{ woff2: Uint8Array; words: number; glyphs: number }> {
  const ttf = await toTrueType(fs.readFileSync(path.join(root, SOURCE_FONT)));
  const words = shapingCorpus(siteHindiText(root));
  const glyphs = new Set<number>();
  for (const shaped of shapeWords(ttf, words)) for (const g of shaped.glyphs) glyphs.add(g);
  const subset = await subsetTrueType(ttf, glyphs);
  return { woff2: new Uint8Array(await woff2.compress(subset)), words: words.length, glyphs: glyphs.size };
}

/** The CSS `unicode-range` of `UNICODE_RANGES`. */
export function unicodeRangeCss(): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return UNICODE_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
}
