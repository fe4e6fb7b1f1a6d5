/**
 * A Set-Cookie value as a browser reads it: the `name=value` pair and the
 * attributes, sorted (RFC 6265 gives their order no meaning).
 */
export function setCookieParts(setCookie: string | null | undefined): { pair: string; attributes: string[] } {
  const [pair = "", ...attributes] = (setCookie ?? "").split(/;\s*/);
  return { pair, attributes: attributes.sort() };
}
