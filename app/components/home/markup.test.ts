import { describe, expect, it } from "vitest";
import { escapeHtml } from "./markup";

describe("escapeHtml", () => {
  it("leaves ordinary copy alone", () => {
    expect(escapeHtml("₹1.2 Cr, 1,450 sq ft · ✓ Site visit booked")).toBe("₹1.2 Cr, 1,450 sq ft · ✓ Site visit booked");
  });
  it("turns every character markup would read into an entity", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & co`)).toBe("&lt;img src=x onerror=&quot;a(&#x27;b&#x27;)&quot;&gt; &amp; co");
  });
});
