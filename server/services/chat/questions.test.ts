import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { postJson } from "../../../tests/integration/chat-helpers";
import {
  frequentUnansweredQuestions,
  meaningTokens,
  pruneQuestions,
  questionGroups,
  questionKey,
  rateAnswer,
  recordQuestion,
  setCosine,
} from "./questions";

const DAY = 24 * 60 * 60_000;

describe("question keys and meanings", () => {
  it("count the same question together whatever its case, spacing and end", () => {
    expect(questionKey("  Do you  do SEO?? ")).toBe("do you do seo");
    expect(questionKey("do you do seo")).toBe("do you do seo");
  });

  it("read differently worded questions as alike and others as not", () => {
    const like = (a: string, b: string) => setCosine(meaningTokens(a), meaningTokens(b));
    expect(like("How much does it cost?", "What are your prices?")).toBe(1);
    expect(like("Where is your office?", "aapka office kaha hai")).toBeGreaterThanOrEqual(0.6);
    expect(like("Do you print flyers?", "Where is your office?")).toBe(0);
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
    await t.db.kysely.deleteFrom("chat_questions").execute();
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
    const left = await t.db.kysely.selectFrom("chat_questions").selectAll().execute();
    expect(left).toHaveLength(7);
    // Text, what was answered, the flags, the language and the rating only: no address, no visitor, no history.
    expect(Object.keys(left[0]!).sort()).toEqual([
      "answer",
      "answer_id",
      "created_at",
      "fell_through",
      "handed_over",
      "id",
      "language",
      "question",
      "question_key",
      "rating",
      "topic",
    ]);
  });

  it("stores what was answered (cut short), the handover, the language, and one rating per answer", async () => {
    const deps = testDeps(t.db);
    const id = await recordQuestion(deps, {
      question: "Mujhe kisi insaan se baat karni hai",
      topic: "handover",
      fellThrough: false,
      answer: `Here is how to reach a person. ${"x".repeat(1000)}`,
      handedOver: true,
      language: "hinglish",
    });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = await t.db.kysely.selectFrom("chat_questions").selectAll().where("answer_id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ handed_over: 1, language: "hinglish", rating: null });
    expect(Array.from(row.answer)).toHaveLength(400);
    expect(row.answer.startsWith("Here is how to reach a person.")).toBe(true);

    await rateAnswer(deps, id!, false);
    await expect(rateAnswer(deps, id!, true)).rejects.toMatchObject({ kind: "conflict" });
    await expect(rateAnswer(deps, "A".repeat(22), true)).rejects.toMatchObject({ kind: "not-found" });
    const rated = await t.db.kysely.selectFrom("chat_questions").select("rating").where("answer_id", "=", id).executeTakeFirstOrThrow();
    expect(rated.rating).toBe(-1);
  });

  it("groups the last 30 days' questions by meaning, with counts, answers, handovers and ratings", async () => {
    await t.db.kysely.deleteFrom("chat_questions").execute();
    const deps = testDeps(t.db, { CHAT_LOG_DAYS: "90" });
    const now = 1_800_000_000_000;
    const ask = async (question: string, topic: string, at: number, extra: { handedOver?: boolean; rating?: boolean } = {}) => {
      const id = await recordQuestion(
        deps,
        { question, topic, fellThrough: topic === "menu", answer: `answer to ${question}`, handedOver: extra.handedOver ?? false, language: "en" },
        at,
      );
      if (extra.rating !== undefined) await rateAnswer(deps, id!, extra.rating);
    };
    await ask("How much does it cost?", "pricing", now - DAY, { rating: true });
    await ask("How much does it cost?", "pricing", now - 2 * DAY, { rating: true });
    await ask("What are your prices?", "pricing", now - 3 * DAY, { rating: false });
    await ask("pricing details pls", "pricing", now - 3 * DAY);
    await ask("Do you integrate with Shopify?", "menu", now - DAY, { handedOver: true });
    await ask("does it integrate with my shopify store", "menu", now - 2 * DAY, { handedOver: true });
    await ask("Where is your office?", "location", now - 4 * DAY);
    await ask("aapka office kaha hai", "menu", now - 5 * DAY, { handedOver: true });
    await ask("Do you print flyers?", "menu", now - 6 * DAY, { handedOver: true });
    await ask("Do you print flyers?", "menu", now - 31 * DAY, { handedOver: true }); // outside the 30 days
    await ask("Do you print flyers?", "menu", now - 31 * DAY, { handedOver: true });

    const { groups, questions } = await questionGroups(deps, { now });
    expect(questions).toBe(9);
    expect(groups.map((g) => [g.question, g.count])).toEqual([
      ["How much does it cost?", 4],
      ["Do you integrate with Shopify?", 2],
      ["Where is your office?", 2],
      ["Do you print flyers?", 1],
    ]);
    expect(groups[0]).toMatchObject({
      // Ties (asked as often, as lately) in the order of their text.
      variants: ["pricing details pls", "What are your prices?"],
      answer: "answer to How much does it cost?",
      lastAskedAt: now - DAY,
      handedOver: 0,
      helpful: 2,
      notHelpful: 1,
    });
    expect(groups[1]).toMatchObject({ variants: ["does it integrate with my shopify store"], handedOver: 2, helpful: 0, notHelpful: 0 });
    expect(groups[2]).toMatchObject({ variants: ["aapka office kaha hai"], handedOver: 1 });

    const handed = await questionGroups(deps, { now, handedOverOnly: true });
    expect(handed.groups.map((g) => [g.question, g.count, g.handedOver])).toEqual([
      ["Do you integrate with Shopify?", 2, 2],
      ["aapka office kaha hai", 1, 1],
      ["Do you print flyers?", 1, 1],
    ]);

    // The window is never longer than the kept period.
    const short = await questionGroups(testDeps(t.db, { CHAT_LOG_DAYS: "2" }), { now });
    expect(short.questions).toBe(4);
  });

  it("rates an answer through the API once; bad, unknown or repeated ratings are refused with a 4xx", async () => {
    const deps = testDeps(t.db, { TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_MINUTE: "1000" });
    const app = await createApp({ deps });
    const answered = await postJson(app, "/api/chat", { message: "What does it cost?" });
    const { data } = (await answered.json()) as { data: { answerId: string } };

    for (const body of [{}, { answerId: data.answerId }, { answerId: "1", helpful: true }, { answerId: data.answerId, helpful: "yes" }, "not json", [1]]) {
      const res = await postJson(app, "/api/chat/rating", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false });
    }
    const unknown = await postJson(app, "/api/chat/rating", { answerId: "B".repeat(22), helpful: true });
    expect(unknown.status).toBe(404);

    const ok = await postJson(app, "/api/chat/rating", { answerId: data.answerId, helpful: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, data: { rated: true } });
    const again = await postJson(app, "/api/chat/rating", { answerId: data.answerId, helpful: false });
    expect(again.status).toBe(409);
    const row = await t.db.kysely.selectFrom("chat_questions").select("rating").where("answer_id", "=", data.answerId).executeTakeFirstOrThrow();
    expect(row.rating).toBe(1);

    // Rating shares the chat's per-address limit.
    const strict = await createApp({ deps: testDeps(t.db, { TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_MINUTE: "2" }) });
    const ip = "10.9.9.9";
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await postJson(strict, "/api/chat/rating", { answerId: "C".repeat(22), helpful: true }, { ip })).status);
    expect(codes).toEqual([404, 404, 429]);
  });
});
