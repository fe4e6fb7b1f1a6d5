/**
 * Chat text as React elements: React escapes every character, so angle
 * brackets and quotes in a message stay text (the spec's escaping rule) and
 * nothing is ever parsed as HTML. Line breaks are kept, "**bold**" becomes
 * <strong>, and lines starting with "• ", "- ", "* " or "1. " become lists.
 */
import { createElement as h, Fragment, type ReactNode } from "react";
import { INVALID_MESSAGE_CONTENT } from "@shared/content";

const BULLET = /^\s*[\u2022*-]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

type Block = { kind: "p"; lines: string[] } | { kind: "ul" | "ol"; items: string[] };

/**
 * A link the assistant may give: a page of this site, a WhatsApp chat (wa.me), an e-mail or a phone number. Any
 * other address stays text.
 */
export function safeChatHref(url: string): string | null {
  if (/^\/(?!\/)[^\s]*$/.test(url)) return url;
  if (/^https:\/\/wa\.me\/\d{8,15}(?:\?text=[^\s]*)?$/.test(url)) return url;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(url) || /^tel:\+?[\d ()-]{3,40}$/.test(url)) return url;
  return null;
}

/** [text](url) links (see safeChatHref) inside a piece of a line. */
function links(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const link = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2500})\)/g;
  let last = 0;
  let n = 0;
  for (let m = link.exec(text); m; m = link.exec(text)) {
    const href = safeChatHref(m[2]!);
    if (!href) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    const external = href.startsWith("https://");
    out.push(
      h(
        "a",
        { key: `${key}-a${n++}`, href, className: "font-semibold underline", ...(external ? { target: "_blank", rel: "noopener noreferrer" } : {}) },
        m[1],
      ),
    );
    last = link.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** **bold** spans and links inside one line. */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const bold = /\*\*([^*\n]+?)\*\*/g;
  let last = 0;
  let n = 0;
  for (let m = bold.exec(text); m; m = bold.exec(text)) {
    if (m.index > last) out.push(...links(text.slice(last, m.index), `${key}-${n++}`));
    out.push(h("strong", { key: `${key}-${n++}`, className: "font-semibold" }, m[1]));
    last = bold.lastIndex;
  }
  if (last < text.length) out.push(...links(text.slice(last), `${key}-${n++}`));
  return out;
}

function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const prev = blocks.at(-1);
    if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      const item = (bullet ?? numbered)![1] ?? "";
      if (prev?.kind === kind) prev.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else if (line.trim() === "") {
      // A blank line ends the paragraph; the next line starts a new one.
      if (prev?.kind === "p") blocks.push({ kind: "p", lines: [] });
    } else if (prev?.kind === "p") {
      prev.lines.push(line);
    } else {
      blocks.push({ kind: "p", lines: [line] });
    }
  }
  return blocks.filter((b) => (b.kind === "p" ? b.lines.length > 0 : true));
}

/** True when a value can be shown as a chat message. */
export function isValidChatText(text: unknown): text is string {
  return typeof text === "string" && text.trim() !== "";
}

/** A message's text as elements; 'Invalid message content' for anything that is not non-empty text. */
export function formatChatText(text: unknown): ReactNode {
  if (!isValidChatText(text)) return h("p", { className: "italic" }, INVALID_MESSAGE_CONTENT);
  return h(
    Fragment,
    null,
    toBlocks(text).map((block, b) => {
      if (block.kind === "p") {
        const children: ReactNode[] = [];
        block.lines.forEach((line, i) => {
          if (i > 0) children.push(h("br", { key: `br-${i}` }));
          children.push(h(Fragment, { key: `l-${i}` }, inline(line, `${b}-${i}`)));
        });
        return h("p", { key: b, className: "whitespace-pre-wrap break-words" }, children);
      }
      return h(
        block.kind,
        { key: b, className: `${block.kind === "ul" ? "list-disc" : "list-decimal"} space-y-1 pl-5` },
        block.items.map((item, i) => h("li", { key: i, className: "break-words" }, inline(item, `${b}-${i}`))),
      );
    }),
  );
}

/** The text without formatting marks, for screen-reader announcements. */
export function plainChatText(text: unknown): string {
  if (!isValidChatText(text)) return INVALID_MESSAGE_CONTENT;
  return text.replace(/\*\*([^*\n]+?)\*\*/g, "$1");
}

/** A source below a bot answer: a label and a same-site path; `n` when the reply cites it as [n]. */
export type ChatSourceLink = { label: string; url: string; n?: number };

/** At most this many sources are shown below one answer. */
export const MAX_SHOWN_SOURCES = 5;

/**
 * The sources of an answer as received (from the API or a posted form),
 * keeping only well-formed ones that link within this site: a path starting
 * with a single "/", no backslash, no control characters.
 */
export function safeSources(value: unknown): ChatSourceLink[] {
  if (!Array.isArray(value)) return [];
  const out: ChatSourceLink[] = [];
  for (const item of value.slice(0, MAX_SHOWN_SOURCES)) {
    const { label, url, n } = (item ?? {}) as Record<string, unknown>;
    if (typeof label !== "string" || typeof url !== "string") continue;
    if (!label.trim() || label.length > 200 || url.length > 300) continue;
    if (!/^\/(?![/\\])/.test(url) || url.includes("\\") || /\p{Cc}/u.test(url)) continue;
    out.push({ label, url, ...(typeof n === "number" && Number.isInteger(n) && n > 0 && n < 100 ? { n } : {}) });
  }
  return out;
}
