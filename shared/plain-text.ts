/**
 * An assistant answer as plain text for the studio (the questions page): the chat's Markdown markers dropped and
 * its links written out with their address decoded, so the owner reads what the visitor read, not "**" and
 * "%20". Text in, text out: React still escapes it, nothing becomes a link or HTML.
 */
const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2500})\)/g;

/** An address as a person reads it: percent escapes decoded (a broken escape left as it is), mailto:/tel: dropped. */
export function displayAddress(url: string): string {
  let shown = url;
  try {
    shown = decodeURIComponent(url);
  } catch {
    // A malformed escape: shown as sent rather than lost.
  }
  return shown.replace(/^(?:mailto|tel):/i, "");
}

export function plainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, "")
        .replace(/^\s{0,3}>\s?/, "")
        .replace(/^(\s*)[*+-]\s+/, "$1\u2022 "),
    )
    .join("\n")
    .replace(LINK, (_, text: string, url: string) => {
      const address = displayAddress(url);
      return address === text ? text : `${text} (${address})`;
    })
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, "$1$2")
    .replace(/`([^`\n]+)`/g, "$1")
    .replace(/https?:\/\/[^\s()]*%[0-9A-Fa-f]{2}[^\s()]*/g, (url) => displayAddress(url));
}
