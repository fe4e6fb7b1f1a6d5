import { EMAIL_TEMPLATE } from "../../shared/content/audience";
import { EMAIL_TEMPLATE_HI } from "../../shared/content/hi/audience";
import { type Locale, localePath } from "../../shared/i18n";
import { BLOG_POST } from "../../shared/content/blog";
import { BLOG_POST_HI } from "../../shared/content/hi/blog";
import { whatsappLink } from "../../shared/content/site";
import { type CtaKind, type Span, postBlocks, spansText } from "../../shared/post-marks";

/**
 * The one template every e-mail of the site goes out in. A message is written once as content (blocks); the plain
 * text part and the HTML part are both rendered from it, so they never drift apart. The HTML is tables and inline
 * styles, 600 px wide, with colours set on every cell (dark-mode clients then invert it as a whole or leave it), and
 * loads nothing except images from the site's own PUBLIC_URL.
 */

export type EmailBlock =
  | { kind: "heading"; text: string }
  | { kind: "subheading"; text: string }
  /** Text; http(s) addresses in it become links. */
  | { kind: "paragraph"; text: string }
  | { kind: "button"; label: string; url: string }
  /** Something a visitor typed, shown as a quotation. */
  | { kind: "quote"; text: string }
  /** A picture from the site itself (any other is left out), with its alt text and an optional caption under it. */
  | { kind: "image"; src: string; alt: string; caption?: string }
  /** A post's paragraph with its marks (decision 0029): bold, italic, links; a quote when `quote`. */
  | { kind: "marked"; spans: Span[]; quote?: boolean }
  /** A post's list: numbered (from `start`) or bulleted. */
  | { kind: "list"; ordered: boolean; start: number; items: Span[][] }
  /** A post's call-to-action button: its address from the site's settings. */
  | { kind: "cta"; cta: CtaKind };

export type EmailContent = {
  blocks: EmailBlock[];
  /** Shown under the content: why the reader gets this message and how to stop it. */
  unsubscribeUrl?: string;
  /**
   * The language of the reader (issue 33): the frame's own words (footer, the line under a button, a post's Book Demo
   * and WhatsApp buttons, as on the site's page in that language) are in it. English when not given.
   */
  locale?: Locale;
};

/** The frame's words in the reader's language, with the labels of a post's call-to-action buttons. */
type Frame = (typeof EMAIL_TEMPLATE | typeof EMAIL_TEMPLATE_HI) & { cta: { bookDemo: string; whatsapp: string; whatsappMessage: string } };
const FRAMES: Record<Locale, Frame> = { en: { ...EMAIL_TEMPLATE, cta: BLOG_POST.cta }, hi: { ...EMAIL_TEMPLATE_HI, cta: BLOG_POST_HI.cta } };
function frameOf(locale: Locale | undefined): Frame {
  return FRAMES[locale === "hi" ? "hi" : "en"];
}

export type EmailSite = { publicUrl: string; address: string; email: string; bookingUrl?: string; whatsappNumber?: string };

/**
 * A post's paragraphs as e-mail blocks, by the same rules as the post page (shared/post-marks.ts): lists, quotes,
 * marks, buttons, and library pictures (with their alt text and caption) whose absolute address `pictures` gives;
 * a picture not there (deleted from the library) is left out, as on the page.
 */
export function postEmailBlocks(paragraphs: readonly string[], pictures: Readonly<Record<number, string>> = {}): EmailBlock[] {
  const out: EmailBlock[] = [];
  for (const block of postBlocks(paragraphs)) {
    switch (block.kind) {
      case "plain":
      case "quote":
        out.push({ kind: "marked", spans: block.spans, quote: block.kind === "quote" });
        break;
      case "list":
        out.push({ kind: "list", ordered: block.ordered, start: block.ordered ? block.start : 1, items: block.items });
        break;
      case "button":
        out.push({ kind: "cta", cta: block.cta });
        break;
      case "image": {
        const src = pictures[block.mediaId];
        if (src) out.push({ kind: "image", src, alt: block.alt, ...(block.caption ? { caption: block.caption } : {}) });
        break;
      }
    }
  }
  return out;
}

function spansHtml(spans: readonly Span[]): string {
  return spans
    .map((s) => {
      switch (s.kind) {
        case "text":
          // Bare addresses are links already (parseInline): text is only escaped.
          return escapeHtml(s.text);
        case "strong":
          return `<strong>${spansHtml(s.children)}</strong>`;
        case "em":
          return `<em>${spansHtml(s.children)}</em>`;
        case "link":
          return `<a href="${escapeHtml(s.href)}" style="color:${BRAND};text-decoration:underline;">${spansHtml(s.children)}</a>`;
      }
    })
    .join("");
}

/** The text part of marked spans: the marks dropped, a link's address after its text when they differ. */
function spansPlain(spans: readonly Span[]): string {
  return spans.map((s) => (s.kind === "text" ? s.text : s.kind === "link" ? (spansText(s.children) === s.href ? s.href : `${spansPlain(s.children)} (${s.href})`) : spansPlain(s.children))).join("");
}

/** Paths that are no page in a language: files, the API, the studio (English only). */
const NOT_A_PAGE = /^\/(?:api|media|studio|assets)(?:[/?#]|$)|\.[a-z0-9]+(?:[?#]|$)/i;

/**
 * A site path (`/blogs`) as an absolute address for the e-mail; in a Hindi e-mail a page's Hindi address (`/hi/blogs`,
 * issue 44: every link of a Hindi e-mail opens the Hindi pages).
 */
function sitePage(path: string, site: EmailSite, frame: Frame): string {
  const page = frame === FRAMES.hi && !NOT_A_PAGE.test(path) ? localePath(path, "hi") : path;
  return `${site.publicUrl.replace(/\/+$/, "")}${page}`;
}

function absoluteLinks(spans: readonly Span[], site: EmailSite, frame: Frame): Span[] {
  return spans.map((s) => {
    if (s.kind === "text") return s;
    if (s.kind === "link") return { ...s, href: s.href.startsWith("/") && !s.href.startsWith("//") ? sitePage(s.href, site, frame) : s.href, children: absoluteLinks(s.children, site, frame) };
    return { ...s, children: absoluteLinks(s.children, site, frame) };
  });
}

function ctaOf(cta: CtaKind, site: EmailSite, words: Frame["cta"]): { label: string; url: string } | null {
  // The site's own booking page is a path (issue 42): absolute for the e-mail, in the reader's language.
  if (cta === "book-demo") return site.bookingUrl ? { label: words.bookDemo, url: site.bookingUrl.startsWith("/") ? sitePage(site.bookingUrl, site, words === FRAMES.hi.cta ? FRAMES.hi : FRAMES.en) : site.bookingUrl } : null;
  return site.whatsappNumber ? { label: words.whatsapp, url: whatsappLink(site.whatsappNumber, words.whatsappMessage) } : null;
}

export type RenderedEmail = { text: string; html: string };

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string);
}

/** Splits text into plain runs and addresses (trailing punctuation stays text). */
function splitLinks(text: string): { text: string; url?: string }[] {
  const parts: { text: string; url?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    let url = match[0];
    const trailing = /[.,;:!?)\]]+$/.exec(url);
    if (trailing) url = url.slice(0, -trailing[0].length);
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

const FONT = "font-family:Arial,Helvetica,sans-serif;";
/** Long words and addresses wrap instead of widening the message past a phone's screen (issue 30: 509 px at 375). */
const WRAP = "overflow-wrap:anywhere;word-break:break-word;";
const INK = "#1f2937";
const MUTED = "#4b5563";
/** The site's green: emerald-700, the colour of its primary buttons (app/app.css .btn-primary, --color-brand-700). */
const BRAND = "#047857";
/**
 * The logo mark in the header: the site's own 192 px app icon (public/icon-192.png, a green square of the same
 * #047857 with the white bubble and the parrot), drawn at 40 px for sharp high-density screens. A PNG fetched from
 * PUBLIC_URL, because the clients that matter refuse the alternatives: Gmail and Outlook drop SVG, Gmail drops
 * data: URIs, and a cid: attachment shows as an attachment in some clients and adds its bytes to every message.
 * Where images are blocked nothing is lost: the alt is empty (the site's name follows as text).
 */
export const LOGO_PATH = "/icon-192.png";

function linkHtml(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:${BRAND};text-decoration:underline;word-break:break-all;">${escapeHtml(label)}</a>`;
}

function inlineHtml(text: string): string {
  return splitLinks(text)
    .map((p) => (p.url ? linkHtml(p.url, p.text) : escapeHtml(p.text)))
    .join("")
    .replace(/\n/g, "<br>");
}

/** An image is kept only when it comes from the site itself: an e-mail must not call out anywhere else. */
function ownImage(src: string, site: EmailSite): boolean {
  try {
    const url = new URL(src);
    return url.origin === new URL(site.publicUrl).origin && (url.protocol === "https:" || url.protocol === "http:");
  } catch {
    return false;
  }
}

function blockHtml(block: EmailBlock, site: EmailSite, frame: Frame = FRAMES.en): string {
  switch (block.kind) {
    case "marked":
      return block.quote
        ? `<blockquote style="margin:0 0 16px;padding:8px 16px;${WRAP}border-left:4px solid ${BRAND};${FONT}font-size:15px;line-height:1.5;color:${INK};background-color:#f3f4f6;">${spansHtml(absoluteLinks(block.spans, site, frame))}</blockquote>`
        : `<p style="margin:0 0 16px;${WRAP}${FONT}font-size:16px;line-height:1.55;color:${INK};">${spansHtml(absoluteLinks(block.spans, site, frame))}</p>`;
    case "list": {
      // Numbers or bullets from the list itself (list-style set inline), never typed into the text as well.
      const tag = block.ordered ? "ol" : "ul";
      const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : "";
      const items = block.items.map((item) => `<li style="margin:0 0 8px;">${spansHtml(absoluteLinks(item, site, frame))}</li>`).join("");
      return `<${tag}${start} style="margin:0 0 16px;padding-left:24px;${WRAP}${FONT}font-size:16px;line-height:1.55;color:${INK};list-style-type:${block.ordered ? "decimal" : "disc"};">${items}</${tag}>`;
    }
    case "cta": {
      const cta = ctaOf(block.cta, site, frame.cta);
      return cta ? blockHtml({ kind: "button", ...cta }, site, frame) : "";
    }
    case "heading":
      return `<h1 style="margin:0 0 16px;${WRAP}${FONT}font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(block.text)}</h1>`;
    case "subheading":
      return `<h2 style="margin:8px 0 12px;${WRAP}${FONT}font-size:18px;line-height:1.3;color:${INK};">${escapeHtml(block.text)}</h2>`;
    case "paragraph":
      return `<p style="margin:0 0 16px;${WRAP}${FONT}font-size:16px;line-height:1.55;color:${INK};">${inlineHtml(block.text)}</p>`;
    case "quote":
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;${WRAP}border-left:4px solid ${BRAND};${FONT}font-size:15px;line-height:1.5;color:${INK};background-color:#f3f4f6;">${escapeHtml(block.text).replace(/\n/g, "<br>")}</blockquote>`;
    case "button":
      // The action as a button, and its address below it (wrapped anywhere: a token link is one long word).
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 8px;"><tr><td style="background-color:${BRAND};border-radius:6px;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 22px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(block.label)}</a></td></tr></table>\n` +
        `<p style="margin:0 0 20px;${WRAP}${FONT}font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(frame.linkBelow)}<br>${linkHtml(block.url, block.url)}</p>`
      );
    case "image": {
      if (!ownImage(block.src, site)) return "";
      const img = `<img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="552" style="display:block;width:100%;max-width:552px;height:auto;margin:0 0 ${block.caption ? 6 : 16}px;border:0;">`;
      return block.caption ? `${img}<p style="margin:0 0 16px;${WRAP}${FONT}font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(block.caption)}</p>` : img;
    }
  }
}

function blockText(block: EmailBlock, site: EmailSite, frame: Frame): string {
  switch (block.kind) {
    case "marked": {
      const text = spansPlain(absoluteLinks(block.spans, site, frame));
      return block.quote ? `> ${text}` : text;
    }
    case "list":
      return block.items.map((item, i) => `${block.ordered ? `${block.start + i}.` : "-"} ${spansPlain(absoluteLinks(item, site, frame))}`).join("\n");
    case "cta": {
      const cta = ctaOf(block.cta, site, frame.cta);
      return cta ? `${cta.label}: ${cta.url}` : "";
    }
    case "heading":
      return `${block.text}\n${"=".repeat(Math.min(60, [...block.text].length))}`;
    case "subheading":
      return `${block.text}\n${"-".repeat(Math.min(60, [...block.text].length))}`;
    case "paragraph":
      return block.text;
    case "quote":
      return block.text
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n");
    case "button":
      return `${block.label}: ${block.url}`;
    case "image":
      if (!ownImage(block.src, site) || !block.alt) return "";
      return block.caption ? `[${block.alt}]\n${block.caption}` : `[${block.alt}]`;
  }
}

function footerLines(content: EmailContent, site: EmailSite, frame: Frame): { text: string; url?: string }[] {
  // The site's home in the reader's language (issue 44): a Hindi e-mail's footer opens /hi.
  const home = frame === FRAMES.hi ? sitePage("/", site, frame) : site.publicUrl;
  const lines: { text: string; url?: string }[] = [{ text: `${frame.siteName} · ${site.address}` }, { text: home, url: home }];
  if (content.unsubscribeUrl) {
    lines.push({ text: frame.whyYouGetThis });
    lines.push({ text: frame.unsubscribe, url: content.unsubscribeUrl });
  }
  return lines;
}

/** Both parts of one message, from the same content. */
export function renderEmail(content: EmailContent, site: EmailSite): RenderedEmail {
  const frame = frameOf(content.locale);
  const footer = footerLines(content, site, frame);
  const text = [
    ...content.blocks.map((b) => blockText(b, site, frame)).filter(Boolean),
    "--",
    ...footer.map((l) => (l.url && l.url !== l.text ? `${l.text}: ${l.url}` : l.text)),
  ].join("\n\n");

  const body = content.blocks.map((b) => blockHtml(b, site, frame)).join("\n");
  const footerHtml = footer
    .map((l) => `<p style="margin:0 0 8px;${WRAP}${FONT}font-size:13px;line-height:1.5;color:${MUTED};">${l.url ? linkHtml(l.url, l.text) : escapeHtml(l.text)}</p>`)
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="${content.locale === "hi" ? "hi" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(frame.siteName)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:16px 24px;background-color:${BRAND};border-radius:8px 8px 0 0;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="padding:0 12px 0 0;vertical-align:middle;">
<img src="${escapeHtml(site.publicUrl)}${LOGO_PATH}" alt="" width="40" height="40" style="display:block;width:40px;height:40px;border:0;border-radius:8px;"></td>
<td style="vertical-align:middle;${FONT}font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(frame.siteName)}</td>
</tr></table>
</td></tr>
<tr><td style="padding:24px;background-color:#ffffff;color:${INK};">
${body}
</td></tr>
<tr><td style="padding:16px 24px 24px;background-color:#ffffff;border-top:1px solid #e5e7eb;border-radius:0 0 8px 8px;">
${footerHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { text: `${text}\n`, html };
}

/**
 * The content of a message written as plain text (the site's older messages): paragraphs at blank lines, the
 * addresses in them become links in the HTML part. An "Unsubscribe: <url>" line becomes the footer's unsubscribe line.
 */
export function contentFromText(text: string): EmailContent {
  let unsubscribeUrl: string | undefined;
  const blocks: EmailBlock[] = [];
  for (const para of text.replace(/\r\n/g, "\n").split(/\n{2,}/)) {
    const trimmed = para.trim();
    if (!trimmed) continue;
    const unsub = /^Unsubscribe:\s*(https?:\/\/\S+)$/.exec(trimmed);
    if (unsub) {
      unsubscribeUrl = unsub[1];
      continue;
    }
    blocks.push({ kind: "paragraph", text: trimmed });
  }
  return { blocks, unsubscribeUrl };
}

/** Every http(s) link of an HTML part (href and src), for tests and checks. */
export function linksOfHtml(html: string): string[] {
  const out: string[] = [];
  // Addresses a reader follows (href); pictures (src: covers, the logo) are not links.
  for (const m of html.matchAll(/\shref="([^"]*)"/g)) {
    out.push((m[1] ?? "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">"));
  }
  return out;
}
