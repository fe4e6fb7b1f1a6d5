import { describe, expect, it } from "vitest";
import { checkedHref, classifyStored, inlineMediaIds, isOutsideLink, markProblem, parseInline, postBlocks, previewText, spansText } from "./post-marks";

describe("inline marks (decision 0029)", () => {
  it("reads bold, italic and links, nested", () => {
    expect(parseInline("a **bold *and italic*** [site](https://example.com/x?a=1) end")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", children: [{ kind: "text", text: "bold " }, { kind: "em", children: [{ kind: "text", text: "and italic" }] }] },
      { kind: "text", text: " " },
      { kind: "link", href: "https://example.com/x?a=1", children: [{ kind: "text", text: "site" }] },
      { kind: "text", text: " end" },
    ]);
    expect(parseInline("[**Bold** link](/blogs)")).toEqual([
      { kind: "link", href: "/blogs", children: [{ kind: "strong", children: [{ kind: "text", text: "Bold" }] }, { kind: "text", text: " link" }] },
    ]);
  });

  it("makes bare http(s) addresses links, leaving trailing punctuation as text", () => {
    expect(parseInline("See https://example.com/a.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", href: "https://example.com/a", children: [{ kind: "text", text: "https://example.com/a" }] },
      { kind: "text", text: "." },
    ]);
    expect(parseInline("(http://x.io)")[1]).toEqual({ kind: "link", href: "http://x.io", children: [{ kind: "text", text: "http://x.io" }] });
  });

  it("refuses javascript:, data: and protocol-relative links: they stay text", () => {
    for (const bad of ["[x](javascript:alert(1))", "[x](JAVASCRIPT:alert(1))", "[x](data:text/html,hi)", "[x](//evil.example)", "[x](java\tscript:1)"]) {
      const spans = parseInline(bad);
      expect(spans.some((s) => s.kind === "link")).toBe(false);
      expect(spansText(spans)).toContain("x");
    }
    expect(checkedHref("javascript:alert(1)")).toBeNull();
    expect(checkedHref("https://a.example/\"onmouseover=1")).toBeNull();
    expect(markProblem("Click [here](javascript:alert(1)) now")).toBe("link");
    expect(markProblem("Fine [here](https://example.com) and [there](/about)")).toBeNull();
    expect(markProblem("![](media:4)")).toBe("alt");
  });

  it("keeps <script> and markup as text spans (renderers escape them)", () => {
    expect(parseInline("<script>alert(1)</script> **<b>x</b>**")).toEqual([
      { kind: "text", text: "<script>alert(1)</script> " },
      { kind: "strong", children: [{ kind: "text", text: "<b>x</b>" }] },
    ]);
  });

  it("leaves unpaired or spaced stars alone and honours backslash escapes", () => {
    expect(parseInline("5 * 3 * 2 and **open")).toEqual([{ kind: "text", text: "5 * 3 * 2 and **open" }]);
    expect(parseInline("\\*not italic\\* and snake_case")).toEqual([{ kind: "text", text: "*not italic* and snake_case" }]);
  });

  it("reads a hostile 50,000-character paragraph in one pass, not one scan per mark character", () => {
    for (const text of ["*a ".repeat(16_000), "**a ".repeat(12_000), "[a".repeat(25_000), "[a".repeat(24_000) + "](https://x.example)", "[a](".repeat(12_000), "[" + "](".repeat(25_000)]) {
      const started = performance.now();
      parseInline(text);
      markProblem(text);
      expect(performance.now() - started, text.slice(0, 8)).toBeLessThan(1_000);
    }
  });

  it("stops nesting at a depth limit (a hostile paragraph stays linear)", () => {
    const deep = "*".repeat(2000) + "x" + "*".repeat(2000);
    expect(spansText(parseInline(deep)).length).toBeGreaterThan(0);
    const long = "[a](https://e.x) ".repeat(2000);
    expect(parseInline(long).filter((s) => s.kind === "link")).toHaveLength(2000);
  });
});

describe("paragraph kinds", () => {
  it("groups numbered items into one numbered list, bullets into another, the older stored form included", () => {
    expect(postBlocks(["1. one", "2. two", "• 3. three", "• dot", "plain"])).toEqual([
      { kind: "list", ordered: true, start: 1, items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two" }], [{ kind: "text", text: "three" }]] },
      { kind: "list", ordered: false, items: [[{ kind: "text", text: "dot" }]] },
      { kind: "plain", spans: [{ kind: "text", text: "plain" }] },
    ]);
  });

  it("reads pictures (alt required) and buttons", () => {
    expect(classifyStored('![A parrot](media:12 "Our parrot")')).toEqual({ kind: "image", mediaId: 12, alt: "A parrot", caption: "Our parrot" });
    expect(classifyStored("![](media:12)").kind).toBe("plain");
    expect(classifyStored("[[button:book-demo]]")).toEqual({ kind: "button", cta: "book-demo" });
    expect(classifyStored("[[button:elsewhere]]").kind).toBe("plain");
    expect(inlineMediaIds([{ content: ["![a](media:3)", "x", "![b](media:3)", "![c](media:9)"] }])).toEqual([3, 9]);
  });

  it("tells outside links from the site's own", () => {
    expect(isOutsideLink("https://example.com", "https://wiseparrot.example")).toBe(true);
    expect(isOutsideLink("https://wiseparrot.example/blogs", "https://wiseparrot.example")).toBe(false);
    expect(isOutsideLink("/blogs", "https://wiseparrot.example")).toBe(false);
  });
});

describe("previewText (issue 44: listing cards)", () => {
  it("gives a paragraph's words without marks, and nothing for an image or a button", () => {
    expect(previewText("This has **bold words** in it.")).toBe("This has bold words in it.");
    expect(previewText("जिनसे **हर मैसेज** का जवाब मिले।")).toBe("जिनसे हर मैसेज का जवाब मिले।");
    expect(previewText("See [our page](/contact) and *this*.")).toBe("See our page and this.");
    expect(previewText("• **One** item")).toBe("• One item");
    expect(previewText("Not ** closed")).toBe("Not ** closed");
    expect(previewText("![A chart](media:12)")).toBeNull();
    expect(previewText("[[button:whatsapp]]")).toBeNull();
  });
});
