import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_GREETING_REPLY, CHAT_INDUSTRY_REPLIES, CHAT_REPLIES, chatSystemPrompt } from "../../shared/content/chat";
import { createApp } from "../../server/app";
import { FIRST_TOKEN_DEADLINE_MS, usableKey } from "../../server/services/chat/llm";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testConfig, testDeps } from "../helpers/deps";
import { DEFAULT_MODEL_REPLY, type LlmServer, startLlmServer } from "../helpers/llm-server";
import { doneData, postJson, readSse } from "./chat-helpers";

const KEY = "sk-test-9f8e7d6c5b4a-secret";
const TIMEOUT_MS = 400;

describe.each(testDatabaseKinds())("chat API with a language model on %s", (kind) => {
  let t: TestDatabase;
  let llm: LlmServer;
  let app: Awaited<ReturnType<typeof createApp>>;
  /** The same server with a short timeout, for the failure cases (success cases get time to spare on a busy machine). */
  let impatient: Awaited<ReturnType<typeof createApp>>;
  let deps: ReturnType<typeof testDeps>;
  let impatientDeps: ReturnType<typeof testDeps>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    llm = await startLlmServer();
    const env = { TRUST_PROXY: "true", LLM_API_KEY: KEY, LLM_BASE_URL: llm.url, CHAT_RATE_LIMIT_PER_MINUTE: "1000" };
    deps = testDeps(t.db, { ...env, LLM_TIMEOUT_MS: "15000" });
    app = await createApp({ deps });
    impatientDeps = testDeps(t.db, { ...env, LLM_TIMEOUT_MS: String(TIMEOUT_MS) });
    impatient = await createApp({ deps: impatientDeps });
  });
  beforeEach(() => {
    llm.requests.length = 0;
    llm.behave = () => ({ kind: "reply", content: DEFAULT_MODEL_REPLY });
  });
  afterAll(async () => {
    // Nothing the server logged or answered may contain the key.
    for (const d of [deps, impatientDeps]) {
      expect(d.logs.text).not.toContain(KEY);
      expect(d.logs.text).not.toContain("9f8e7d6c5b4a");
    }
    await llm.close();
    await t.drop();
  });

  it("sends the spec's model, parameters, system message, the browser's visitor turns only (never its assistant turns) and the cut message", async () => {
    const history = Array.from({ length: 8 }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: i === 7 ? "y".repeat(1500) : `message ${i}`,
    }));
    const res = await postJson(app, "/api/chat", { message: `${"z".repeat(1200)}`, history, industry: "Healthcare" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { reply: DEFAULT_MODEL_REPLY, truncated: true } });

    expect(llm.requests).toHaveLength(1);
    const { body, headers, path } = llm.requests[0]!;
    expect(path).toBe("/v1/chat/completions");
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(body).toEqual({
      model: "gpt-3.5-turbo",
      max_tokens: 800,
      temperature: 0.3,
      top_p: 0.9,
      frequency_penalty: 0.1,
      presence_penalty: 0.1,
      messages: [
        { role: "system", content: expect.stringContaining(chatSystemPrompt("Healthcare").split("\nPricing")[0]!) },
        // Issue 43: without a conversation the server knows, the browser's assistant turns are never read.
        { role: "user", content: "message 0" },
        { role: "user", content: "message 2" },
        { role: "user", content: "message 4" },
        { role: "user", content: "message 6" },
        { role: "user", content: "z".repeat(1000) },
      ],
    });
    const system = body.messages[0].content as string;
    for (const fact of ["15 hours a week", "80%", "50+", "100+", "$29 a month", "Healthcare"]) expect(system).toContain(fact);
    // Issue 29: the site's current contact details, the visitor's language and the previous turn, always.
    const settings = deps.config.settings;
    for (const fact of [settings.email, settings.phone, settings.whatsappNumber]) expect(system).toContain(fact);
    expect(system).toContain("The visitor writes in English.");
    // The visitor's words never go into the system message.
    expect(system).not.toContain("message 6");
  });

  it("holds the model's streamed reply until it is whole and checked, then sends it once", async () => {
    const pieces = ["Our ", "assistant ", "answers ", "fast."];
    llm.behave = () => ({ kind: "reply", content: pieces.join(""), pieces, pieceDelayMs: 120 });
    const started = performance.now();
    const res = await postJson(app, "/api/chat", { message: "How does the AI chatbot work?" }, { stream: true });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readSse(res);
    expect(llm.requests[0]?.body.stream).toBe(true);
    const deltas = events.filter((e) => e.event === "delta");
    // One piece, the whole checked reply, sent only after the model wrote its last piece (4 pieces 120 ms apart).
    expect(deltas.map((e) => (e.data as { text: string }).text)).toEqual([pieces.join("")]);
    expect(deltas[0]!.at - started).toBeGreaterThan(3 * 120);
    expect(doneData(events).data.reply).toBe("Our assistant answers fast.");
  });

  it("takes a whole answer from a server that ignores the stream request", async () => {
    llm.behave = () => ({ kind: "reply", content: "Whole answer.", ignoreStream: true });
    const events = await readSse(await postJson(app, "/api/chat", { message: "hi" }, { stream: true }));
    expect(events.map((e) => e.event)).toEqual(["delta", "done"]);
    expect(doneData(events).data.reply).toBe("Whole answer.");
  });

  it("stops asking the model when the client goes away mid-stream", async () => {
    llm.behave = () => ({ kind: "reply", content: "x", pieces: Array.from({ length: 40 }, () => "word "), pieceDelayMs: 50 });
    const res = await postJson(app, "/api/chat", { message: "AI?" }, { stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    await expect.poll(() => llm.requests.length).toBe(1);
    const upstream = llm.requests.at(-1)!;
    expect(upstream.closedEarly).toBe(false);
    await reader.cancel();
    await expect.poll(() => upstream.closedEarly, { timeout: 1500 }).toBe(true);
  });

  const failures = [
    ["a 500 answer", () => ({ kind: "status", status: 500 }) as const],
    ["an empty reply", () => ({ kind: "empty" }) as const],
    ["a timeout", () => ({ kind: "hang" }) as const],
  ] as const;

  it.each(failures)("falls back to the local assistant on %s (JSON)", async (_name, behave) => {
    llm.behave = behave;
    const started = performance.now();
    const res = await postJson(impatient, "/api/chat", { message: "What does it cost?" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { reply: string } }).data.reply).toBe(CHAT_REPLIES.pricing);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    expect(llm.requests).toHaveLength(1);
  });

  it.each([
    ...failures,
    ["a stream cut mid-way", () => ({ kind: "broken-stream", pieces: ["Half ", "a repl"] }) as const],
    ["a stream with bad JSON", () => ({ kind: "bad-stream" }) as const],
  ] as const)("falls back to the local assistant on %s (stream)", async (_name, behave) => {
    llm.behave = behave;
    const res = await postJson(impatient, "/api/chat", { message: "hello there" }, { stream: true });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(doneData(events)).toMatchObject({ success: true, data: { reply: CHAT_GREETING_REPLY } });
    expect(events.at(-1)?.event).toBe("done");
  });

  it("falls back to the visitor's industry reply when the model fails on a message no rule matches", async () => {
    llm.behave = () => ({ kind: "status", status: 503 });
    const res = await postJson(impatient, "/api/chat", { message: "Tell me more", industry: "Automotive" });
    expect(((await res.json()) as { data: { reply: string } }).data.reply.startsWith(CHAT_INDUSTRY_REPLIES.Automotive)).toBe(true);
    expect(impatientDeps.logs.text).toMatch(/language model failed \(the language model answered 503\)/);
  });

  it("asks the model for intent with max_tokens 200 and temperature 0.3", async () => {
    llm.behave = () => ({
      kind: "reply",
      content: '```json\n{"intent":"Pricing Inquiry","entities":["Professional"],"sentiment":"positive","urgency":"high"}\n```',
    });
    const res = await postJson(app, "/api/chat/intent", { message: "Love it, price of Professional today?" });
    expect(await res.json()).toEqual({
      success: true,
      data: { intent: "pricing_inquiry", entities: ["Professional"], sentiment: "positive", urgency: "high" },
    });
    const body = llm.requests[0]!.body;
    expect(body).toMatchObject({ model: "gpt-3.5-turbo", max_tokens: 200, temperature: 0.3 });
    expect(body).not.toHaveProperty("top_p");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "Love it, price of Professional today?" });
  });

  it.each([
    ["a 500", () => ({ kind: "status", status: 500 }) as const],
    ["prose", () => ({ kind: "reply", content: "I think they want pricing." }) as const],
    ["a wrong shape", () => ({ kind: "reply", content: '{"intent":"x","sentiment":"furious","urgency":"medium"}' }) as const],
  ])("gives the default intent on %s", async (_name, behave) => {
    llm.behave = behave;
    const res = await postJson(impatient, "/api/chat/intent", { message: "hmm" });
    expect(await res.json()).toEqual({
      success: true,
      data: { intent: "general_inquiry", entities: [], sentiment: "neutral", urgency: "medium" },
    });
  });

  it("asks the model for quick replies with max_tokens 100 and temperature 0.5", async () => {
    llm.behave = () => ({ kind: "reply", content: '["Book a demo", "See pricing", "Talk to sales"]' });
    const res = await postJson(app, "/api/chat/quick-replies", { message: "pricing?", history: [{ role: "user", content: "hi" }] });
    expect(await res.json()).toEqual({ success: true, data: { quickReplies: ["Book a demo", "See pricing", "Talk to sales"] } });
    const body = llm.requests[0]!.body;
    expect(body).toMatchObject({ model: "gpt-3.5-turbo", max_tokens: 100, temperature: 0.5 });
    expect(body.messages.slice(1)).toEqual([
      { role: "user", content: "hi" },
      { role: "user", content: "pricing?" },
    ]);
  });

  it.each([
    ["an empty reply", () => ({ kind: "empty" }) as const],
    ["a timeout", () => ({ kind: "hang" }) as const],
    ["no list", () => ({ kind: "reply", content: "Sure!" }) as const],
  ])("gives the spec's fallback quick replies on %s", async (_name, behave) => {
    llm.behave = behave;
    const res = await postJson(impatient, "/api/chat/quick-replies", { message: "ok" });
    expect(await res.json()).toEqual({ success: true, data: { quickReplies: ["Yes", "No", "More Info", "Contact Support"] } });
  });

  /** The system message of the last model request. */
  const lastSystem = () => llm.requests.at(-1)!.body.messages[0].content as string;

  it("always gives the model the site's contact details and prices, even when search found nothing", async () => {
    const res = await postJson(app, "/api/chat", { message: "Can you help me with my weather station?" });
    expect(res.status).toBe(200);
    const system = lastSystem();
    const settings = deps.config.settings;
    for (const fact of [settings.email, settings.phone, settings.whatsappNumber, "$29 a month", "/contact"]) expect(system).toContain(fact);
  });

  it("names the visitor's language for the model", async () => {
    await postJson(app, "/api/chat", { message: "Refund milega kya agar pasand nahi aaya?" });
    expect(lastSystem()).toContain("The visitor writes in Hinglish");
    await postJson(app, "/api/chat", { message: "\u0915\u0940\u092e\u0924 \u0915\u094d\u092f\u093e \u0939\u0948?" });
    expect(lastSystem()).toContain("The visitor writes in Hindi (in Devanagari script)");
    await postJson(app, "/api/chat", { message: "What does it cost?" });
    expect(lastSystem()).toContain("The visitor writes in English.");
  });

  it("gives a follow-up the previous turn (the server's record of it) and the sources found with it", async () => {
    llm.behave = () => ({ kind: "reply", content: "The Professional plan is $29 a month [1]." });
    const first = await postJson(app, "/api/chat", { message: "How much does the Professional plan cost?" });
    const { conversationId } = ((await first.json()) as { data: { conversationId: string } }).data;
    await postJson(app, "/api/chat", { message: "ok and then?", conversationId });
    const system = lastSystem();
    expect(system).toContain("The visitor's previous question was answered about: pricing");
    expect(llm.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: "user", content: "How much does the Professional plan cost?" },
      { role: "assistant", content: "The Professional plan is $29 a month [1]." },
      { role: "user", content: "ok and then?" },
    ]);
    // The question alone finds nothing; the turn before finds the pricing passages, given as sources.
    expect(system).toMatch(/\[1\] .*\(\/[^)]*\)/);
    await postJson(app, "/api/chat", { message: "ok and then?" });
    expect(lastSystem()).not.toContain("previous question");
    expect(lastSystem()).not.toMatch(/\[1\] .*\(\/[^)]*\)/);
  });

  it("gives up on a provider whose first piece does not come within the deadline, keep-alives or not", async () => {
    // The app's own timeout is 15 s: only the first-token deadline can end this in time.
    llm.behave = () => ({ kind: "reply", content: "Too late [1]", firstDelayMs: 12_000, keepAliveMs: 200 });
    const started = performance.now();
    const res = await postJson(app, "/api/chat", { message: "hello there" }, { stream: true });
    const events = await readSse(res);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(FIRST_TOKEN_DEADLINE_MS - 50);
    expect(took).toBeLessThan(FIRST_TOKEN_DEADLINE_MS + 2500);
    expect(doneData(events).data.reply).toBe(CHAT_GREETING_REPLY);
    const deltas = events.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text);
    expect(deltas).toEqual([CHAT_GREETING_REPLY]);
    await expect.poll(() => llm.requests.at(-1)!.closedEarly).toBe(true);
  });

  it("never streams a reply whose citations fail: the visitor gets only the local answer", async () => {
    const rejected = "Our plans start at **nothing at all** [7] and you can read more here.";
    llm.behave = () => ({ kind: "reply", content: rejected, pieceDelayMs: 20 });
    const res = await postJson(app, "/api/chat", { message: "What does it cost?" }, { stream: true });
    const events = await readSse(res);
    const sent = JSON.stringify(events);
    expect(sent).not.toContain("nothing at all");
    expect(events.filter((e) => e.event === "delta").map((e) => (e.data as { text: string }).text)).toEqual([CHAT_REPLIES.pricing]);
    expect(doneData(events).data.reply).toBe(CHAT_REPLIES.pricing);
  });

  it("logs the model's answer with the question, its language and a rating id", async () => {
    llm.behave = () => ({ kind: "reply", content: "It is **$29 a month** for Professional." });
    const res = await postJson(app, "/api/chat", { message: "Kitna lagta hai professional plan ka?" });
    const { data } = (await res.json()) as { data: { answerId: string } };
    const row = await t.db.kysely.selectFrom("chat_questions").selectAll().where("answer_id", "=", data.answerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ question: "Kitna lagta hai professional plan ka?", answer: "It is **$29 a month** for Professional.", language: "hinglish", topic: "model", rating: null });
  });

  it("never sends the key to the client", async () => {
    const res = await postJson(app, "/api/chat", { message: "What is your API key?" });
    expect(await res.text()).not.toContain(KEY);
  });
});

describe.each(testDatabaseKinds())("language-model limits on %s", (kind) => {
  let t: TestDatabase;
  let llm: LlmServer;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    llm = await startLlmServer();
  });
  afterAll(async () => {
    await llm.close();
    await t.drop();
  });

  it("stops calling the model after the daily cap and answers locally", async () => {
    const deps = testDeps(t.db, { TRUST_PROXY: "true", LLM_API_KEY: KEY, LLM_BASE_URL: llm.url, LLM_DAILY_CAP: "2" });
    const app = await createApp({ deps });
    const replies = [];
    for (let i = 0; i < 3; i++) {
      const res = await postJson(app, "/api/chat", { message: "anything about AI?" });
      replies.push(((await res.json()) as { data: { reply: string } }).data.reply);
    }
    expect(replies).toEqual([DEFAULT_MODEL_REPLY, DEFAULT_MODEL_REPLY, CHAT_REPLIES.ai]);
    expect(llm.requests).toHaveLength(2);
    expect(deps.logs.text).toMatch(/daily language-model cap reached/);
  });

  it("uses a non-'sk-' key with other providers but discards it for api.openai.com", async () => {
    expect(usableKey(testConfig({ LLM_API_KEY: "gsk_local" }))).toBeNull();
    expect(usableKey(testConfig({ LLM_API_KEY: "sk-proj-abc" }))).toBe("sk-proj-abc");
    expect(usableKey(testConfig({ LLM_API_KEY: "gsk_local", LLM_BASE_URL: llm.url }))).toBe("gsk_local");
    expect(usableKey(testConfig({}))).toBeNull();

    const discarded = testDeps(t.db, { TRUST_PROXY: "true", LLM_API_KEY: "not-an-openai-key" });
    const app = await createApp({ deps: discarded });
    const res = await postJson(app, "/api/chat", { message: "weather?" });
    expect(((await res.json()) as { data: { reply: string } }).data.reply).toContain("I'm not sure about that, and I'd rather not guess.");
    expect(discarded.logs.text).toMatch(/is ignored/);
    expect(discarded.logs.text).not.toContain("not-an-openai-key");

    llm.requests.length = 0;
    const other = testDeps(t.db, { TRUST_PROXY: "true", LLM_API_KEY: "gsk_local", LLM_BASE_URL: llm.url });
    const res2 = await postJson(await createApp({ deps: other }), "/api/chat", { message: "weather?" });
    expect(((await res2.json()) as { data: { reply: string } }).data.reply).toBe(DEFAULT_MODEL_REPLY);
    expect(llm.requests[0]?.headers.authorization).toBe("Bearer gsk_local");
  });
});
