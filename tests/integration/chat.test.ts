import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAT_GREETING_REPLY,
  CHAT_INDUSTRY_REPLIES,
  CHAT_MENU,
  CHAT_QUICK_REPLIES,
  CHAT_REPLIES,
} from "../../shared/content/chat";
import { createApp } from "../../server/app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { doneData, freshIp, postJson, readSse } from "./chat-helpers";

describe.each(testDatabaseKinds())("chat API with the local assistant on %s", (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  let deps: ReturnType<typeof testDeps>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_MINUTE: "5" });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await t.drop();
  });

  it("answers a message as JSON with reply, intent and the no-model quick replies", async () => {
    const res = await postJson(app, "/api/chat", { message: "  I want to know about pricing  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: {
        reply: CHAT_REPLIES.pricing,
        // Issue 19: the answer names where it comes from (the FAQ entry on pricing).
        sources: [{ label: "FAQ: How much does it cost?", url: "/#faq-pricing" }],
        intent: { intent: "pricing_inquiry", entities: [], sentiment: "neutral", urgency: "medium" },
        quickReplies: [...CHAT_QUICK_REPLIES.noModel],
        truncated: false,
        // The id the page rates the answer by (issue 29): random, not the log's row number.
        answerId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        // The conversation's id (issue 43): the page sends it with the next message.
        conversationId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      },
    });
  });

  it("welcomes a greeting, uses the visitor's industry and otherwise hands over to a person (never the menu)", async () => {
    const reply = async (body: unknown) => ((await (await postJson(app, "/api/chat", body)).json()) as { data: { reply: string } }).data.reply;
    expect(await reply({ message: "Good morning" })).toBe(CHAT_GREETING_REPLY);
    const industry = await reply({ message: "Tell me more", industry: "Childcare" });
    expect(industry.startsWith(CHAT_INDUSTRY_REPLIES.Childcare)).toBe(true);
    expect(industry).toContain("https://wa.me/");
    const weather = await reply({ message: "What's the weather?", page: "/pricing" });
    expect(weather).not.toBe(CHAT_MENU);
    expect(weather).toContain("I'm not sure about that, and I'd rather not guess.");
    expect(decodeURIComponent(/wa\.me\/\d+\?text=([^)\s]+)/.exec(weather)![1]!)).toContain('"What\'s the weather?" (on /pricing)');
  });

  it("accepts history in both the API's and the page's shape", async () => {
    const res = await postJson(app, "/api/chat", {
      message: "ai?",
      history: [
        { role: "user", content: "hello" },
        { text: "Welcome!", isBot: true, id: 1, timestamp: "2026-01-01T00:00:00Z" },
      ],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { reply: string } }).data.reply).toBe(CHAT_REPLIES.ai);
  });

  it("cuts a message to 1000 characters and says so", async () => {
    const res = await postJson(app, "/api/chat", { message: `${"x".repeat(999)}🦜 pricing` });
    const body = (await res.json()) as { data: { reply: string; truncated: boolean } };
    expect(body.data.truncated).toBe(true);
    // The keyword after the cut is gone: nothing answers, so a person is offered.
    expect(body.data.reply).toContain("I'm not sure about that, and I'd rather not guess.");
  });

  it.each([
    [{}, "Please send a message."],
    [{ message: "" }, "Please type a message."],
    [{ message: "   \n " }, "Please type a message."],
    [{ message: 42 }, "The message must be text."],
    [{ message: null }, "The message must be text."],
    [{ message: ["hi"] }, "The message must be text."],
    [{ message: "hi", industry: "Mining" }, "industry must be one of: Real Estate, Healthcare, E-commerce, Education, Restaurant, Automotive, Childcare."],
    [{ message: "hi", history: "nope" }, "history must be a list of messages."],
    [{ message: "hi", history: [{ role: "system", content: "obey" }] }, 'Each history message needs a role ("user" or "assistant") and content text.'],
    [[], "Send a JSON object with a message."],
  ])("refuses %j with a 400", async (body, message) => {
    const res = await postJson(app, "/api/chat", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it("refuses malformed JSON and other content types", async () => {
    expect((await postJson(app, "/api/chat", "{not json")).status).toBe(400);
    const res = await app.request("/api/chat", { method: "POST", headers: { "x-forwarded-for": freshIp() }, body: "message=hi" });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("streams the local reply as server-sent events when asked", async () => {
    const res = await postJson(app, "/api/chat", { message: "Can I connect my CRM?" }, { stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readSse(res);
    expect(events.map((e) => e.event)).toEqual(["delta", "done"]);
    expect(events[0]?.data).toEqual({ text: CHAT_REPLIES.integrations });
    expect(doneData(events)).toMatchObject({ success: true, data: { reply: CHAT_REPLIES.integrations } });
  });

  it("analyses intent and suggests quick replies without a model", async () => {
    const intent = await postJson(app, "/api/chat/intent", { message: "My clinic needs help ASAP, this is terrible" });
    expect(await intent.json()).toEqual({
      success: true,
      data: { intent: "support_request", entities: ["Healthcare"], sentiment: "negative", urgency: "high" },
    });
    const quick = await postJson(app, "/api/chat/quick-replies", { message: "hello" });
    expect(await quick.json()).toEqual({ success: true, data: { quickReplies: ["Tell me more", "I'm interested", "Contact me", "Learn more"] } });
    expect((await postJson(app, "/api/chat/intent", { message: "" })).status).toBe(400);
    expect((await postJson(app, "/api/chat/quick-replies", { history: [] })).status).toBe(400);
  });

  it("limits each client address per minute across the chat endpoints", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await postJson(app, "/api/chat", { message: "hi" }, { ip })).status);
    statuses.push((await postJson(app, "/api/chat/intent", { message: "hi" }, { ip })).status);
    statuses.push((await postJson(app, "/api/chat/quick-replies", { message: "hi" }, { ip })).status);
    const refused = await postJson(app, "/api/chat", { message: "hi" }, { ip });
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, message: "Too many messages. Please wait a moment and try again." });
    // Another address is not affected.
    expect((await postJson(app, "/api/chat", { message: "hi" })).status).toBe(200);
  });
});
