import { describe, expect, it } from "vitest";
import { CONTACT_DOC } from "./contact";
import { checkCopy } from "./validate";

describe("the Contact page's Hindi defaults", () => {
  const en = CONTACT_DOC.defaults("en");
  const hi = CONTACT_DOC.defaults("hi");

  it("fit the document's own limits, as an owner's Hindi would have to", () => {
    expect(checkCopy(CONTACT_DOC.sections, hi, hi).errors).toEqual({});
  });

  it("reach us the same ways as the English (same cards, channels and figures, in the same order)", () => {
    expect(hi.cards.items.map((c) => c.reach)).toEqual(en.cards.items.map((c) => c.reach));
    expect(hi.support.channels.map((c) => c.reach)).toEqual(en.support.channels.map((c) => c.reach));
    expect(hi.support.stats).toHaveLength(en.support.stats.length);
    expect(hi.whatsapp.quickReplies).toHaveLength(en.whatsapp.quickReplies.length);
  });

  it("are Hindi where the English is words, and the English defaults are unchanged", () => {
    expect(hi.hero.title).toMatch(/[\u0900-\u097f]/);
    expect(hi.cards.items.every((c) => /[\u0900-\u097f]/.test(c.title))).toBe(true);
    expect(hi.whatsapp.defaultText).toMatch(/^नमस्ते/);
    expect(en.hero.title).toBe("Let's grow your business together");
    expect(en.whatsapp.defaultText).toBe("Hi, I want to learn more about Wise Parrot!");
  });
});
