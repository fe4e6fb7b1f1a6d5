import { sha256Base64 } from "./response-cache";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * A rendered page made shareable between visitors: its render nonce removed,
 * and the SHA-256 hashes of the inline scripts that carried it: exactly the
 * scripts the nonce policy would have run. A script without that nonce (which
 * could only have been injected) gets no hash, so it stays blocked.
 */
export function withScriptHashes(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (!attributes.includes(attribute) || /\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${sha256Base64(match[2] ?? "")}'`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}

/**
 * The response's policy with its script-src made of the page's script hashes:
 * inline scripts run only if they are the ones rendered, module scripts and
 * preloads come from the site itself. Still no 'unsafe-inline'.
 */
export function hashPolicy(policy: string, hashes: readonly string[]): string {
  return policy.replace(/script-src [^;]*/, ["script-src 'self'", ...hashes].join(" "));
}
