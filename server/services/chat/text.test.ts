import { describe, expect, it } from "vitest";
import { VOCABULARY } from "./knowledge";
import { citedSources } from "./service";
import { contentStems, detectLanguage, editDistance, normalizeQuestion, stem, translateHindi, words } from "./text";

describe("question words", () => {
  it("lower-cases, drops accents and punctuation", () => {
    expect(words("Café's PRICES, déjà-vu!")).toEqual(["cafes", "prices", "deja", "vu"]);
  });

  it("stems plurals and -ing/-ed forms to meet", () => {
    expect(stem("prices")).toBe(stem("price"));
    expect(stem("booking")).toBe(stem("book"));
    expect(stem("integrations")).toBe(stem("integration"));
    expect(stem("policies")).toBe(stem("policy"));
  });

  it("drops common words and maps Hinglish and language names", () => {
    expect(contentStems(normalizeQuestion("kya aap Hindi mein reply karte ho?").words)).toEqual([stem("language"), "reply"]);
    expect(normalizeQuestion("paisa wapas milega?").words).toEqual(["refund", "milega"]);
    expect(normalizeQuestion("How much is it?").text).toBe("price is it");
    expect(normalizeQuestion("How much time does it save?").text).not.toContain("price");
  });

  it("corrects misspellings towards the site's words only, keeping the first letter", () => {
    expect(normalizeQuestion("pricng intgrations calender refnd", VOCABULARY).words).toEqual([
      "pricing",
      "integrations",
      "calendar",
      "refund",
    ]);
    // Real words that merely resemble a site word stay as they are.
    expect(normalizeQuestion("unhelpful disconnected restart", VOCABULARY).words).toEqual(["unhelpful", "disconnected", "restart"]);
    expect(editDistance("refnd", "refund", 2)).toBe(1);
    expect(editDistance("teh", "the", 2)).toBe(1);
  });
});

describe("a model reply's citations", () => {
  const given = [
    { label: "FAQ: How much does it cost?", url: "/#faq-pricing", ref: "faq:pricing", heading: "", body: "" },
    { label: "From our blog: Playbook", url: "/blog/playbook", ref: "post:1:0", heading: "", body: "" },
  ];

  it("keeps the sources it cites, by number", () => {
    expect(citedSources("Plans start free [1]. See the playbook [2][1].", given, true)).toEqual([
      { label: "FAQ: How much does it cost?", url: "/#faq-pricing", n: 1 },
      { label: "From our blog: Playbook", url: "/blog/playbook", n: 2 },
    ]);
  });

  it("drops a reply citing a source that was not given", () => {
    expect(citedSources("As our FAQ says [3].", given, false)).toBeNull();
    expect(citedSources("See [0].", given, false)).toBeNull();
    expect(citedSources("See [1].", [], false)).toBeNull();
  });

  it("drops an uncited reply when the local answer came from the sources, accepts it otherwise", () => {
    expect(citedSources("Plans start free.", given, true)).toBeNull();
    expect(citedSources("Plans start free.", given, false)).toEqual([]);
    expect(citedSources("Hello!", [], true)).toEqual([]);
  });
});

describe("how visitors write", () => {
  it("tells Devanagari Hindi, Hinglish and English apart", () => {
    expect(detectLanguage("\u0915\u0940\u092e\u0924 \u0915\u093f\u0924\u0928\u0940 \u0939\u0948?")).toBe("hi");
    expect(detectLanguage("Refund milega agar pasand nahi aaya?")).toBe("hinglish");
    expect(detectLanguage("aapka office kaha hai?")).toBe("hinglish");
    expect(detectLanguage("free plan hai kya")).toBe("hinglish");
    expect(detectLanguage("How much does it cost?")).toBe("en");
    expect(detectLanguage("Do you work with a clinic in Pune?")).toBe("en");
  });

  it("reads Devanagari words the site covers as the site's words, and drops the rest", () => {
    expect(translateHindi("\u0921\u0947\u092e\u094b \u0915\u0948\u0938\u0947 \u092c\u0941\u0915 \u0915\u0930\u0947\u0902?").trim().split(/\s+/)).toEqual(["demo", "book", "?"]);
    expect(normalizeQuestion("\u0915\u0940\u092e\u0924 \u0915\u093f\u0924\u0928\u0940 \u0939\u0948?").text).toContain("price");
    expect(translateHindi("plain English")).toBe("plain English");
  });

  it("reads SMS spellings and Hinglish phrasing", () => {
    expect(normalizeQuestion("wat is the prise", VOCABULARY).words).toContain("price");
    expect(normalizeQuestion("setup me kitna time lagega").text).toContain("how long time");
    expect(contentStems(normalizeQuestion("do u have free plan pls", VOCABULARY).words)).toEqual([stem("free"), stem("pricing")]);
  });
});
