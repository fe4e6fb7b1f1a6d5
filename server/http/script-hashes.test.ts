import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPolicy, withScriptHashes } from "./script-hashes";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a rendered page made shareable", () => {
  it("takes the nonce out and hashes exactly the inline scripts that carried it", () => {
    const html = [
      `<script nonce="n0nce">window.a = 1;</script>`,
      `<script>window.injected = 1;</script>`,
      `<script nonce="n0nce" type="module" src="/assets/entry.js"></script>`,
      `<script nonce="other">window.b = 2;</script>`,
      `<script type="application/ld+json" nonce="n0nce">{"@type":"BlogPosting"}</script>`,
      `<script nonce="n0nce">window.a = 1;</script>`,
    ].join("");
    const page = withScriptHashes(html, "n0nce");
    expect(page.html).not.toContain("n0nce");
    expect(page.html).toContain(`<script nonce="other">`);
    expect(page.hashes).toEqual([sha("window.a = 1;"), sha(`{"@type":"BlogPosting"}`)]);
  });

  it("finds nothing to hash in a page without the nonce", () => {
    expect(withScriptHashes("<p>plain</p><script>x()</script>", "n0nce")).toEqual({ html: "<p>plain</p><script>x()</script>", hashes: [] });
  });

  it("puts the hashes in script-src in place of the nonce, leaving the other directives alone", () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; style-src 'self'";
    expect(hashPolicy(policy, ["'sha256-AAA='", "'sha256-BBB='"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self'",
    );
    expect(hashPolicy(policy, [])).toBe("default-src 'self'; script-src 'self'; style-src 'self'");
  });
});
