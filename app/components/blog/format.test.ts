import { describe, expect, it } from "vitest";
import { BUILT_IN_BLOGS } from "@shared/content";
import { MONTHS_HI } from "@shared/content/hi/blog";
import { classifyParagraph, cut, formatCount, formatLongDate, formatShortDate, groupParagraphs, parseDescription } from "./format";
import { readList, toLocalBlog } from "./local-blogs";

describe("post paragraph rules", () => {
  it("makes a quote of a paragraph starting with a double quote", () => {
    expect(classifyParagraph('"Great service." - a client')).toEqual({ kind: "quote", text: '"Great service." - a client' });
    expect(classifyParagraph("“Curly quotes too”").kind).toBe("quote");
  });

  it("makes list items of bullets, checks and emoji markers, with the marker stripped", () => {
    for (const marker of ["•", "✓", "✔", "✅", "📅", "⏰", "📍", "💬", "🚀", "👉", "⭐"]) {
      expect(classifyParagraph(`${marker} Book visits`)).toEqual({ kind: "item", text: "Book visits" });
    }
    expect(classifyParagraph("✔️ With a variation selector")).toEqual({ kind: "item", text: "With a variation selector" });
  });

  it("leaves anything else plain, including text that merely contains a marker", () => {
    expect(classifyParagraph("Plain text • with a bullet inside")).toEqual({ kind: "plain", text: "Plain text • with a bullet inside" });
    expect(classifyParagraph("<b>not html</b>")).toEqual({ kind: "plain", text: "<b>not html</b>" });
  });

  it("groups consecutive items into one list and drops empty paragraphs", () => {
    expect(groupParagraphs(["Intro", "• a", "✓ b", "", "Outro", "• c"])).toEqual([
      { kind: "plain", text: "Intro" },
      { kind: "list", items: ["a", "b"] },
      { kind: "plain", text: "Outro" },
      { kind: "list", items: ["c"] },
    ]);
  });
});

describe("previews and dates", () => {
  it("cuts within 200 characters at a word boundary, never inside a word", () => {
    const words = "Reply to every enquiry within minutes, and every lead gets a follow-up ".repeat(4);
    const preview = cut(words, 200);
    expect(preview.endsWith("...")).toBe(true);
    const kept = preview.slice(0, -3);
    expect([...kept].length).toBeLessThanOrEqual(200);
    // What is kept ends where a word ends in the original text.
    expect(words.startsWith(kept)).toBe(true);
    expect(words[kept.length]).toMatch(/[\s,]/);
    expect(kept).not.toMatch(/[\s,]$/);
    // A cut that falls exactly between two words keeps all 200 characters.
    const exact = `${"a".repeat(199)}b ${"c".repeat(50)}`;
    expect(cut(exact, 200)).toBe(`${"a".repeat(199)}b...`);
  });

  it("cuts one word longer than the limit at 200 characters, and leaves shorter text alone", () => {
    const long = "x".repeat(250);
    expect(cut(long, 200)).toBe(`${"x".repeat(200)}...`);
    expect(cut("short", 200)).toBe("short");
    expect(cut("y".repeat(200), 200)).toBe("y".repeat(200));
    // Characters, not UTF-16 units: an emoji is never split.
    expect(cut("😀".repeat(201), 200)).toBe(`${"😀".repeat(200)}...`);
  });

  it("formats short and long dates, a day without a time as that day in any zone", () => {
    expect(formatShortDate("2024-07-01T00:00:00.000Z", null, "UTC")).toBe("Jul 2024");
    expect(formatLongDate("2024-07-05", null, "UTC")).toBe("July 5, 2024");
    expect(formatLongDate("2024-07-05", null, "America/Los_Angeles")).toBe("July 5, 2024");
    expect(formatLongDate("2024-07-05", null, "Asia/Kolkata")).toBe("July 5, 2024");
    expect(formatShortDate("not a date", null, "Asia/Kolkata")).toBe("");
    expect(formatLongDate("not a date", MONTHS_HI, "Asia/Kolkata")).toBe("");
  });

  it("shows a post's day in the site's zone, not the UTC day (issue 44), in both languages", () => {
    // 23:00 UTC on 30 November is 04:30 on 1 December in India.
    const lateUtc = "2026-11-30T23:00:00.000Z";
    // 00:30 India time on 1 December is still 30 November (19:00) in UTC.
    const earlyIst = new Date(Date.UTC(2026, 11, 1, 0, 30) - 330 * 60_000).toISOString();
    expect(earlyIst).toBe("2026-11-30T19:00:00.000Z");
    for (const iso of [lateUtc, earlyIst]) {
      expect(formatLongDate(iso, null, "Asia/Kolkata")).toBe("December 1, 2026");
      expect(formatLongDate(iso, MONTHS_HI, "Asia/Kolkata")).toBe(`1 ${MONTHS_HI[11]} 2026`);
      // The card's month: December, where the UTC day says November.
      expect(formatShortDate(iso, null, "Asia/Kolkata")).toBe("Dec 2026");
      expect(formatShortDate(iso, MONTHS_HI, "Asia/Kolkata")).toBe(`${MONTHS_HI[11]} 2026`);
      expect(formatLongDate(iso, null, "UTC")).toBe("November 30, 2026");
    }
    // Another owner's zone is followed too (New York: 23:00 UTC is 18:00 the same day; 04:30 UTC is the day before).
    expect(formatLongDate(lateUtc, null, "America/New_York")).toBe("November 30, 2026");
    expect(formatLongDate("2026-12-01T04:30:00.000Z", null, "America/New_York")).toBe("November 30, 2026");
  });

  it("writes dates exactly as Intl does for en-US, and counts as it does for en-IN and hi-IN, without loading it on the server", () => {
    const short = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    const long = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    // Every month, first and last days, a leap day, and a few years.
    for (const iso of ["2024-01-01", "2024-02-29", "2023-03-31", "1999-12-31T23:59:59Z", "2025-06-15T12:00:00+05:30", "2030-09-09", "2024-10-01", "2024-11-30"]) {
      expect(formatShortDate(iso, null, "UTC")).toBe(short.format(new Date(iso)));
      expect(formatLongDate(iso, null, "UTC")).toBe(long.format(new Date(iso)));
    }
    for (let month = 0; month < 12; month++) expect(formatShortDate(new Date(Date.UTC(2024, month, 15)).toISOString(), null, "UTC")).toBe(short.format(Date.UTC(2024, month, 15)));
    // In the site's zone, as Intl writes it there.
    const longIst = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "Asia/Kolkata" });
    for (const iso of ["1999-12-31T18:29:59Z", "1999-12-31T18:30:00Z", "2026-02-28T20:00:00Z", "2028-02-28T19:00:00Z"]) {
      expect(formatLongDate(iso, null, "Asia/Kolkata")).toBe(longIst.format(new Date(iso)));
    }
    // Indian grouping (issue 44): 12,34,567 on the Hindi pages and the English ones of an India-first site.
    expect(formatCount(1_234_567)).toBe("12,34,567");
    expect(formatCount(1_234_569)).toBe("12,34,569");
    for (const locale of ["en-IN", "hi-IN"]) {
      const count = new Intl.NumberFormat(locale);
      for (const n of [0, 1, 12, 999, 1000, 1234, 12_345, 99_999, 100_000, 1_234_567, 12_345_678, 987_654_321, -1, -1000, -1_234_567, Number.MAX_SAFE_INTEGER]) {
        expect(formatCount(n), `${locale} ${n}`).toBe(count.format(n));
      }
    }
  });
});

describe("browser-kept description rules", () => {
  it("splits paragraphs on blank lines, bold on double asterisks, bullets on leading . or -", () => {
    expect(parseDescription("One **two** three\n\n. dot item\n- dash item\nAfter")).toEqual([
      { kind: "p", lines: [[{ text: "One ", bold: false }, { text: "two", bold: true }, { text: " three", bold: false }]] },
      { kind: "ul", items: [[{ text: "dot item", bold: false }], [{ text: "dash item", bold: false }]] },
      { kind: "p", lines: [[{ text: "After", bold: false }]] },
    ]);
  });

  it("keeps markup as text and tolerates unbalanced asterisks and Windows line ends", () => {
    expect(parseDescription("<script>x</script> **open\r\n\r\nnext")).toEqual([
      { kind: "p", lines: [[{ text: "<script>x</script> **open", bold: false }]] },
      { kind: "p", lines: [[{ text: "next", bold: false }]] },
    ]);
  });
});

function fakeStorage(values: Record<string, string>): Storage {
  return {
    getItem: (k: string) => values[k] ?? null,
    setItem: (k: string, v: string) => void (values[k] = v),
    removeItem: (k: string) => void delete values[k],
    clear: () => undefined,
    key: () => null,
    length: 0,
  };
}

describe("browser storage", () => {
  it("reads well-formed articles and drops foreign entries, duplicates and unsafe images", () => {
    const storage = fakeStorage({
      userBlogs: JSON.stringify([
        { ...BUILT_IN_BLOGS[0], id: 10, isUserCreated: true, image: "javascript:alert(1)" },
        { ...BUILT_IN_BLOGS[0], id: 10, title: "duplicate" },
        { id: "11", title: "wrong id type" },
        null,
        7,
        { ...BUILT_IN_BLOGS[1], id: 12, views: -5, likes: "x", image: "https://example.com/a.png" },
      ]),
    });
    const { items, error } = readList(storage, "userBlogs");
    expect(error).toBe(false);
    expect(items.map((b) => b.id)).toEqual([10, 12]);
    expect(items[0]!.image).toBeUndefined();
    expect(items[1]).toMatchObject({ views: 0, likes: 0, image: "https://example.com/a.png", isUserCreated: false });
  });

  it("reports unreadable JSON, a non-array and a throwing storage as errors, never throwing", () => {
    expect(readList(fakeStorage({ k: "{oops" }), "k")).toEqual({ items: [], error: true });
    expect(readList(fakeStorage({ k: '{"a":1}' }), "k")).toEqual({ items: [], error: true });
    expect(readList(fakeStorage({}), "k")).toEqual({ items: [], error: false });
    const throwing = { ...fakeStorage({}), getItem: () => { throw new Error("denied"); } };
    expect(readList(throwing, "k")).toEqual({ items: [], error: true });
    expect(toLocalBlog({ ...BUILT_IN_BLOGS[0], title: "   " })).toBeNull();
  });
});
