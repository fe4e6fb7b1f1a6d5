import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { NEVER_SHOWN_KEYS } from "./hindi-check";
import { STYLE_RULES, styleBreaks } from "./hindi-style";

/**
 * Not copy: the spellings visitors type, which the assistant must recognise however they write them (bare forms,
 * Devanagari acronyms included).
 */
const VISITOR_SPELLINGS = new Set(["server/services/chat/text.ts", "server/services/chat/hindi-words.ts", "server/services/chat/lexicon.ts"]);

/** Every source module that may ship Hindi: the Hindi copy, the assistant, the e-mails, the components. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const at = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(at);
    const file = path.relative(process.cwd(), at);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !VISITOR_SPELLINGS.has(file) ? [at] : [];
  });
}

/** The Devanagari string and template pieces of a module (comments are not copy). */
function hindiLiterals(file: string): { where: string; text: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { where: string; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && NEVER_SHOWN_KEYS.has(node.name.text)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const text = (node as ts.LiteralLikeNode).text;
      if (/[\u0900-\u097F]/.test(text)) {
        out.push({ where: `${path.relative(process.cwd(), file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const HINDI = ["shared", "app", "server"].flatMap((d) => sourceFiles(path.resolve(d))).flatMap(hindiLiterals);

describe("the Hindi style sheet (docs/hindi-style.md)", () => {
  it("catches each forbidden variant and passes its preferred form", () => {
    for (const [bad, good] of [
      ["आइए, मिलकर आपका कारोबार बढ़ाएँ", "आइए, मिलकर आपका बिज़नेस बढ़ाएँ"],
      ["पेड ऐड और क्रिएटिव", "पेड विज्ञापन और क्रिएटिव"],
      ["24/7 जवाब", "24×7 जवाब"],
      ["ऑनबोर्डिंग एसओपी", "ऑनबोर्डिंग SOP"],
      ["2 बीएचके फ़्लैट", "2 BHK फ़्लैट"],
      ["इस फ़ील्ड को खाली छोड़ दें", "इस फ़ील्ड को ख़ाली छोड़ दें"],
      ["पाँच तरीके", "पाँच तरीक़े"],
      ["लायक", "लायक़"],
      ["सिर्फ़ 1 ₹ में डेमो", "सिर्फ़ ₹1 में डेमो"],
      ["तुम्हारा ऑर्डर", "आपका ऑर्डर"],
      ["बडी कहते हैं !!", "बडी कहते हैं!"],
      ["आपकी लीड्स", "आपकी लीड"],
      ["अपना उद्योग चुनें", "अपनी इंडस्ट्री चुनें"],
      ["२०२६ में", "2026 में"],
      ["सोम-शुक्र, 9 से 6 बजे", "सोम-शुक्र, 9 से 6 बजे (भारतीय समय)"],
      ["सुबह 9 से शाम 6 बजे IST", "सुबह 9 से शाम 6 बजे तक (भारतीय समय)"],
    ]) {
      expect(styleBreaks(bad as string).length, bad).toBeGreaterThan(0);
      expect(styleBreaks(good as string), good).toEqual([]);
    }
    // A word's edge is a word's edge: करोड़ is not करो, and precomposed क़ (U+0958) is the nukta form too.
    expect(styleBreaks("₹1.2 करोड़")).toEqual([]);
    expect(styleBreaks("\u0958दम")).toEqual([]);
  });

  it("is written down: every rule's forms are in docs/hindi-style.md", () => {
    const doc = fs.readFileSync("docs/hindi-style.md", "utf8");
    for (const r of STYLE_RULES) {
      for (const form of r.avoid.split(" / ")) expect(doc, form).toContain(form.trim());
    }
  });

  it("holds for every Hindi string the site ships (pages, the assistant's replies, the e-mails)", () => {
    expect(HINDI.length).toBeGreaterThan(500);
    const found = HINDI.flatMap(({ where, text }) => styleBreaks(text).map((r) => `${where}: ${r.avoid} → ${r.use}  <- ${text.slice(0, 90)}`));
    expect(found).toEqual([]);
  });
});
