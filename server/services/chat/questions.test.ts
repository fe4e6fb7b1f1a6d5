import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { frequentUnansweredQuestions, pruneQuestions, questionKey, recordQuestion } from "./questions";

const DAY = 24 * 60 * 60_000;

describe("question keys", () => {
  it("count the same question together whatever its case, spacing and end", () => {
    expect(questionKey("  Do you  do SEO?? ")).toBe("do you do seo");
    expect(questionKey("do you do seo")).toBe("do you do seo");
  });
});

describe.each(testDatabaseKinds())("the questions log on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });

  it("lists the most frequent unanswered questions, most asked first, as last asked", async () => {
    const deps = testDeps(t.db, { CHAT_LOG_DAYS: "30" });
    const now = 1_800_000_000_000;
    const ask = (question: string, fellThrough: boolean, at: number) =>
      recordQuestion(deps, { question, topic: fellThrough ? "menu" : "pricing", fellThrough }, at);
    await ask("Do you do SEO?", true, now - 3 * DAY);
    await ask("do you do seo", true, now - 2 * DAY);
    await ask("Do you do SEO??", true, now - DAY);
    await ask("Can you print flyers?", true, now - DAY);
    await ask("Can you print flyers?", true, now - 40 * DAY); // past the kept period
    await ask("What does it cost?", false, now);
    await ask("What does it cost?", false, now);
    await ask("Is there an app?", true, now - 5 * DAY);

    const list = await frequentUnansweredQuestions(deps, { now, limit: 10 });
    expect(list).toEqual([
      { question: "Do you do SEO??", count: 3, lastAskedAt: now - DAY },
      { question: "Can you print flyers?", count: 1, lastAskedAt: now - DAY },
      { question: "Is there an app?", count: 1, lastAskedAt: now - 5 * DAY },
    ]);
    expect(await frequentUnansweredQuestions(deps, { now, limit: 1 })).toHaveLength(1);

    expect(await pruneQuestions(deps, now)).toBe(1);
    const left = await t.db.kysely.selectFrom("chat_questions").select(["question", "topic", "fell_through"]).execute();
    expect(left).toHaveLength(7);
    // Text, topic and the fell-through flag only: no address, no visitor.
    expect(Object.keys(left[0]!).sort()).toEqual(["fell_through", "question", "topic"]);
  });
});
