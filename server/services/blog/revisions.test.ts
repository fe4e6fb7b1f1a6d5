import { describe, expect, it } from "vitest";
import { diffParagraphs } from "./revisions";

describe("paragraph diff", () => {
  it("keeps what stayed and marks what was removed and added, in order", () => {
    expect(diffParagraphs(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"])).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "x" },
      { kind: "same", text: "c" },
      { kind: "same", text: "d" },
      { kind: "added", text: "e" },
    ]);
  });

  it("stays bounded for very long bodies that share nothing", () => {
    const before = Array.from({ length: 5_000 }, (_, i) => `b${i}`);
    const after = Array.from({ length: 5_000 }, (_, i) => `a${i}`);
    const started = performance.now();
    const diff = diffParagraphs(["same", ...before, "end"], ["same", ...after, "end"]);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(diff).toHaveLength(10_002);
    expect(diff[0]).toEqual({ kind: "same", text: "same" });
    expect(diff.at(-1)).toEqual({ kind: "same", text: "end" });
  });
});
