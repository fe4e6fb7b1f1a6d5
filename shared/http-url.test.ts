import { describe, expect, it } from "vitest";
import { checkCopy } from "./copy/validate";
import { mergeDoc } from "./copy/merge";
import { isHttpUrl } from "./http-url";
import { SETTING_RULES } from "./schemas/site-settings";

describe("isHttpUrl: the one rule of an owner's web address", () => {
  it("takes what the copy editor and the settings take, and refuses what either refuses", () => {
    for (const good of ["https://wise.example/book", "http://127.0.0.1:4800/a?b=c#d", "HTTPS://Wise.Example/", "https://[::1]/"]) {
      expect(isHttpUrl(good), good).toBe(true);
    }
    // Not a web address, another scheme, a scheme without its slashes (the parser would take these), an address
    // the parser refuses, nothing at all.
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "ftp://example.com", "/contact", "wise.example", "http:example.com", "https:/path", "https://", "http://a b", ""]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
    // The copy's limit is 2,000 characters unless the caller names its own.
    const long = `https://wise.example/${"a".repeat(2000 - 21)}`;
    expect(long).toHaveLength(2000);
    expect(isHttpUrl(long)).toBe(true);
    expect(isHttpUrl(`${long}b`)).toBe(false);
    expect(isHttpUrl(`${long}b`, 3000)).toBe(true);
    expect(isHttpUrl("https://wise.example/", 10)).toBe(false);

    // The copy editor: trims what was typed, refuses the rest with its message; a page shows a stored address only
    // where the rule takes it.
    const card = { link: { kind: "url", label: "Link" } } as const;
    expect(checkCopy(card, { link: "  https://wise.example/book " }, { link: "" })).toMatchObject({ value: { link: "https://wise.example/book" }, errors: {} });
    expect(checkCopy(card, { link: "http:wise.example" }, { link: "" }).errors.link).toBe("Link must be a web address starting with https:// or http://.");
    expect(mergeDoc(card, { link: "https:/wise.example" }, { link: "https://example.com/" })).toEqual({ link: "https://example.com/" });

    // The settings: trimmed, tabs and line breaks dropped as a browser drops them; not an address, then too long.
    const rule = SETTING_RULES.bookingUrl;
    expect(rule.parse(" https://pay.example/de\tmo\n ")).toBe("https://pay.example/demo");
    expect(rule.safeParse("http:pay.example").error?.issues.map((i) => i.message)).toEqual(["must be an http(s) URL"]);
    expect(rule.safeParse(`https://pay.example/${"a".repeat(500)}`).error?.issues.map((i) => i.message)).toEqual(["must be at most 500 characters"]);
    expect(rule.safeParse("x".repeat(501)).error?.issues.map((i) => i.message)).toEqual(["must be an http(s) URL", "must be at most 500 characters"]);
  });
});
