import { describe, expect, it } from "vitest";
import { ABOUT_DOC } from "../../copy/about";
import { HOME_DOC } from "../../copy/home";
import { mergeTranslation } from "../../copy/merge";
import { SHELL_DOC } from "../../copy/shell";
import { checkCopy } from "../../copy/validate";
import type { CopyDoc } from "../../copy/fields";
import { ABOUT_HI } from "./about";
import { HOME_META_HI, HERO_HI, LEADS_BOARD_HI, METRICS_HI, TESTIMONIALS_HI } from "./home";
import { SEO_HI } from "./seo";
import * as SITE_HI from "./site";

/**
 * Issue 33: the Hindi of the site's frame, home and about. Its copy documents' Hindi defaults fit the fields the
 * owner edits, are really Hindi (no Latin-script word outside the allow-list), and a fresh install's Hindi page
 * shows them whole (nothing listed as missing, nothing falling back to English).
 */

const ALLOWED_LATIN = new Set(["wise", "parrot", "core", "whatsapp", "google", "microsoft", "instagram", "facebook", "linkedin", "youtube", "crm", "ai", "faq",
  // Acronyms in Latin script (docs/hindi-style.md).
  "api", "sop", "gb", "bhk", "emi", "ip", "utm", "dnt", "gpc", "coppa", "ceo"]);

/** Every string in a value, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** The Latin-script words of a text outside the allow-list (e-mail addresses and URLs left out). */
function strayLatin(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((w) => !/@|^https?:|^\//.test(w))
    .flatMap((w) => w.match(/\p{Script=Latin}+/gu) ?? [])
    .filter((w) => !ALLOWED_LATIN.has(w.toLowerCase()));
}

// Values that are not words: the choices (icons, "yes"/"no", who speaks), ratings, image slots and CSS classes.
const NOT_WORDS = /^(moon|repeat|leak|calendarX|bolt|calendarCheck|target|tag|megaphone|yes|no|partial|customer|assistant|event|bg-[a-z]+-\d+|\d)$/;

const DOCS: CopyDoc[] = [HOME_DOC, ABOUT_DOC, SHELL_DOC];

describe.each(DOCS.map((doc) => [doc.id, doc] as const))("the %s document's Hindi defaults", (_id, doc) => {
  const hi = doc.defaults("hi");
  const en = doc.defaults("en");

  it("pass the studio's own check, so the owner can save them unchanged", () => {
    expect(checkCopy(doc.sections, hi, en).errors).toEqual({});
  });

  it("have the English defaults' shape (same lists, same lengths)", () => {
    const shape = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(shape) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : typeof v;
    expect(shape(hi)).toEqual(shape(en));
  });

  it("are Hindi: no Latin-script word outside the allow-list (an English sentence left over would have some)", () => {
    const words = strings(hi).filter((s) => !NOT_WORDS.test(s));
    expect(words.length).toBeGreaterThan(0);
    expect(words.flatMap(strayLatin)).toEqual([]);
  });

  it("show whole on a fresh install's Hindi page: nothing missing, nothing in English", () => {
    const { value, missing } = mergeTranslation(doc.sections, undefined, undefined, hi, en);
    expect(missing).toEqual([]);
    expect(value).toEqual(hi);
  });

  it("give way to English, field by field, where the owner has changed the English", () => {
    const first = Object.keys(doc.sections)[0]!;
    const changed = JSON.parse(JSON.stringify(en)) as Record<string, unknown>;
    const texts = (function firstText(v: Record<string, unknown>): [Record<string, unknown>, string] | undefined {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === "string" && x.length > 0) return [v, k];
        if (x && typeof x === "object") {
          const found = firstText(x as Record<string, unknown>);
          if (found) return found;
        }
      }
      return undefined;
    })(changed[first] as Record<string, unknown>);
    expect(texts).toBeDefined();
    const [holder, key] = texts!;
    holder[key] = "The owner's new English words";
    const { value, missing } = mergeTranslation(doc.sections, undefined, changed, hi, en);
    expect(missing).toHaveLength(1);
    expect(strings(value)).toContain("The owner's new English words");
  });
});

describe("the Hindi constants the components show", () => {
  it("are Hindi too (the frame's words, the home page's labels, the drawings, SEO)", () => {
    const values = [SITE_HI, ABOUT_HI, HERO_HI, LEADS_BOARD_HI, METRICS_HI, TESTIMONIALS_HI, HOME_META_HI, SEO_HI];
    const texts = strings(values).filter((s) => !NOT_WORDS.test(s) && s !== "you@business.com" && s !== "hasSeenSplash" && s !== "splash" && s !== "reset");
    expect(texts.flatMap(strayLatin)).toEqual([]);
  });

  it("functions say their numbers", () => {
    expect(METRICS_HI.showLabel(2, 3)).toBe("3 में से नतीजा 2 दिखाएँ");
    expect(TESTIMONIALS_HI.ratingLabel(5)).toBe("5 में से 5 रेटिंग");
    expect(SITE_HI.FOOTER_HI.copyright(2026)).toBe("© 2026 Wise Parrot. सर्वाधिकार सुरक्षित।");
  });

  it("keep the English values where they are keys, not words (nav targets, the splash's storage key)", () => {
    expect(SITE_HI.NAV_LINKS_HI.map((l) => l.to)).toEqual(["/", "/about", "/blogs", "/ai-help", "/contact"]);
    expect(SITE_HI.SPLASH_HI.sessionKey).toBe("hasSeenSplash");
  });
});
