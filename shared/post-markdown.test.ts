import { describe, expect, it } from "vitest";
import { markdownToSections, readTimeFor, sectionsToMarkdown, wordCount } from "./post-markdown";

describe("light Markdown → post sections", () => {
  it("starts a section at each # or ## heading and separates paragraphs by blank lines", () => {
    const md = "# First\n\nOne line\nwraps here.\n\nSecond paragraph.\n\n## Second ##\n\nText.";
    expect(markdownToSections(md)).toEqual([
      { title: "First", content: ["One line wraps here.", "Second paragraph."] },
      { title: "Second", content: ["Text."] },
    ]);
  });

  it("puts text before the first heading into a section without a title (no heading the author never wrote)", () => {
    expect(markdownToSections("Hello there.\n\n## Next\n\nMore.")).toEqual([
      { title: "", content: ["Hello there."] },
      { title: "Next", content: ["More."] },
    ]);
    expect(sectionsToMarkdown([{ title: "", content: ["Hello there."] }])).toBe("Hello there.");
  });

  it("maps quotes to the spec's quote rule, bullets to its bullet rule and numbered items to `1. text`", () => {
    const md = "## S\n\n> Wise words\n> continue.\n\n- one\n* two\n1. three\n2) four\n\n> \"Already quoted\"";
    expect(markdownToSections(md)).toEqual([
      { title: "S", content: ['"Wise words continue."', "• one", "• two", "1. three", "2. four", '"Already quoted"'] },
    ]);
  });

  it("keeps marks, pictures and buttons as typed", () => {
    const md = "Some **bold** and [a link](https://example.com).\n\n![A parrot](media:3 \"Our parrot\")\n\n[[button:whatsapp]]";
    expect(markdownToSections(md)).toEqual([
      { title: "", content: ["Some **bold** and [a link](https://example.com).", '![A parrot](media:3 "Our parrot")', "[[button:whatsapp]]"] },
    ]);
  });

  it("keeps raw HTML as text and drops control characters", () => {
    const [section] = markdownToSections("## <b>Bold</b>\n\n<script>alert(1)</script>\u0007 text");
    expect(section).toEqual({ title: "<b>Bold</b>", content: ["<script>alert(1)</script> text"] });
  });

  it("a heading without text after # is a plain paragraph; empty input has no sections", () => {
    expect(markdownToSections("")).toEqual([]);
    expect(markdownToSections("#hashtag")).toEqual([{ title: "", content: ["#hashtag"] }]);
  });

  it("gives the same sections back through Markdown", () => {
    const sections = [
      { title: "A", content: ["Plain.", '"A quote"', "• item one", "• item two"] },
      { title: "B", content: ["✅ emoji item", "More.", "1. first", "2. second"] },
    ];
    expect(markdownToSections(sectionsToMarkdown(sections))).toEqual(sections);
  });

  it("counts words and gives a read time of at least a minute", () => {
    expect(wordCount("## Title\n\nOne two, three — four 5.")).toBe(6);
    expect(readTimeFor(0)).toBe("1 min read");
    expect(readTimeFor(1000)).toBe("5 min read");
  });
});
