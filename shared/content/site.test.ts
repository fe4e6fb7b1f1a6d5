import { describe, expect, it } from "vitest";
import {
  BANNER_MESSAGES,
  FOOTER,
  FOOTER_NEWSLETTER_MESSAGES,
  INDUSTRIES,
  JOB_ROLES,
  NAV_LINKS,
  TIMINGS,
  WHATSAPP_BUTTON,
  formatWhatsappNumber,
  wellFormed,
  whatsappLink,
} from "./index";

describe("content module", () => {
  it("holds the spec's timings", () => {
    expect(TIMINGS).toMatchObject({
      splashAutoCompleteMs: 2000,
      splashTextRevealMs: 500,
      footerTaglineMs: 5000,
      bannerMs: 4000,
      metricsMs: 3000,
      slideshowMs: 4000,
      slideshowTickMs: 50,
      contactSliderMs: 5000,
      menuStaggerMs: 100,
      redirectAfterAuthMs: 1500,
    });
  });

  it("holds the shell's copy", () => {
    expect(NAV_LINKS.map((l) => [l.label, l.to])).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Blogs", "/blogs"],
      ["AI Help", "/ai-help"],
      ["Contact", "/contact"],
    ]);
    expect(FOOTER.taglines).toEqual([
      "Wise Parrot - Your Digital Growth Assistant",
      "Wise Parrot ❤️ your customers, Wise Parrot ❤️ your business growth",
    ]);
    expect(BANNER_MESSAGES).toHaveLength(3);
    expect(WHATSAPP_BUTTON.message).toBe("Hi, I want to learn more about Wise Parrot!");
    expect(WHATSAPP_BUTTON.hoverLabel).toBe("Chat with us on WhatsApp");
    expect(FOOTER_NEWSLETTER_MESSAGES.required).toEqual({ title: "Email Required", message: "Please enter your email address." });
    expect(FOOTER_NEWSLETTER_MESSAGES.invalid).toEqual({ title: "Invalid Email", message: "Please enter a valid email address." });
  });

  it("holds the option lists with Real Estate first", () => {
    expect(INDUSTRIES[0]).toBe("Real Estate");
    expect(INDUSTRIES).toHaveLength(7);
    expect(JOB_ROLES).toEqual([
      "CEO/Founder",
      "Product Manager",
      "Engineering Manager",
      "Marketing Manager",
      "Operations Manager",
      "Sales Manager",
      "Other",
    ]);
  });

  it("builds WhatsApp links with the text encoded", () => {
    expect(whatsappLink("919876543210", "hi & more?")).toBe("https://wa.me/919876543210?text=hi%20%26%20more%3F");
    expect(formatWhatsappNumber("919876543210")).toBe("+91 98765 43210");
    expect(formatWhatsappNumber("14155550100")).toBe("+14155550100");
  });
});

describe("whatsappLink", () => {
  it("takes any visitor text, a lone surrogate included (encodeURIComponent throws on one)", () => {
    expect(whatsappLink("919876543210", "price \ud800 ok")).toBe("https://wa.me/919876543210?text=price%20%EF%BF%BD%20ok");
    expect(wellFormed("a\udc00b\ud83d\ude00")).toBe("a\ufffdb\ud83d\ude00");
  });
});
