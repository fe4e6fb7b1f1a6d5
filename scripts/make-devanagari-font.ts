/**
 * `npm run font:hindi`: remakes app/fonts/noto-sans-devanagari-hindi-400.woff2 (the Hindi pages' web font) from
 * the pinned @fontsource/noto-sans-devanagari file and the site's Hindi copy (scripts/devanagari-font.ts says
 * what it keeps). Run it after adding Hindi copy when scripts/devanagari-font.test.ts names words that no longer
 * shape as with the whole font. The output is the same for the same inputs.
 */
import fs from "node:fs";
import path from "node:path";
import { SOURCE_FONT, SUBSET_FONT, makeHindiFont } from "./devanagari-font";

const { woff2, words, glyphs } = await makeHindiFont();
fs.mkdirSync(path.dirname(SUBSET_FONT), { recursive: true });
fs.writeFileSync(SUBSET_FONT, woff2);
const before = fs.statSync(SOURCE_FONT).size;
console.log(`${SUBSET_FONT}: ${woff2.length} bytes (${glyphs} glyphs from ${words} words; the package's file: ${before} bytes)`);
