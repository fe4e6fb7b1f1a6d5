import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatChatText, plainChatText, safeChatHref, safeSources } from "./chat-format";

const html = (text: unknown) => renderToStaticMarkup(createElement("div", null, formatChatText(text)));

describe("chat text rendering", () => {
  it("escapes markup, so a hostile message stays text", () => {
    const out = html('<img src=x onerror=alert(1)> "quoted" & <script>alert(2)</script>');
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<script");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(out).toContain("&quot;quoted&quot; &amp; &lt;script&gt;");
  });

  it("keeps line breaks and splits paragraphs on blank lines", () => {
    const out = html("one\ntwo\n\nthree");
    expect(out).toBe('<div><p class="whitespace-pre-wrap break-words">one<br/>two</p><p class="whitespace-pre-wrap break-words">three</p></div>');
  });

  it("turns **bold** into <strong> and bullet or numbered lines into lists", () => {
    const out = html("Plans:\n• **Free**: $0\n- Pro\n1. Book\n2) Pick");
    expect(out).toContain('<strong class="font-semibold">Free</strong>: $0');
    expect(out).toMatch(/<ul[^>]*><li[^>]*><strong[^>]*>Free<\/strong>: \$0<\/li><li[^>]*>Pro<\/li><\/ul>/);
    expect(out).toMatch(/<ol[^>]*><li[^>]*>Book<\/li><li[^>]*>Pick<\/li><\/ol>/);
  });

  it("leaves unbalanced or markup-looking stars alone", () => {
    expect(html("**half")).toContain("**half");
    expect(html("**<b>x</b>**")).toContain("<strong class=\"font-semibold\">&lt;b&gt;x&lt;/b&gt;</strong>");
  });

  it.each([undefined, null, 42, {}, ["x"], "", "   "])("shows 'Invalid message content' for %j", (value) => {
    expect(html(value)).toBe('<div><p class="italic">Invalid message content</p></div>');
    expect(plainChatText(value)).toBe("Invalid message content");
  });

  it("gives screen readers the text without marks", () => {
    expect(plainChatText("**Free**: up to 3")).toBe("Free: up to 3");
  });
});

describe("links in the assistant's text", () => {
  it("renders WhatsApp, same-site, mailto and tel links; WhatsApp in a new tab", () => {
    const out = html("• **WhatsApp**: [send them your question](https://wa.me/919812345678?text=Hi%20there%28on%20%2Fai-help%29) or the [contact page](/contact)");
    expect(out).toContain('<a href="https://wa.me/919812345678?text=Hi%20there%28on%20%2Fai-help%29" class="font-semibold underline" target="_blank" rel="noopener noreferrer">send them your question</a>');
    expect(out).toContain('<a href="/contact" class="font-semibold underline">contact page</a>');
    expect(safeChatHref("mailto:team@example.com")).toBe("mailto:team@example.com");
    expect(safeChatHref("tel:+91 98123 45678")).toBe("tel:+91 98123 45678");
  });

  it("leaves any other address as text", () => {
    for (const url of ["javascript:alert(1)", "https://evil.example/", "//evil.example/x", "https://wa.me.evil.example/1", "data:text/html,x"]) {
      expect(safeChatHref(url)).toBeNull();
      const out = html(`[click](${url})`);
      expect(out).not.toContain("<a ");
      expect(out).toContain("[click]");
    }
  });
});

describe("an answer's sources", () => {
  it("keeps well-formed same-site links only, at most five", () => {
    expect(
      safeSources([
        { label: "FAQ: Pricing", url: "/#faq-pricing" },
        { label: "Post", url: "/blog/a", n: 2 },
        { label: "Elsewhere", url: "https://evil.example/" },
        { label: "Protocol-relative", url: "//evil.example/x" },
        { label: "Backslash", url: "/\\evil.example" },
        { label: "Script", url: "javascript:alert(1)" },
        { label: "Control", url: "/a\nb" },
        { label: "", url: "/empty-label" },
        { label: 42, url: "/not-text" },
        null,
      ]),
    ).toEqual([
      { label: "FAQ: Pricing", url: "/#faq-pricing" },
      { label: "Post", url: "/blog/a", n: 2 },
    ]);
    expect(safeSources("nope")).toEqual([]);
    expect(safeSources(Array.from({ length: 9 }, (_, i) => ({ label: `S${i}`, url: `/s${i}` })))).toHaveLength(5);
  });
});
