import { describe, expect, it } from "vitest";
import type { Field } from "./fields";
import { mergeTranslation } from "./merge";

/**
 * What a Hindi page shows for each field (issue 33): the owner's Hindi, else the shipped Hindi while the English is
 * still its default, else the English as visitors see it; URLs and choices belong to no language; never a hole.
 */
const S = {
  heading: { kind: "text", label: "Heading", max: 40 },
  link: { kind: "url", label: "Link" },
  icon: { kind: "choice", label: "Icon", options: [{ value: "star", label: "Star" }, { value: "leaf", label: "Leaf" }] },
  card: { kind: "group", label: "Card", fields: { title: { kind: "text", label: "Title", max: 40 }, href: { kind: "url", label: "Link" } } },
  items: { kind: "list", label: "Items", itemLabel: "Item", max: 4, item: { kind: "group", label: "Item", fields: { q: { kind: "text", label: "Q", max: 40 }, a: { kind: "text", label: "A", max: 40, optional: true } } } },
} as const satisfies Record<string, Field>;

const EN = {
  heading: "Grow on WhatsApp",
  link: "https://example.com/en",
  icon: "star",
  card: { title: "Clinics", href: "https://example.com/clinics" },
  items: [
    { q: "Price?", a: "Low" },
    { q: "Setup?", a: "Fast" },
  ],
};
const HI = {
  heading: "WhatsApp पर आगे बढ़ें",
  link: "https://example.com/en",
  icon: "star",
  card: { title: "क्लिनिक", href: "https://example.com/clinics" },
  items: [
    { q: "कीमत?", a: "कम" },
    { q: "सेटअप?", a: "तेज़" },
  ],
};

const merge = (stored: unknown, storedEnglish: unknown) => mergeTranslation(S, stored, storedEnglish, HI, EN);

describe("mergeTranslation", () => {
  it("shows the shipped Hindi while nothing is stored and the English is its default; nothing is missing", () => {
    const { value, missing } = merge(undefined, undefined);
    expect(value).toEqual(HI);
    expect(missing).toEqual([]);
  });

  it("the owner's stored Hindi wins over the shipped Hindi and over a changed English", () => {
    const { value, missing } = merge({ heading: "मेरा शीर्षक", card: { title: "मेरे क्लिनिक" } }, { heading: "My own heading" });
    expect(value.heading).toBe("मेरा शीर्षक");
    expect((value.card as { title: string }).title).toBe("मेरे क्लिनिक");
    expect(missing).toEqual([]);
  });

  it("shows the English (listed as missing) once the owner changed the English and wrote no Hindi for it", () => {
    const { value, missing } = merge(undefined, { heading: "Grow faster on WhatsApp", card: { title: "Clinics and salons" } });
    expect(value.heading).toBe("Grow faster on WhatsApp");
    expect((value.card as { title: string }).title).toBe("Clinics and salons");
    expect(missing).toEqual(["heading", "card.title"]);
    // Fields whose English is still the default keep the shipped Hindi.
    expect((value.items as { q: string }[])[0]!.q).toBe("कीमत?");
  });

  it("an empty, blank or too long stored Hindi text is not a translation: the fallback shows, never a hole", () => {
    for (const bad of ["", "   ", "क".repeat(41), 42, null]) {
      const { value, missing } = merge({ heading: bad }, undefined);
      expect(value.heading).toBe(HI.heading);
      expect(missing).toEqual([]);
    }
    const changed = merge({ heading: "" }, { heading: "Changed" });
    expect(changed.value.heading).toBe("Changed");
    expect(changed.missing).toEqual(["heading"]);
  });

  it("with no shipped Hindi at all, every text shows in English and is listed; URLs and choices never are", () => {
    const { value, missing } = mergeTranslation(S, undefined, undefined, EN, EN);
    // The shipped "translation" is the English itself (a document not yet translated): it shows, and is not a hole.
    expect(value).toEqual(EN);
    const none = mergeTranslation(S, undefined, undefined, {}, EN);
    expect(none.value).toEqual(EN);
    expect(none.missing).toEqual(["heading", "card.title", "items.0.q", "items.0.a", "items.1.q", "items.1.a"]);
    expect(missing).toEqual([]);
  });

  it("URLs and choices: a usable stored one wins, else the English one (never listed as missing)", () => {
    const english = { link: "https://example.com/changed", icon: "leaf" };
    const unset = merge(undefined, english);
    expect(unset.value.link).toBe("https://example.com/changed");
    expect(unset.value.icon).toBe("leaf");
    expect(unset.missing).toEqual([]);
    const own = merge({ link: "https://example.com/hi", icon: "star" }, english);
    expect(own.value.link).toBe("https://example.com/hi");
    expect(own.value.icon).toBe("star");
    const bad = merge({ link: "javascript:alert(1)", icon: "skull" }, english);
    expect(bad.value.link).toBe("https://example.com/changed");
    expect(bad.value.icon).toBe("leaf");
  });

  it("a list follows the English list item by item when no Hindi list is stored", () => {
    const english = { items: [{ q: "Price?", a: "Low" }, { q: "Refunds?", a: "Yes" }, { q: "New one?", a: "" }] };
    const { value, missing } = merge(undefined, english);
    expect(value.items).toEqual([
      { q: "कीमत?", a: "कम" },
      { q: "Refunds?", a: "Yes" },
      { q: "New one?", a: "" },
    ]);
    expect(missing).toEqual(["items.1.q", "items.1.a", "items.2.q"]);
  });

  it("a stored Hindi list shows its items, each over the shipped Hindi and English, and English items beyond its end", () => {
    const english = { items: [{ q: "Price?", a: "Low" }, { q: "Setup?", a: "Fast" }, { q: "Added later?", a: "Yes" }] };
    const { value, missing } = merge({ items: [{ q: "दाम?", a: "" }, { q: "", a: "" }] }, english);
    expect(value.items).toEqual([
      { q: "दाम?", a: "कम" },
      { q: "सेटअप?", a: "तेज़" },
      { q: "Added later?", a: "Yes" },
    ]);
    expect(missing).toEqual(["items.2.q", "items.2.a"]);
  });

  it("never leaves a hole whatever is stored: every text is a string, every list an array", () => {
    for (const stored of [undefined, null, "x", [], { items: "x" }, { items: [null, 7] }, { card: [] }]) {
      for (const english of [undefined, null, { items: [] }, { heading: "" }]) {
        const { value } = merge(stored, english);
        expect(typeof value.heading).toBe("string");
        expect((value.heading as string).length).toBeGreaterThan(0);
        expect(Array.isArray(value.items)).toBe(true);
        for (const item of value.items as { q: unknown }[]) expect(typeof item.q).toBe("string");
      }
    }
  });
});
