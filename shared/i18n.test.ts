import { describe, expect, it } from "vitest";
import { inLocale, isLocale, localeOfPath, localePath, stripLocale } from "./i18n";

describe("the language of a site path", () => {
  it("is Hindi under /hi only", () => {
    expect(localeOfPath("/hi")).toBe("hi");
    expect(localeOfPath("/hi/about")).toBe("hi");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/about")).toBe("en");
    // A page whose name starts with the letters is not Hindi.
    expect(localeOfPath("/hiring")).toBe("en");
    expect(localeOfPath("/blog/hi")).toBe("en");
  });

  it("is taken off and put on without touching the rest", () => {
    expect(stripLocale("/hi")).toBe("/");
    expect(stripLocale("/hi/blog/a-b")).toBe("/blog/a-b");
    expect(stripLocale("/hiring")).toBe("/hiring");
    expect(localePath("/", "hi")).toBe("/hi");
    expect(localePath("/about", "hi")).toBe("/hi/about");
    expect(localePath("/hi/about", "en")).toBe("/about");
    expect(localePath("/hi", "en")).toBe("/");
    expect(localePath("/hi/about", "hi")).toBe("/hi/about");
    expect(localePath("/blogs?q=whatsapp#top", "hi")).toBe("/hi/blogs?q=whatsapp#top");
    expect(localePath("/?x=1", "hi")).toBe("/hi?x=1");
    expect(localePath("/#faq-pricing", "hi")).toBe("/hi#faq-pricing");
  });

  it("leaves what is not a site path alone", () => {
    for (const other of ["https://example.com/about", "//evil.example/x", "mailto:a@b.c", "#faq", "tel:+91"]) {
      expect(localePath(other, "hi")).toBe(other);
    }
  });

  it("knows its languages", () => {
    expect(isLocale("hi")).toBe(true);
    expect(isLocale("en")).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(inLocale("hi", { a: "x" }, { a: "य" })).toEqual({ a: "य" });
    expect(inLocale("en", { a: "x" }, { a: "य" })).toEqual({ a: "x" });
  });
});
