/** Random text from the pooled bytes: the right length, never repeated, across the pool's refills. */
import { describe, expect, it } from "vitest";
import { randomText } from "./tokens";

describe("randomText", () => {
  it("gives 16 bytes as base64 and base64url, never the same twice over several refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const nonce = randomText(16, "base64");
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
    const id = randomText(16, "base64url");
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("spreads its bytes: every byte value turns up in 64 KiB of it", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_096; i++) for (const b of Buffer.from(randomText(16, "base64"), "base64")) counts[b]!++;
    expect(counts.every((n) => n > 0)).toBe(true);
  });

  it("refuses a length outside 1 to 256", () => {
    for (const bad of [0, -1, 257, 1.5]) expect(() => randomText(bad, "base64")).toThrow(RangeError);
  });
});
