/**
 * The studio's light Markdown, turned into the spec's post content (`sections[{ title, content[] }]`), and back.
 *
 * - `# Title` or `## Title` starts a section; text before the first heading goes into a section with an empty
 *   title, which the pages show without a heading (the author never wrote one).
 * - Blank lines separate paragraphs; the lines of one paragraph are joined with a space.
 * - `> text` is a quote: the paragraph is stored starting with a double quote, which is the spec's quote rule.
 * - `- item` and `* item` are list items: each is stored as its own paragraph starting with "• ", the spec's
 *   bullet rule; `1. item` is an item of a numbered list, stored as `1. item` (shared/post-marks.ts).
 * - Inline marks (`**bold**`, `*italic*`, `[text](https://...)`), pictures (`![alt](media:42 "caption")`) and
 *   buttons (`[[button:book-demo]]`) are kept as typed: shared/post-marks.ts says what they show (decision 0029).
 * - Nothing else is syntax. Raw HTML is text: it is stored as typed and every page renders paragraphs as text,
 *   so `<script>` shows as the characters `<script>`.
 *
 * Pure and browser-safe (the editor counts words as you type).
 */

export type MarkdownSection = { title: string; content: string[] };

/** The bullet a list item is stored with (one of the markers the post page strips). */
export const LIST_BULLET = "•";

const HEADING = /^#{1,2}\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const ORDERED = /^(\d{1,3})[.)]\s+(.*)$/;
/** Titles and paragraphs are single-line text without control characters (tabs become spaces). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function clean(text: string): string {
  return text.replace(/\t/g, " ").replace(CONTROL, "").replace(/\s+/g, " ").trim();
}

function quoted(text: string): string {
  return /^["\u201C]/.test(text) ? text : `"${text}"`;
}

export function markdownToSections(source: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection | null = null;
  let paragraph: string[] = [];
  let kind: "plain" | "quote" = "plain";

  const section = (): MarkdownSection => {
    if (!current) {
      current = { title: "", content: [] };
      sections.push(current);
    }
    return current;
  };
  const flush = () => {
    const text = clean(paragraph.join(" "));
    if (text) section().content.push(kind === "quote" ? quoted(text) : text);
    paragraph = [];
    kind = "plain";
  };

  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      current = { title: clean(heading[1]!.replace(/\s#+$/, "")), content: [] };
      sections.push(current);
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      if (kind !== "quote") flush();
      kind = "quote";
      paragraph.push(quote[1]!);
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      flush();
      const text = clean(bullet ? bullet[1]! : ordered![2]!);
      if (text) section().content.push(bullet ? `${LIST_BULLET} ${text}` : `${ordered![1]}. ${text}`);
      continue;
    }
    // A plain line after a quote line starts a new paragraph; after plain lines it continues the paragraph.
    if (kind === "quote") flush();
    paragraph.push(line);
  }
  flush();
  return sections.filter((s) => s.title || s.content.length > 0);
}

/** The Markdown that gives `sections` back (a post that never went through the editor opens in it this way). */
export function sectionsToMarkdown(sections: readonly MarkdownSection[]): string {
  const out: string[] = [];
  for (const s of sections) {
    if (s.title) out.push(`## ${s.title}`);
    for (const p of s.content) {
      const text = p.trim();
      if (!text) continue;
      if (/^["\u201C]/.test(text)) out.push(`> ${text}`);
      else if (text.startsWith(LIST_BULLET)) {
        const item = text.slice(LIST_BULLET.length).trim();
        out.push(/^\d{1,3}[.)]\s/.test(item) ? item : `- ${item}`);
      } else out.push(text);
    }
  }
  return out.join("\n\n");
}

/** Words of the body (anything between spaces that holds a letter or a digit). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The read time the post page shows, at about 200 words a minute, never under one minute: "5 min read". */
export function readTimeFor(words: number): string {
  return `${Math.max(1, Math.round(words / 200))} min read`;
}
