/**
 * Whether a text is a web address the site may link to: `http://` or `https://` (in any case) followed by what a
 * browser's URL parser accepts, at most `maxLength` characters. Checked as written: a caller that takes typed text
 * trims it first. One rule for every address the owner gives: the studio's copy (a field of kind "url", when saved
 * and again when shown), the owner's settings (the booking link, the social pages, the map) and the environment's
 * addresses (server/config.ts, through HTTP_URL_RULE), each with its own length limit and message.
 */
export function isHttpUrl(text: string, maxLength = 2000): boolean {
  // The scheme's slashes are asked for: the parser would also take `http:example.com` or `https:/path`.
  if (text.length > maxLength || !/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * A media library file's address on this site (`/media/<name>`, as the upload API answers it): what an image field of
 * the owner's copy may hold besides an http(s) address. Letters, digits, dots, dashes and underscores only, no `..`.
 */
export function isMediaPath(text: string): boolean {
  return text.length <= 200 && /^\/media\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(text) && !text.includes("..");
}

/** An address an image field of the owner's copy may hold: http(s), or a media library file. */
export function isImageAddress(text: string, maxLength = 2000): boolean {
  return isHttpUrl(text, maxLength) || isMediaPath(text);
}
