import { createHash } from "node:crypto";
import { expect } from "vitest";

/**
 * `scripts`: how the policy allows the page's inline scripts: a nonce of this response, or (pages that are the
 * same for every visitor: prerendered and cached pages) the SHA-256 hashes of exactly its scripts, never both.
 */
export function expectSecurityHeaders(res: Response, context: string, scripts: "nonce" | "hashes" = "nonce"): void {
  const h = res.headers;
  const csp = h.get("content-security-policy") ?? "";
  expect(csp, context).toMatch(/default-src 'self'/);
  if (scripts === "nonce") expect(csp, context).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  else expect(csp, context).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+(;|$)/);
  expect(csp, context).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
    expect(csp, context).toContain(directive);
  }
  expect(h.get("strict-transport-security"), context).toMatch(/max-age=\d{7,}/);
  expect(h.get("x-content-type-options"), context).toBe("nosniff");
  expect(h.get("referrer-policy"), context).toBe("strict-origin-when-cross-origin");
  expect(h.get("x-frame-options"), context).toBe("DENY");
  expect(h.get("cross-origin-opener-policy"), context).toBe("same-origin");
  expect(h.get("permissions-policy"), context).toMatch(/camera=\(\)/);
  expect(h.get("x-powered-by"), context).toBeNull();
  expect(h.get("x-request-id"), context).toMatch(/^[0-9a-f-]{36}$/);
}

/**
 * Every inline script of the page is allowed by this response's policy: by its nonce (each script carries it),
 * or by its hash (and then no script carries a nonce); a script with a src carries the nonce or is the site's own.
 */
export function expectScriptsAllowed(res: Response, html: string, context: string): void {
  const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length, context).toBeGreaterThan(0);
  for (const [tag, attributes = "", code = ""] of scripts) {
    if (nonce) {
      expect(attributes, `${context}: ${tag.slice(0, 80)}`).toContain(`nonce="${nonce}"`);
    } else {
      expect(attributes, context).not.toContain("nonce=");
      const hash = `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
      if (!/\ssrc=/.test(attributes)) expect(scriptSrc.split(" "), `${context}: ${tag.slice(0, 80)}`).toContain(hash);
    }
  }
  if (!nonce) expect(html, context).not.toMatch(/\snonce="/);
}
