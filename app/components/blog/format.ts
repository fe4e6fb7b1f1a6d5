/** Browser-safe formatting of posts (dates, previews, paragraph and description rules). */
import { groupDigitsIndian, longDate, shortMonthYear } from "@shared/english-format";
import { wallClock } from "@shared/site-day";

/**
 * "Jul 2024"; on a Hindi page, given its months (MONTHS_HI, from the page's Hindi words: decision 0036),
 * "जुलाई 2024". The day is the site's (`timeZone`, the owner's Settings: issue 44), given explicitly, so the server's
 * HTML and the browser's agree.
 */
export function formatShortDate(iso: string, hindiMonths: readonly string[] | null, timeZone: string): string {
  const date = wallClock(iso, timeZone);
  if (hindiMonths) return Number.isNaN(date.getTime()) ? "" : `${hindiMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return shortMonthYear(date);
}

/** "July 29, 2024"; on a Hindi page, given its months, "29 जुलाई 2024"; the site's day, as above */
export function formatLongDate(iso: string, hindiMonths: readonly string[] | null, timeZone: string): string {
  const date = wallClock(iso, timeZone);
  if (hindiMonths) return Number.isNaN(date.getTime()) ? "" : `${date.getUTCDate()} ${hindiMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return longDate(date);
}

/** "12,34,567": an India-first site groups its counts the Indian way, in English and in Hindi (issue 44). */
export function formatCount(n: number): string {
  return groupDigitsIndian(n);
}

/**
 * Cuts text to at most `max` characters (spec: preview paragraphs cut at 200) with an ellipsis, at the last
 * word boundary within them, so no word is split ("and eve..."). A single word longer than `max` (a URL) is
 * cut at `max`. Characters, not UTF-16 units: an emoji is never split.
 */
export function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max);
  if (/\s/.test(chars[max] ?? "")) return `${head.join("").trimEnd()}...`;
  let end = head.length;
  while (end > 0 && !/\s/.test(head[end - 1]!)) end--;
  const kept = end > 0 ? head.slice(0, end) : head;
  return `${kept.join("").trimEnd().replace(/[,;:]$/, "")}...`;
}

export type Paragraph = { kind: "quote" | "item" | "plain"; text: string };

// A bullet, a check mark, or one of a few emoji used as list markers. Built from a string, which the server's bundle
// writes as escapes: a regular expression literal would keep the characters, and the whole bundle's text would take
// two bytes a character in memory (scripts/postbuild.ts).
const LIST_MARKER = new RegExp("^(?:[•◦▪▸►‣⁃✓✔☑✅❌✗✘➤➜→⭐🔹🔸🚀📌📅⏰📍💬👉💡🎯📈✨📊🔥]\uFE0F?)\\s*", "u");

/**
 * The post page's paragraph rules: a paragraph starting with a double quote is
 * a quote block; one starting with a bullet, a check or an emoji marker is a
 * list item with the marker stripped; anything else is plain text.
 */
export function classifyParagraph(raw: string): Paragraph {
  const text = raw.trim();
  if (/^["\u201C]/.test(text)) return { kind: "quote", text };
  const marker = LIST_MARKER.exec(text);
  if (marker) return { kind: "item", text: text.slice(marker[0].length) };
  return { kind: "plain", text };
}

/** Consecutive list items grouped, so they render as one list. */
export function groupParagraphs(paragraphs: readonly string[]): Array<Paragraph | { kind: "list"; items: string[] }> {
  const out: Array<Paragraph | { kind: "list"; items: string[] }> = [];
  for (const raw of paragraphs) {
    const p = classifyParagraph(raw);
    if (p.kind === "item") {
      const last = out.at(-1);
      if (last?.kind === "list") last.items.push(p.text);
      else out.push({ kind: "list", items: [p.text] });
    } else if (p.text) {
      out.push(p);
    }
  }
  return out;
}

export type Inline = { text: string; bold: boolean };
export type DescriptionBlock = { kind: "p"; lines: Inline[][] } | { kind: "ul"; items: Inline[][] };

/** `**bold**` spans of one line, as text segments (never HTML). */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > last) out.push({ text: line.slice(last, m.index), bold: false });
    out.push({ text: m[1]!, bold: true });
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ text: line.slice(last), bold: false });
  return out;
}

/**
 * The browser-kept Blogs page's description rules: blank lines separate
 * paragraphs, `**text**` is bold, and lines starting with "." or "-" are bullets.
 */
export function parseDescription(text: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let para: Inline[][] = [];
    let list: Inline[][] = [];
    const flushPara = () => {
      if (para.length) blocks.push({ kind: "p", lines: para });
      para = [];
    };
    const flushList = () => {
      if (list.length) blocks.push({ kind: "ul", items: list });
      list = [];
    };
    for (const rawLine of chunk.split("\n")) {
      const line = rawLine.trim();
      if (!line) continue;
      const bullet = /^[.-]\s*(.*)$/.exec(line);
      if (bullet && bullet[1]) {
        flushPara();
        list.push(parseInline(bullet[1]));
      } else {
        flushList();
        para.push(parseInline(line));
      }
    }
    flushPara();
    flushList();
  }
  return blocks;
}
