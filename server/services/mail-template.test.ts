import { describe, expect, it } from "vitest";
import { EMAIL_TEMPLATE } from "../../shared/content/audience";
import { contentFromText, type EmailContent, linksOfHtml, renderEmail } from "./mail-template";

const site = { publicUrl: "https://wise-parrot.example.test", address: "Pune <India> & Co", email: "hello@example.com" };
const HOSTILE = [`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `' onmouseover='x`, `&amp; &lt;`, `</td></tr></table><h1>fake</h1>`];

function content(user: string): EmailContent {
  return {
    blocks: [
      { kind: "heading", text: user },
      { kind: "subheading", text: user },
      { kind: "paragraph", text: `${user} see https://wise-parrot.example.test/blog/a-post?x=1&y=2.` },
      { kind: "quote", text: user },
      { kind: "button", label: user, url: `https://wise-parrot.example.test/blog/x?q="${user}` },
      { kind: "image", src: "https://wise-parrot.example.test/media/cover.webp", alt: user },
      { kind: "image", src: "https://tracker.example.com/pixel.gif", alt: user },
    ],
    unsubscribeUrl: "https://wise-parrot.example.test/newsletter/unsubscribe?token=abc",
  };
}

describe("the e-mail template", () => {
  it("escapes every string that comes from users", () => {
    for (const user of HOSTILE) {
      const { html } = renderEmail(content(user), site);
      expect(html).not.toContain(user);
      expect(html).not.toMatch(/<script|<img src=x|<h1>fake|["'] onmouseover|"><img/);
    }
    expect(renderEmail(content("x"), site).html).toContain("Pune &lt;India&gt; &amp; Co");
  });

  it("requests nothing but images from PUBLIC_URL", () => {
    const { html } = renderEmail(content("A post"), site);
    const fetched = [...html.matchAll(/\ssrc="([^"]*)"/g)].map((m) => m[1]);
    expect(fetched).toEqual(["https://wise-parrot.example.test/icon-192.png", "https://wise-parrot.example.test/media/cover.webp"]);
    expect(html).not.toMatch(/<link|<script|@import|url\(|<iframe|<object|<embed|background=/i);
  });

  it("puts every link of the HTML part in the plain-text part", () => {
    for (const c of [content("A post"), contentFromText("Hello,\n\nConfirm: https://wise-parrot.example.test/newsletter/confirm?token=t1\n\nUnsubscribe: https://wise-parrot.example.test/newsletter/unsubscribe?token=t2")]) {
      const { html, text } = renderEmail(c, site);
      const links = linksOfHtml(html);
      expect(links.length).toBeGreaterThan(1);
      for (const link of links) expect(text).toContain(link);
    }
  });

  it("shows a button's address below it, wrapped anywhere, and wraps long words and links everywhere", () => {
    const url = `https://wise-parrot.example.test/verify-email?token=${"a".repeat(80)}`;
    const { html, text } = renderEmail({ blocks: [{ kind: "button", label: "Confirm my e-mail address", url }, { kind: "paragraph", text: `See ${url}` }] }, site);
    const button = html.indexOf(">Confirm my e-mail address</a>");
    const below = html.indexOf(`>${url}</a>`);
    expect(button).toBeGreaterThan(-1);
    expect(below).toBeGreaterThan(button);
    expect(html.slice(button, below)).toContain(EMAIL_TEMPLATE.linkBelow);
    // Every link and every text block may break inside a word (a token is one long word).
    for (const a of html.match(/<a [^>]*>[^<]*<\/a>/g) ?? []) if (a.includes(url) && !a.includes("Confirm my")) expect(a).toContain("word-break:break-all");
    for (const p of html.match(/<(p|h1|h2|blockquote) style="[^"]*"/g) ?? []) expect(p).toContain("overflow-wrap:anywhere");
    expect(text).toContain(`Confirm my e-mail address: ${url}`);
  });

  it("is 600 px tables with inline colours and a colour-scheme declaration", () => {
    const { html } = renderEmail(content("A post"), site);
    expect(html).toContain('width="600"');
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(html).not.toMatch(/<style/);
  });
});

describe("a post's call-to-action buttons in the reader's language", () => {
  const withActions = { ...site, bookingUrl: "https://book.example.test/demo", whatsappNumber: "919876543210" };
  const blocks: EmailContent["blocks"] = [
    { kind: "cta", cta: "book-demo" },
    { kind: "cta", cta: "whatsapp" },
  ];

  it("reads Book Demo and Start WhatsApp Chat to an English reader, with the English greeting prefilled", () => {
    const { html, text } = renderEmail({ blocks }, withActions);
    expect(text).toContain("Book Demo: https://book.example.test/demo");
    expect(text).toMatch(/Start WhatsApp Chat: https:\/\/wa\.me\/919876543210\?text=Hi%2C/);
    expect(html).toContain(">Book Demo</a>");
    expect(html).not.toMatch(/[\u0900-\u097f]/);
  });

  it("reads them in Hindi to a Hindi reader, the WhatsApp greeting too", () => {
    const { html, text } = renderEmail({ blocks, locale: "hi" }, withActions);
    expect(text).toContain("डेमो बुक करें: https://book.example.test/demo");
    expect(text).toContain(`WhatsApp पर बात करें: https://wa.me/919876543210?text=${encodeURIComponent("नमस्ते,")}`);
    expect(html).toContain(">डेमो बुक करें</a>");
    expect(text).not.toContain("Book Demo");
  });

  it("carries the site's emerald green and its logo mark, as a PNG the site serves (issue 45)", () => {
    const { html } = renderEmail(content("A post"), site);
    expect(html).toContain("background-color:#047857");
    expect(html).not.toContain("#0f766e");
    expect(html).toMatch(/<img src="https:\/\/wise-parrot\.example\.test\/icon-192\.png" alt="" width="40" height="40"/);
    // The logo comes before the site's name, in the header.
    expect(html.indexOf("icon-192.png")).toBeLessThan(html.indexOf("Wise Parrot</td>"));
  });

  it("sends a Hindi reader to the Hindi pages: the footer's home, a post's site links and its Book Demo (issue 44); files and the API stay", () => {
    const marked: EmailContent["blocks"] = [
      { kind: "marked", spans: [{ kind: "link", href: "/contact", children: [{ kind: "text", text: "संपर्क" }] }] },
      { kind: "marked", spans: [{ kind: "link", href: "/blog/a-post?x=1#part", children: [{ kind: "text", text: "लेख" }] }] },
      { kind: "marked", spans: [{ kind: "link", href: "/media/guide.pdf", children: [{ kind: "text", text: "गाइड" }] }] },
      { kind: "marked", spans: [{ kind: "link", href: "/api/newsletter/one-click?token=t", children: [{ kind: "text", text: "x" }] }] },
      { kind: "cta", cta: "book-demo" },
    ];
    const onSite = { ...site, bookingUrl: "/book-demo" };
    const hi = renderEmail({ blocks: marked, locale: "hi", unsubscribeUrl: "https://wise-parrot.example.test/hi/newsletter/unsubscribe?token=abc" }, onSite);
    const links = [...new Set(linksOfHtml(hi.html).filter((l) => l.startsWith(site.publicUrl)))];
    expect(links.sort()).toEqual(
      [
        "https://wise-parrot.example.test/api/newsletter/one-click?token=t",
        "https://wise-parrot.example.test/hi",
        "https://wise-parrot.example.test/hi/blog/a-post?x=1#part",
        "https://wise-parrot.example.test/hi/book-demo",
        "https://wise-parrot.example.test/hi/contact",
        "https://wise-parrot.example.test/hi/newsletter/unsubscribe?token=abc",
        "https://wise-parrot.example.test/media/guide.pdf",
      ].sort(),
    );
    expect(hi.text).toContain("https://wise-parrot.example.test/hi\n");
    // English is as it was: the home, and the paths as written.
    const en = renderEmail({ blocks: marked }, onSite);
    const enLinks = linksOfHtml(en.html);
    expect(enLinks).toContain("https://wise-parrot.example.test");
    expect(enLinks).toContain("https://wise-parrot.example.test/contact");
    expect(enLinks).toContain("https://wise-parrot.example.test/book-demo");
    expect(enLinks.some((l) => l.includes("/hi"))).toBe(false);
  });
});
