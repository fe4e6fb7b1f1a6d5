import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_REPLIES } from "../../shared/content/chat";
import { FAQ } from "../../shared/content/faq";
import { MessageBubble } from "../../app/components/chat/message-bubble";
import { action as aiHelpAction } from "../../app/routes/ai-help";
import { createApp } from "../../server/app";
import { insertBlogs } from "../../server/services/blog/posts";
import { publish } from "../../server/services/events";
import type { BlogInput } from "../../server/services/blog/types";
import { frequentUnansweredQuestions } from "../../server/services/chat/questions";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { type LlmServer, startLlmServer } from "../helpers/llm-server";
import { doneData, postJson, readSse } from "./chat-helpers";

const KEY = "sk-test-knowledge-key";
type Source = { label: string; url: string; n?: number };
type Answer = { success: boolean; data: { reply: string; sources: Source[] } };

const post = (over: Partial<BlogInput> = {}): BlogInput => ({
  slug: "festival-season-offers-for-sweet-shops",
  title: "Festival Season Offers for Sweet Shops",
  excerpt: "How sweet shops take Diwali gift box orders on WhatsApp.",
  author: "Wise Parrot Team",
  date: "2026-10-01",
  readTime: "4 min read",
  category: "Growth Strategy",
  featured: false,
  tags: ["Sweet Shops", "Festivals"],
  sections: [
    {
      title: "Taking gift box orders",
      content: ["Sweet shops take Diwali gift box orders on WhatsApp and confirm the pickup slot for each box."],
    },
  ],
  ...over,
});

const LANGUAGES = FAQ.find((f) => f.id === "languages")!;

describe.each(testDatabaseKinds())("the assistant's knowledge on %s", (kind) => {
  let t: TestDatabase;
  let llm: LlmServer;
  let app: Awaited<ReturnType<typeof createApp>>;
  let modelApp: Awaited<ReturnType<typeof createApp>>;
  let deps: ReturnType<typeof testDeps>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    llm = await startLlmServer();
    deps = testDeps(t.db, { TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_MINUTE: "1000" });
    app = await createApp({ deps });
    modelApp = await createApp({
      deps: testDeps(t.db, { TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_MINUTE: "1000", LLM_API_KEY: KEY, LLM_BASE_URL: llm.url }),
    });
  });
  beforeEach(() => {
    llm.requests.length = 0;
  });
  afterAll(async () => {
    await llm.close();
    await t.drop();
  });

  const ask = async (message: string, on = app) => (await (await postJson(on, "/api/chat", { message })).json()) as Answer;
  const QUESTION = "How are Diwali gift box orders confirmed?";

  it("answers from a post and cites it as soon as it is published, and forgets it when unpublished", async () => {
    expect((await ask(QUESTION)).data.reply).toContain("I'm not sure about that, and I'd rather not guess.");

    expect(await insertBlogs(deps, [post()])).toBe(1);
    const published = await ask(QUESTION);
    expect(published.data.reply).toContain("Sweet shops take Diwali gift box orders on WhatsApp");
    expect(published.data.sources).toEqual([
      { label: "From our blog: Festival Season Offers for Sweet Shops", url: "/blog/festival-season-offers-for-sweet-shops" },
    ]);

    const row = await t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", post().slug).executeTakeFirstOrThrow();
    await publish(deps, { kind: "post.written", post: { ...post(), id: Number(row.id), published: false } });
    const unpublished = await ask(QUESTION);
    expect(unpublished.data.reply).toContain("I'm not sure about that, and I'd rather not guess.");
    expect(unpublished.data.sources).toEqual([]);
  });

  it("stores each question with its topic, and lists the ones that fell through", async () => {
    await ask("Do you make birthday cakes?");
    await ask("do you make birthday cakes");
    await ask("What does it cost?");
    const rows = await t.db.kysely.selectFrom("chat_questions").selectAll().orderBy("id").execute();
    const costs = rows.filter((r) => r.question === "What does it cost?");
    expect(costs[0]).toMatchObject({ topic: "pricing", fell_through: 0 });
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|10\.\d+\.\d+\.\d+/);
    const top = await frequentUnansweredQuestions(deps);
    expect(top[0]).toMatchObject({ question: "do you make birthday cakes", count: 2 });
  });

  it("gives the model the passages as numbered sources and keeps a reply that cites them", async () => {
    llm.behave = () => ({ kind: "reply", content: "It can reply in the customer's language [1]." });
    const answer = await ask("Which languages can the assistant use?", modelApp);
    expect(answer.data.reply).toBe("It can reply in the customer's language [1].");
    expect(answer.data.sources).toEqual([{ label: `FAQ: ${LANGUAGES.question}`, url: "/#faq-languages", n: 1 }]);
    const system = llm.requests[0]!.body.messages[0].content as string;
    expect(system).toContain(`[1] FAQ: ${LANGUAGES.question} (/#faq-languages)`);
    expect(system).toContain(LANGUAGES.answer);
    expect(system).toContain("never cite a number that is not in this list");
  });

  it("drops a model reply that cites nothing retrieved, or a source not given, for the local answer", async () => {
    for (const content of ["We speak every language there is.", "Yes, all of them [4]."]) {
      llm.behave = () => ({ kind: "reply", content });
      const answer = await ask("Which languages can the assistant use?", modelApp);
      expect(answer.data.reply, content).toBe(LANGUAGES.answer);
      expect(answer.data.sources).toEqual([{ label: `FAQ: ${LANGUAGES.question}`, url: "/#faq-languages" }]);
    }
    expect(deps.logs.text).not.toContain(KEY);
  });

  it("replaces a streamed uncited reply with the local answer in the final event", async () => {
    llm.behave = () => ({ kind: "reply", content: "Any language at all." });
    const events = await readSse(
      await postJson(modelApp, "/api/chat", { message: "Which languages can the assistant use?" }, { stream: true }),
    );
    expect(events.some((e) => e.event === "delta")).toBe(true);
    expect(doneData(events)).toMatchObject({ success: true, data: { reply: LANGUAGES.answer } });
  });

  it("keeps the spec's reply when the model answers a keyword question without sources to cite", async () => {
    llm.behave = () => ({ kind: "reply", content: "Plans start free." });
    const answer = await ask("I want to know about pricing", modelApp);
    expect(answer.data.reply).toBe("Plans start free.");
    expect(answer.data.sources).toEqual([]);
    llm.behave = () => ({ kind: "reply", content: "Plans start free [9]." });
    expect((await ask("I want to know about pricing", modelApp)).data.reply).toBe(CHAT_REPLIES.pricing);
  });

  it("cites hostile text in a post as text", async () => {
    const hostile = post({
      slug: "hostile-post",
      title: `<script>alert("t")</script><img src=x onerror=alert(1)> Kulfi Carts`,
      sections: [{ title: "<b>Kulfi</b> carts", content: [`Kulfi carts <a href="javascript:alert(2)">sell</a> mango kulfi at night markets.`] }],
    });
    await insertBlogs(deps, [hostile]);
    const answer = await ask("Do kulfi carts sell mango kulfi at night markets?");
    expect(answer.data.sources[0]).toEqual({
      label: `From our blog: <script>alert("t")</script><img src=x onerror=alert(1)> Kulfi Carts`,
      url: "/blog/hostile-post",
    });
    expect(answer.data.reply).toContain(`<a href="javascript:alert(2)">sell</a>`);

    // The page's no-JavaScript door answers the same, and the chat bubble renders it all as text.
    const body = new URLSearchParams({ message: "Do kulfi carts sell mango kulfi at night markets?", history: "[]" });
    const request = new Request("http://127.0.0.1/ai-help", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    const result = await aiHelpAction({ request, context: { deps, clientIp: "10.9.9.9", cspNonce: "", requestId: "t" }, params: {} } as never);
    const bot = result.messages.at(-1)!;
    expect(bot.sources).toEqual([answer.data.sources[0]]);
    const html = renderToStaticMarkup(createElement(MessageBubble, { message: bot }));
    expect(html).not.toMatch(/<script|<img|<a href="javascript|<b>/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;");
    expect(html).toContain('<a href="/blog/hostile-post"');
  });
});
