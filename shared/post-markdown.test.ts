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

  it("puts text before the first heading into a section with the given title", () => {
    expect(markdownToSections("Hello there.", { untitledSection: "Intro" })).toEqual([{ title: "Intro", content: ["Hello there."] }]);
  });

  it("maps quotes to the spec's quote rule and list items to its bullet rule", () => {
    const md = "## S\n\n> Wise words\n> continue.\n\n- one\n* two\n1. three\n\n> \"Already quoted\"";
    expect(markdownToSections(md)).toEqual([
      { title: "S", content: ['"Wise words continue."', "• one", "• two", "• 1. three", '"Already quoted"'] },
    ]);
  });

  it("keeps raw HTML as text and drops control characters", () => {
    const [section] = markdownToSections("## <b>Bold</b>\n\n<script>alert(1)</script>\u0007 text");
    expect(section).toEqual({ title: "<b>Bold</b>", content: ["<script>alert(1)</script> text"] });
  });

  it("a heading without text after # is a plain paragraph; empty input has no sections", () => {
    expect(markdownToSections("")).toEqual([]);
    expect(markdownToSections("#hashtag")).toEqual([{ title: "Introduction", content: ["#hashtag"] }]);
  });

  it("gives the same sections back through Markdown", () => {
    const sections = [
      { title: "A", content: ["Plain.", '"A quote"', "• item one", "• item two"] },
      { title: "B", content: ["✅ emoji item", "More."] },
    ];
    expect(markdownToSections(sectionsToMarkdown(sections))).toEqual(sections);
  });

  it("counts words and gives a read time of at least a minute", () => {
    expect(wordCount("## Title\n\nOne two, three — four 5.")).toBe(6);
    expect(readTimeFor(0)).toBe("1 min read");
    expect(readTimeFor(1000)).toBe("5 min read");
  });
});
