/**
 * The path as React Router matches it: percent-escapes decoded and letters in any case (its routes are not
 * case-sensitive, so `/Studio/posts` and `/%73tudio/posts` reach the studio's routes as `/studio/posts` does).
 * Whatever guards the studio by its address reads the address this way.
 */
export function routedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A broken escape: React Router would not match it either; compared as sent.
  }
  return decoded.toLowerCase();
}

/** Whether `pathname` reaches a /studio page (or its `.data` request). */
export function isStudioPath(pathname: string): boolean {
  return /^\/studio(?:\/|\.|$)/.test(routedPath(pathname));
}
