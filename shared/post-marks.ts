/**
 * The marks a post's paragraph may carry, read from its stored text (decision 0029). The stored shape stays the
 * spec's (`sections[{ title, content: string[] }]`); a paragraph is a string, and these rules say what it shows:
 *
 * Paragraph kinds (the whole paragraph):
 * - starts with a double quote: a quote (the spec's rule);
 * - starts with a bullet, a check mark or an emoji marker: an item of a bulleted list (the spec's rule);
 * - `1. text` (1 to 3 digits, a dot or a parenthesis, a space; also the older stored form `• 1. text`): an item of a
 *   numbered list, numbered from its first item's number;
 * - `![alt](media:42)` or `![alt](media:42 "caption")`: a picture from the media library (alt required);
 * - `[[button:book-demo]]` or `[[button:whatsapp]]`: the site's call-to-action button (its address from Settings);
 * - anything else: a plain paragraph.
 *
 * Inline marks (in plain paragraphs, quotes and items): `**bold**`, `*italic*`, `[text](https://...)` and bare
 * `http(s)://` addresses (links). A backslash keeps the next mark character as text (`\*`, `\[`, `\]`, `\\`).
 * A link's address must be http or https (or a path of this site, `/...`); anything else (`javascript:`, `data:`)
 * stays text. Nothing is ever HTML: every renderer builds elements from these spans and escapes their text.
 *
 * Pure and browser-safe (the editor, the post page and the newsletter e-mail all read it). ASCII only: the server
 * bundles import it.
 */

export type Span =
  | { kind: "text"; text: string }
  | { kind: "strong" | "em"; children: Span[] }
  /** `outside`: the address leaves the site (set by `renderSections`, which knows the site's address). */
  | { kind: "link"; href: string; children: Span[]; outside?: boolean };

export type CtaKind = "book-demo" | "whatsapp";

export type PostBlock =
  | { kind: "plain"; spans: Span[] }
  | { kind: "quote"; spans: Span[] }
  | { kind: "list"; ordered: false; items: Span[][] }
  | { kind: "list"; ordered: true; start: number; items: Span[][] }
  | { kind: "image"; mediaId: number; alt: string; caption: string }
  | { kind: "button"; cta: CtaKind };

/** Nesting deeper than this is text (a hostile paragraph cannot make the parser recurse without end). */
const MAX_DEPTH = 4;
const MAX_URL = 2000;
const MAX_LABEL = 1000;

// A bullet, a check mark, or one of a few emoji used as list markers (the spec's list rule), written as escapes.
const LIST_MARKER = new RegExp(
  "^(?:[\\u2022\\u25e6\\u25aa\\u25b8\\u25ba\\u2023\\u2043\\u2713\\u2714\\u2611\\u2705\\u274c\\u2717\\u2718\\u27a4\\u279c\\u2192\\u2b50" +
    "\\u{1f539}\\u{1f538}\\u{1f680}\\u{1f4cc}\\u{1f4c5}\\u{23f0}\\u{1f4cd}\\u{1f4ac}\\u{1f449}\\u{1f4a1}\\u{1f3af}\\u{1f4c8}\\u{2728}\\u{1f4ca}\\u{1f525}]\\uFE0F?)\\s*",
  "u",
);
const ORDERED_ITEM = /^(\d{1,3})[.)]\s+(\S.*)$/s;
const IMAGE = /^!\[([^\]]*)\]\(media:(\d{1,12})(?:\s+"([^"]*)")?\)$/;
const BUTTON = /^\[\[button:(book-demo|whatsapp)\]\]$/;
const ESCAPABLE = new Set(["\\", "*", "[", "]", "_"]);

/** A link's address as the renderers may use it, or null when it is not an http(s) address or a path of this site. */
export function checkedHref(raw: string): string | null {
  const href = raw.trim();
  if (!href || href.length > MAX_URL || /[\s<>"'`\\]/.test(href)) return null;
  if (href.startsWith("/")) return href.startsWith("//") ? null : href;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? href : null;
  } catch {
    return null;
  }
}

/** Whether `href` leaves the site (`publicUrl`'s origin): such links get `rel="noopener noreferrer"`. */
export function isOutsideLink(href: string, publicUrl: string | undefined): boolean {
  if (href.startsWith("/")) return false;
  try {
    return !publicUrl || new URL(href).origin !== new URL(publicUrl).origin;
  } catch {
    return true;
  }
}

function pushText(out: Span[], text: string) {
  if (!text) return;
  const last = out.at(-1);
  if (last?.kind === "text") last.text += text;
  else out.push({ kind: "text", text });
}

/**
 * Where the spans of `text` may close, for every position at once (so a paragraph of unpaired stars costs one pass,
 * never one scan per star): `strong[k]`, the first `**` at or after k that may close a strong span (the last pair of a
 * run of stars, after a character that is not a space or a backslash); `em[k]`, the same for a single `*`.
 */
function closers(text: string): { strong: Int32Array; em: Int32Array } {
  const n = text.length;
  const strong = new Int32Array(n + 2).fill(-1);
  const em = new Int32Array(n + 2).fill(-1);
  for (let j = n - 1; j >= 0; j--) {
    strong[j] = strong[j + 1]!;
    em[j] = em[j + 1]!;
    if (text[j] !== "*" || j === 0) continue;
    const before = text[j - 1]!;
    if (/\s/.test(before) || before === "\\") continue;
    if (text[j + 1] === "*" && text[j + 2] !== "*") strong[j] = j;
    else if (text[j + 1] !== "*" && before !== "*") em[j] = j;
  }
  return { strong, em };
}

/** `[label](href)` starting at `from`: its label, address and end, or null. */
function linkAt(text: string, from: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  // A label is at most MAX_LABEL characters and an address MAX_URL: a stray "[" costs a bounded look ahead.
  const last = Math.min(text.length, from + 1 + MAX_LABEL);
  for (let j = from + 1; j < last; j++) {
    const ch = text[j];
    if (ch === "\\") {
      j++;
      continue;
    }
    if (ch === "[") depth++;
    else if (ch === "]") {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (text[j + 1] !== "(") return null;
      const close = text.indexOf(")", j + 2);
      if (close === -1 || close - (j + 2) > MAX_URL) return null;
      return { label: text.slice(from + 1, j), href: text.slice(j + 2, close), end: close + 1 };
    }
  }
  return null;
}

const BARE_URL = /^https?:\/\/[^\s<>"'`]+/;

function parse(text: string, depth: number, inLink: boolean): Span[] {
  const out: Span[] = [];
  const close = depth < MAX_DEPTH && text.includes("*") ? closers(text) : null;
  let linkMid = text.indexOf("](");
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\" && ESCAPABLE.has(text[i + 1] ?? "")) {
      pushText(out, text[i + 1]!);
      i += 2;
      continue;
    }
    if (close && ch === "*") {
      if (text[i + 1] === "*") {
        const j = /\s/.test(text[i + 2] ?? " ") ? -1 : close.strong[i + 3]!;
        if (j !== -1) {
          out.push({ kind: "strong", children: parse(text.slice(i + 2, j), depth + 1, inLink) });
          i = j + 2;
          continue;
        }
      } else {
        const j = /[\s*]/.test(text[i + 1] ?? " ") ? -1 : close.em[i + 2]!;
        if (j !== -1) {
          out.push({ kind: "em", children: parse(text.slice(i + 1, j), depth + 1, inLink) });
          i = j + 1;
          continue;
        }
      }
    }
    if (!inLink && depth < MAX_DEPTH && ch === "[") {
      // Only a "](" within a label's length ahead can make a link (found once, reused while it is ahead).
      if (linkMid !== -1 && linkMid < i) linkMid = text.indexOf("](", i);
      const link = linkMid !== -1 && linkMid - i <= MAX_LABEL ? linkAt(text, i) : null;
      const href = link ? checkedHref(link.href) : null;
      if (link && href && link.label.trim()) {
        out.push({ kind: "link", href, children: parse(link.label, depth + 1, true) });
        i = link.end;
        continue;
      }
    }
    if (!inLink && (ch === "h" || ch === "H") && (i === 0 || /[\s(]/.test(text[i - 1]!))) {
      const bare = BARE_URL.exec(text.slice(i, i + MAX_URL + 1));
      if (bare) {
        const url = bare[0].replace(/[.,;:!?)\]*]+$/, "");
        const href = checkedHref(url);
        if (href && url.length > "https://".length) {
          out.push({ kind: "link", href, children: [{ kind: "text", text: url }] });
          i += url.length;
          continue;
        }
      }
    }
    // Plain characters up to the next one that might start something.
    let j = i + 1;
    while (j < text.length && !"\\*[hH".includes(text[j]!)) j++;
    pushText(out, text.slice(i, j));
    i = j;
  }
  return out;
}

/** A paragraph's inline marks as spans (text, strong, em, link); anything not well formed stays text. */
export function parseInline(text: string): Span[] {
  return parse(text, 0, false);
}

/** The text of spans without their marks (search, the word count, the e-mail's text part). */
export function spansText(spans: readonly Span[]): string {
  return spans.map((s) => (s.kind === "text" ? s.text : spansText(s.children))).join("");
}

type Classified =
  | { kind: "plain" | "quote"; text: string }
  | { kind: "item"; text: string }
  | { kind: "ordered"; number: number; text: string }
  | { kind: "image"; mediaId: number; alt: string; caption: string }
  | { kind: "button"; cta: CtaKind };

/** One stored paragraph's kind (see the top of this file). */
export function classifyStored(raw: string): Classified {
  const text = raw.trim();
  const image = IMAGE.exec(text);
  if (image && image[1]!.trim()) return { kind: "image", mediaId: Number(image[2]), alt: image[1]!.trim(), caption: (image[3] ?? "").trim() };
  const button = BUTTON.exec(text);
  if (button) return { kind: "button", cta: button[1] as CtaKind };
  if (/^["\u201C]/.test(text)) return { kind: "quote", text };
  const marker = LIST_MARKER.exec(text);
  if (marker) {
    const rest = text.slice(marker[0].length);
    const numbered = ORDERED_ITEM.exec(rest);
    return numbered ? { kind: "ordered", number: Number(numbered[1]), text: numbered[2]! } : { kind: "item", text: rest };
  }
  const numbered = ORDERED_ITEM.exec(text);
  if (numbered) return { kind: "ordered", number: Number(numbered[1]), text: numbered[2]! };
  return { kind: "plain", text };
}

/**
 * A stored paragraph as a listing card previews it (issue 44): its words without their marks ("**हर मैसेज**" →
 * "हर मैसेज", a link's label without its address), list markers kept; null for an image or a button, which are not
 * words.
 */
export function previewText(raw: string): string | null {
  const kind = classifyStored(raw).kind;
  if (kind === "image" || kind === "button") return null;
  return spansText(parseInline(raw.trim()));
}

/** A section's stored paragraphs as blocks: consecutive items of one kind make one list. */
export function postBlocks(paragraphs: readonly string[]): PostBlock[] {
  const out: PostBlock[] = [];
  for (const raw of paragraphs) {
    const p = classifyStored(raw);
    const last = out.at(-1);
    switch (p.kind) {
      case "item":
        if (last?.kind === "list" && !last.ordered) last.items.push(parseInline(p.text));
        else out.push({ kind: "list", ordered: false, items: [parseInline(p.text)] });
        break;
      case "ordered":
        if (last?.kind === "list" && last.ordered) last.items.push(parseInline(p.text));
        else out.push({ kind: "list", ordered: true, start: p.number, items: [parseInline(p.text)] });
        break;
      case "image":
      case "button":
        out.push(p);
        break;
      default:
        if (p.text) out.push({ kind: p.kind, spans: parseInline(p.text) });
    }
  }
  return out;
}

/** The media library items a post's sections show inline (to look up their files). */
export function inlineMediaIds(sections: ReadonlyArray<{ content: readonly string[] }>): number[] {
  const ids = new Set<number>();
  for (const s of sections) {
    for (const p of s.content) {
      const c = classifyStored(p);
      if (c.kind === "image") ids.add(c.mediaId);
    }
  }
  return [...ids];
}

/**
 * Why a paragraph's marks would be refused on save, or null: a link to anything but http(s) or a site path, a
 * picture without alt text. (The renderers show such text as typed; the editor says what is wrong instead.)
 */
export function markProblem(paragraph: string): "link" | "alt" | null {
  const text = paragraph.trim();
  if (/^!\[\s*\]\(media:\d+/.test(text)) return "alt";
  for (let i = text.indexOf("]("); i !== -1; i = text.indexOf("](", i + 2)) {
    // The label's "[" within a label's length back (a bounded look, whatever the paragraph holds).
    const from = Math.max(0, i - MAX_LABEL);
    const back = text.slice(from, i).lastIndexOf("[");
    const open = back === -1 ? -1 : from + back;
    if (open === -1 || text[open - 1] === "\\") continue;
    const close = text.indexOf(")", i + 2);
    // No ")" after this one: none after any later "](" either.
    if (close === -1) break;
    const href = text.slice(i + 2, close).replace(/\s+"[^"]*"$/, "");
    if (text[open - 1] === "!" && /^media:\d+$/.test(href)) continue;
    if (!checkedHref(href)) return "link";
  }
  return null;
}

/** A section as the post page draws it: its title and its paragraphs read into blocks. */
export type RenderedSection = { title: string; blocks: PostBlock[] };

function markOutside(spans: Span[], publicUrl: string | undefined): Span[] {
  return spans.map((s) =>
    s.kind === "text" ? s : s.kind === "link" ? { ...s, outside: isOutsideLink(s.href, publicUrl), children: markOutside(s.children, publicUrl) } : { ...s, children: markOutside(s.children, publicUrl) },
  );
}

/**
 * A post's sections read on the server, for the page to draw: the parser stays out of the public page's JavaScript
 * (the browser receives the blocks as data).
 */
export function renderSections(sections: ReadonlyArray<{ title: string; content: readonly string[] }>, publicUrl: string | undefined): RenderedSection[] {
  return sections.map((section) => ({
    title: section.title,
    blocks: postBlocks(section.content).map((block): PostBlock => {
      switch (block.kind) {
        case "plain":
        case "quote":
          return { ...block, spans: markOutside(block.spans, publicUrl) };
        case "list":
          return { ...block, items: block.items.map((item) => markOutside(item, publicUrl)) };
        default:
          return block;
      }
    }),
  }));
}
