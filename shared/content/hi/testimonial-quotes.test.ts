import { describe, expect, it } from "vitest";
import { ASSISTANT_KITS_HI } from "./assistant";
import { TESTIMONIALS_HI } from "./home";

/** Issue 44, item 8: the assistant and the home page quote the named customers in the same Hindi words. */
describe("the named customers' Hindi quotes", () => {
  it("every quote the assistant gives of a customer is the home page's, word for word, and each customer is quoted", () => {
    const replies = ASSISTANT_KITS_HI.map((k) => k.reply);
    for (const t of TESTIMONIALS_HI.items) {
      const naming = replies.filter((r) => r.includes(t.name));
      expect(naming.length, t.name).toBeGreaterThan(0);
      for (const reply of naming) {
        // The quotation after the name and role: the text between the curly quotes.
        const quoted = new RegExp(`${t.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\([^)]*\\): \u201c([^\u201d]*)\u201d`, "u").exec(reply)?.[1];
        expect(quoted, t.name).toBe(t.quote);
      }
    }
  });
});
