import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  SOURCE_FONT,
  SUBSET_FONT,
  UNICODE_RANGES,
  devanagariWords,
  shapeWords,
  siteHindiText,
  toTrueType,
  unicodeRangeCss,
} from "./devanagari-font";

const full = await toTrueType(fs.readFileSync(SOURCE_FONT));
const subset = await toTrueType(fs.readFileSync(SUBSET_FONT));

/** Words whose shaping with the subset differs from the whole font's (other glyphs, widths or mark positions). */
function misshapen(words: string[]): string[] {
  const a = shapeWords(full, words);
  const b = shapeWords(subset, words);
  return words.filter((_, i) => a[i]!.placement !== b[i]!.placement);
}

describe("the Hindi pages' font", () => {
  it("stays within its byte budget", () => {
    expect(fs.statSync(SUBSET_FONT).size).toBeLessThanOrEqual(32 * 1024);
  });

  it("shapes every Devanagari word of the site's copy exactly as the whole font does (else: npm run font:hindi)", () => {
    const words = [...new Set(devanagariWords(siteHindiText()))];
    expect(misshapen(words)).toEqual([]);
  });

  it("draws conjuncts, reph, rakar, nukta and vowel signs as the whole font does", () => {
    const words = "क्षमा त्रुटि ज्ञान श्रेष्ठ शुद्ध द्वारा विद्यालय चिट्ठी ब्राह्मण चिह्न शक्ति उत्तर प्रश्न कर्म सर्वश्रेष्ठ पूर्व क्रम ग्राहक फ़ोन ज़रूरी ड्राइवर कृपया हृदय हिन्दी मुफ़्त व्हाट्सऐप ऑनलाइन दिखाएँ सेवाएं स्वागत".split(" ");
    expect(misshapen(words)).toEqual([]);
  });

  it("has a glyph for every character it claims that the whole font draws, so no letter falls back to another font", () => {
    const chars: string[] = [];
    for (const [from, to] of UNICODE_RANGES) for (let c = from; c <= to; c++) chars.push(String.fromCodePoint(c));
    const drawn = (font: Uint8Array) => shapeWords(font, chars).map((s) => !s.glyphs.includes(0));
    const inFull = drawn(full);
    const inSubset = drawn(subset);
    const missing = chars.filter((_, i) => inFull[i] && !inSubset[i]).map((ch) => `U+${ch.codePointAt(0)!.toString(16)}`);
    expect(missing).toEqual([]);
    expect(inFull.filter(Boolean).length).toBeGreaterThan(120);
  });

  it("writes a conjunct it does not keep with the half form of its first letter, never an empty box", () => {
    // क्‍ष is kept; a rare pair like ख्ख is not a ligature in the subset but shapes without .notdef.
    const [shaped] = shapeWords(subset, ["ख्ख्ख"]);
    expect(shaped!.glyphs).not.toContain(0);
  });

  it("is declared in app/app.css with the ranges it maps", () => {
    const css = fs.readFileSync("app/app.css", "utf8");
    expect(css).toContain(SUBSET_FONT.replace(/^app\//, "./"));
    expect(css).toContain(`unicode-range: ${unicodeRangeCss()};`);
  });
});
