import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { COPY_DOCS } from "../shared/copy";
import type { Field } from "../shared/copy/fields";
import { type Finding, NEVER_SHOWN_KEYS, findEnglish, formatFindings, latinWords, stringsOf } from "./hindi-check";

describe("latinWords", () => {
  it("passes Hindi with the allowed names, numbers, ₹, URLs and e-mail addresses", () => {
    for (const text of [
      "Wise Parrot आपके ग्राहकों को WhatsApp पर 24 घंटे जवाब देता है।",
      "Wise Core से जुड़ा AI सहायक, आपके CRM में हर लीड।",
      "Google, Microsoft, Instagram, Facebook, LinkedIn और YouTube पर भी।",
      "अक्सर पूछे जाने वाले सवाल (FAQ)",
      "योजना ₹4,999/माह से, 15% छूट, 1-2 दिन में शुरू।",
      "hello@wiseparrot.in पर लिखें या https://wiseparrot.in/contact?x=1 खोलें, www.example.com भी।",
      "wiseparrot.in/blogs पर पढ़ें",
      "— “उद्धरण” … ‘हाँ’ — 10:30 बजे, 24×7, 10÷2",
      "[संपर्क पेज](/hi/contact) से लिखें, या /blogs?tag=क्लिनिक देखें",
      "Wise",
      "Core",
      "",
    ]) {
      expect(latinWords(text), text).toEqual([]);
    }
  });

  it("reports every Latin word a Hindi string leaks, in order, not just the first", () => {
    expect(latinWords("अभी Book a demo करें और pricing देखें")).toEqual(["Book", "a", "demo", "pricing"]);
    expect(latinWords("Wise Parrot Team से मिलें")).toEqual(["Team"]);
  });

  it("takes a machine value for text unless told it is one (constants)", () => {
    expect(latinWords("whatsapp-chat")).toEqual(["whatsapp", "chat"]);
    for (const id of ["whatsapp-chat", "calendarCheck", "getting_started", "bg-sky-500", "paragraph"]) {
      expect(latinWords(id, { identifiers: true }), id).toEqual([]);
    }
    // Text is still text: capitals or spaces make it copy.
    expect(latinWords("Submit", { identifiers: true })).toEqual(["Submit"]);
    expect(latinWords("book a demo", { identifiers: true })).toEqual(["book", "a", "demo"]);
  });

  it("allows a name only whole and as it is written", () => {
    expect(latinWords("Whatsapp पर")).toEqual(["Whatsapp"]);
    expect(latinWords("Wise सहायक")).toEqual(["Wise"]);
    expect(latinWords("AIR और CRMs")).toEqual(["AIR", "CRMs"]);
    expect(latinWords("WhatsAppBusiness")).toEqual(["WhatsAppBusiness"]);
  });

  it("catches abbreviations, units, accented and transliterated words", () => {
    expect(latinWords("24x7 सहायता, 2 KB, OTP भेजें")).toEqual(["x", "KB", "OTP"]);
    expect(latinWords("café में namaste")).toEqual(["café", "namaste"]);
    expect(latinWords("don't रुकें")).toEqual(["don't"]);
  });

  it("takes {placeholders} as words on a page, and not in copy that fills them in", () => {
    expect(latinWords("{PRODUCT} से पूछें")).toEqual(["PRODUCT"]);
    expect(latinWords("{PRODUCT} से पूछें, {name} जी", { placeholders: true })).toEqual([]);
  });
});

describe("findEnglish", () => {
  it("lists every offending string with where it was found", () => {
    const findings = findEnglish([
      { where: "/hi h1", text: "आपका स्वागत है" },
      { where: "/hi button", text: "Send" },
      { where: "/hi/contact input[placeholder]", text: "Your name" },
    ]);
    expect(findings).toEqual([
      { where: "/hi button", text: "Send", words: ["Send"] },
      { where: "/hi/contact input[placeholder]", text: "Your name", words: ["Your", "name"] },
    ]);
    expect(formatFindings(findings)).toBe('/hi button: Send  <- "Send"\n/hi/contact input[placeholder]: Your, name  <- "Your name"');
  });

  it("walks constants: nested objects, lists and functions called with sample numbers", () => {
    // A deliberately leaked English word in an otherwise Hindi constant.
    const HINDI_WITH_A_LEAK = {
      title: "हमारे बारे में",
      items: ["पहला", "दूसरा", "Third"],
      count: (n: number) => `${n} लेख`,
      ago: (n: number) => `${n} minutes पहले`,
      deep: { fine: "ठीक", leak: { label: "Submit करें" } },
      // Never shown: the romanised ways visitors type a question.
      also: ["kitna kharcha", "kitne paise"],
    };
    expect(NEVER_SHOWN_KEYS.has("also")).toBe(true);
    const found = findEnglish(stringsOf(HINDI_WITH_A_LEAK, "HINDI_WITH_A_LEAK"));
    expect(found.map((f) => [f.where, f.words])).toEqual([
      ["HINDI_WITH_A_LEAK.items[2]", ["Third"]],
      ["HINDI_WITH_A_LEAK.ago()", ["minutes"]],
      ["HINDI_WITH_A_LEAK.deep.leak.label", ["Submit"]],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The Hindi copy itself: every string the Hindi modules and the copy documents' Hindi defaults ship.

const HINDI_DIR = path.resolve("shared/content/hi");
const hindiModules = fs.existsSync(HINDI_DIR)
  ? fs.readdirSync(HINDI_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  : [];

/**
 * The text pieces of every string and template literal in a module's source, so a function's words are checked
 * even where calling it with sample arguments cannot reach them. Import paths, quoted keys (`"E-commerce": …`,
 * `NAMES["E-commerce"]`), literal types and language tags are not text.
 */
function literalsOf(file: string): { where: string; text: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { where: string; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node);
    const isKey = node.parent && ts.isPropertyAssignment(node.parent) && node.parent.name === node;
    const isTypeLiteral = node.parent && ts.isLiteralTypeNode(node.parent);
    const isIndex = node.parent && ts.isElementAccessExpression(node.parent) && node.parent.argumentExpression === node;
    if (isText && !isKey && !isTypeLiteral && !isIndex && !underNeverShownKey(node)) {
      const text = (node as ts.LiteralLikeNode).text;
      if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        out.push({ where: `${path.relative(process.cwd(), file)}:${line + 1}`, text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Whether a literal is (in) the value of a key whose values are never shown (`also: ["…"]`). */
function underNeverShownKey(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isPropertyAssignment(at)) return ts.isIdentifier(at.name) && NEVER_SHOWN_KEYS.has(at.name.text);
  }
  return false;
}

/** The text fields of a copy document's value (URLs and choices are not words a visitor reads as copy). */
function copyTexts(field: Field, value: unknown, where: string, out: { where: string; text: string }[]): void {
  if (field.kind === "text" && typeof value === "string") {
    if (!NEVER_SHOWN_KEYS.has(where.split(".").pop() ?? "")) out.push({ where, text: value });
  }
  else if (field.kind === "group" && value && typeof value === "object") {
    for (const [key, sub] of Object.entries(field.fields)) copyTexts(sub, (value as Record<string, unknown>)[key], `${where}.${key}`, out);
  } else if (field.kind === "list" && Array.isArray(value)) value.forEach((item, i) => copyTexts(field.item, item, `${where}[${i}]`, out));
}

/** Where each finding is and its words: a short diff when the test fails. */
const summary = (findings: readonly Finding[]) => findings.map((f) => `${f.where}: ${f.words.join(", ")}`);

describe("literalsOf (the source check of a Hindi module)", () => {
  it("finds an English word inside a function's template, and skips imports, keys, types and language tags", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wp-hi-")), "leak.ts");
    fs.writeFileSync(
      file,
      [
        'import type { Translation } from "../../i18n";',
        'type Mode = "light" | "dark";',
        "export const LEAK_HI = {",
        '  "quoted-key": "ठीक",',
        '  name: NAMES_HI["E-commerce"],',
        '  when: (d: Date) => d.toLocaleDateString("hi-IN"),',
        "  ago: (n: number) => (n === 1 ? `${n} मिनट पहले` : `${n} minutes ago`),",
        '  also: ["kitna kharcha"],',
        '  icon: "calendarCheck",',
        "};",
      ].join("\n"),
    );
    const findings = findEnglish(literalsOf(file), { placeholders: true, identifiers: true });
    expect(findings.map((f) => [path.basename(f.where), f.words])).toEqual([["leak.ts:7", ["minutes", "ago"]]]);
  });
});

describe("the Hindi copy has no English", () => {
  it.skipIf(hindiModules.length === 0).each(hindiModules)("shared/content/hi/%s: every exported string", async (file) => {
    const mod = (await import(path.join(HINDI_DIR, file))) as Record<string, unknown>;
    const strings = Object.entries(mod).flatMap(([name, value]) => stringsOf(value, `${file} ${name}`));
    expect(strings.length, "a Hindi module exports text").toBeGreaterThan(0);
    const findings = findEnglish(strings, { placeholders: true, identifiers: true });
    expect(summary(findings), formatFindings(findings)).toEqual([]);
  });

  it.skipIf(hindiModules.length === 0).each(hindiModules)("shared/content/hi/%s: every literal in its source", (file) => {
    const findings = findEnglish(literalsOf(path.join(HINDI_DIR, file)), { placeholders: true, identifiers: true });
    expect(summary(findings), formatFindings(findings)).toEqual([]);
  });

  it.each(COPY_DOCS.map((doc) => [doc.id, doc] as const))("copy document %s: its Hindi defaults", (id, doc) => {
    const value = doc.defaults("hi") as Record<string, unknown>;
    const strings: { where: string; text: string }[] = [];
    for (const [key, field] of Object.entries(doc.sections)) copyTexts(field, value[key], `copy.${id}.${key}`, strings);
    expect(strings.length).toBeGreaterThan(0);
    const findings = findEnglish(strings, { placeholders: true, identifiers: true });
    expect(summary(findings), formatFindings(findings)).toEqual([]);
  });
});
