import { describe, expect, it } from "vitest";
import { faqJsonLd } from "./faq";
import { ABOUT } from "@shared/content/about";
import { CHAT_FACTS } from "@shared/content/chat";
import { FAQ } from "@shared/content/faq";
import { REFUND } from "@shared/content/legal";

const answer = (id: string) => FAQ.find((f) => f.id === id)!.answer;

describe("the FAQ", () => {
  it("has unique ids usable as anchors, and a question and answer for each", () => {
    expect(new Set(FAQ.map((f) => f.id)).size).toBe(FAQ.length);
    for (const f of FAQ) {
      expect(f.id).toMatch(/^[a-z][a-z-]*$/);
      expect(f.question.endsWith("?")).toBe(true);
      expect(f.answer.length).toBeGreaterThan(40);
    }
  });

  it("restates the site's own facts (no claim of its own)", () => {
    const P = CHAT_FACTS.pricing;
    expect(answer("pricing")).toContain(`${P.professional.name} (${P.professional.price}, ${P.professional.details})`);
    expect(answer("pricing")).toContain("no setup fees");
    expect(answer("demo")).toContain(`under ${CHAT_FACTS.demoBookingMinutes} minutes`);
    expect(answer("demo")).toContain(CHAT_FACTS.demoPrice);
    expect(answer("setup-time")).toContain(`${CHAT_FACTS.kitReadyHours} hours`);
    expect(answer("integrations")).toContain(CHAT_FACTS.integrations);
    expect(answer("results")).toContain(`${CHAT_FACTS.hoursSavedPerWeek} hours a week`);
    expect(REFUND.sections.find((s) => s.id === "time-limit")!.paragraphs![0]).toContain("30 days");
    expect(answer("refunds")).toContain("30 days");
    expect(ABOUT.based).toContain("Pune, India");
    expect(answer("location")).toContain("Pune, India");
    // The languages answer promises no particular language.
    expect(answer("languages")).not.toMatch(/hindi|marathi|tamil/i);
  });

  it("is described for search engines as an FAQPage with every entry", () => {
    const ld = faqJsonLd(FAQ);
    expect(ld["@type"]).toBe("FAQPage");
    expect(ld.mainEntity).toHaveLength(FAQ.length);
    expect(ld.mainEntity[0]).toEqual({
      "@type": "Question",
      name: FAQ[0]!.question,
      acceptedAnswer: { "@type": "Answer", text: FAQ[0]!.answer },
    });
  });
});
