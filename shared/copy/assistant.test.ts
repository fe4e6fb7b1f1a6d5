import { describe, expect, it } from "vitest";
import { AVAILABLE_FOR } from "../content/home";
import { ASSISTANT_DOC } from "./assistant";
import { COPY_DOCS } from "./index";
import { mergeDoc } from "./merge";

describe("the assistant's copy document", () => {
  it("is listed for the studio, and every default fits its field (a fresh install shows exactly the defaults)", () => {
    expect(COPY_DOCS.map((d) => d.id)).toContain("assistant");
    const defaults = ASSISTANT_DOC.defaults("en");
    expect(mergeDoc(ASSISTANT_DOC.sections, defaults, defaults)).toEqual(defaults);
    expect(mergeDoc(ASSISTANT_DOC.sections, undefined, defaults)).toEqual(defaults);
  });

  it("has one kit per industry the home page lists, each reply naming no industry of another", () => {
    const kits = ASSISTANT_DOC.defaults("en").kits;
    expect(kits.map((k) => k.name)).toEqual([...AVAILABLE_FOR.items]);
    for (const kit of kits) {
      expect(kit.words.split("\n").length).toBeGreaterThan(0);
      expect(kit.reply).toContain("ready in 72 hours with no setup fees");
    }
  });

  it("is ASCII in the server bundle's source: non-ASCII only as escapes", async () => {
    const fs = await import("node:fs");
    // eslint-disable-next-line no-control-regex
    expect(/[^\u0000-\u007f]/.test(fs.readFileSync(new URL("./assistant.ts", import.meta.url), "utf8"))).toBe(false);
  });
});
