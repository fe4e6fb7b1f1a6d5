import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { otherLocale, switchHref } from "~/components/shell/language-switch";
import { LANGUAGE_OFFER_KEY, LANGUAGE_OFFER_SCRIPT, prefersHindi } from "./language-offer";

describe("the language switch's address", () => {
  it("is the same page in the other language, its query kept", () => {
    expect(switchHref("/about", "?ref=x", "hi")).toBe("/hi/about?ref=x");
    expect(switchHref("/hi/about", "?ref=x", "en")).toBe("/about?ref=x");
    expect(switchHref("/", "", "hi")).toBe("/hi");
    expect(switchHref("/hi", "", "en")).toBe("/");
    expect(switchHref("/blog/some-post", "", "hi")).toBe("/hi/blog/some-post");
    expect(otherLocale("en")).toBe("hi");
    expect(otherLocale("hi")).toBe("en");
  });
});

describe("whether a browser prefers Hindi", () => {
  it("looks at the first preferred language only", () => {
    expect(prefersHindi(["hi-IN", "en"])).toBe(true);
    expect(prefersHindi(["hi"])).toBe(true);
    expect(prefersHindi(["HI-in"])).toBe(true);
    expect(prefersHindi(["en-IN", "hi"])).toBe(false);
    expect(prefersHindi(["hil"])).toBe(false);
    expect(prefersHindi([])).toBe(false);
  });
});

/** Runs the offer's script against a stand-in document, storage and browser languages. */
function run(languages: string[], stored: Record<string, string> = {}, storageThrows = false) {
  const attributes = new Set<string>();
  const store = new Map(Object.entries(stored));
  let onClick: ((event: { target: unknown }) => void) | undefined;
  let focused = false;
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
  const window = storageThrows
    ? Object.defineProperty({}, "localStorage", { get: () => { throw new Error("denied"); } })
    : { localStorage: storage };
  const document = {
    documentElement: { setAttribute: (a: string) => attributes.add(a), removeAttribute: (a: string) => attributes.delete(a) },
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) => {
      if (type === "click") onClick = listener;
    },
    querySelector: () => ({ focus: () => (focused = true) }),
  };
  vm.runInNewContext(LANGUAGE_OFFER_SCRIPT, { window, document, navigator: { languages, language: languages[0] } });
  const control = (name: string) => ({ closest: (selector: string) => (selector.includes(name) ? { hasAttribute: (a: string) => a === name } : null) });
  return {
    shown: () => attributes.has("data-offer-hi"),
    click: (name: "data-offer-dismiss" | "data-offer-follow") => onClick?.({ target: control(name) }),
    stored: () => store.get(LANGUAGE_OFFER_KEY),
    focused: () => focused,
  };
}

describe("the offer's script", () => {
  it("shows the offer to a browser preferring Hindi, and remembers a dismissal (focus moves on)", () => {
    const page = run(["hi-IN", "en"]);
    expect(page.shown()).toBe(true);
    page.click("data-offer-dismiss");
    expect(page.shown()).toBe(false);
    expect(page.stored()).toBe("dismissed");
    expect(page.focused()).toBe(true);
    expect(run(["hi-IN"], { [LANGUAGE_OFFER_KEY]: "dismissed" }).shown()).toBe(false);
  });

  it("remembers a visitor who followed it", () => {
    const page = run(["hi"]);
    page.click("data-offer-follow");
    expect(page.stored()).toBe("followed");
    expect(run(["hi"], { [LANGUAGE_OFFER_KEY]: "followed" }).shown()).toBe(false);
  });

  it("stays away from other browsers, and from one whose storage it cannot use (it could not remember a dismissal)", () => {
    expect(run(["en-IN", "hi"]).shown()).toBe(false);
    expect(run(["mr-IN"]).shown()).toBe(false);
    expect(run(["hi-IN"], {}, true).shown()).toBe(false);
  });
});
