/**
 * Issue 39, item 11, on SQLite and PostgreSQL: what one client address may cost the help chat.
 * - The studio's question list could be flooded (one address asking hundreds of made-up questions pushed the real
 *   ones out): an address's questions are kept up to QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY a day; past that it is
 *   still answered, and another address's question is kept.
 * - The language model's daily cap was global (one address could use the day's calls): each address has its share
 *   (LLM_DAILY_CAP_PER_ADDRESS); past it that address is answered locally and spends none of the site's cap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_REPLIES } from "../../shared/content/chat";
import { createApp } from "../../server/app";
import { QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY } from "../../server/services/chat/limits";
import { questionGroups } from "../../server/services/chat/questions";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { DEFAULT_MODEL_REPLY, type LlmServer, startLlmServer } from "../helpers/llm-server";
import { postJson } from "./chat-helpers";

const KEY = "sk-test-limits-0a1b2c3d4e";

describe.each(testDatabaseKinds())("the chat's per-address limits on %s", (kind) => {
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

  const reply = async (res: Response) => ((await res.json()) as { data: { reply: string; answerId?: string } }).data;

  it("one address floods the question log: only its daily share is kept, it is still answered, and a real visitor's question is kept", async () => {
    const deps = testDeps(t.db, { TRUST_PROXY: "true", CHAT_RATE_LIMIT_PER_MINUTE: "1000" });
    const app = await createApp({ deps });
    const flooder = "198.51.100.66";
    let answered = 0;
    let rated = 0;
    for (let i = 0; i < QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY + 15; i++) {
      const res = await postJson(app, "/api/chat", { message: `buy cheap watches number ${i} now` }, { ip: flooder });
      expect(res.status).toBe(200);
      const data = await reply(res);
      if (data.reply) answered++;
      if (data.answerId) rated++;
    }
    expect(answered).toBe(QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY + 15);
    // Only the kept answers can be rated.
    expect(rated).toBe(QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY);
    const stored = await t.db.kysely.selectFrom("chat_questions").select((eb) => eb.fn.countAll<number>().as("n")).where("question", "like", "buy cheap watches%").executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY);

    const real = await reply(await postJson(app, "/api/chat", { message: "Do you have a kit for dental clinics?" }, { ip: "203.0.113.21" }));
    expect(real.answerId).toEqual(expect.any(String));
    const groups = await questionGroups(deps);
    expect(groups.groups.map((g) => g.question)).toContain("Do you have a kit for dental clinics?");
    // The log's limit keeps no address (its key holds a hash of it).
    const keys = (await t.db.kysely.selectFrom("rate_limits").select("key").where("key", "like", "chat:log:%").execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(" ")).not.toContain(flooder);
  });

  it("one address past its share of the model is answered locally and spends none of the site's cap; another still gets the model", async () => {
    const deps = testDeps(t.db, { TRUST_PROXY: "true", LLM_API_KEY: KEY, LLM_BASE_URL: llm.url, LLM_DAILY_CAP: "4", LLM_DAILY_CAP_PER_ADDRESS: "2" });
    const app = await createApp({ deps });
    llm.requests.length = 0;
    const heavy = "198.51.100.77";
    const replies: string[] = [];
    for (let i = 0; i < 5; i++) replies.push((await reply(await postJson(app, "/api/chat", { message: "anything about AI?" }, { ip: heavy }))).reply);
    expect(replies).toEqual([DEFAULT_MODEL_REPLY, DEFAULT_MODEL_REPLY, CHAT_REPLIES.ai, CHAT_REPLIES.ai, CHAT_REPLIES.ai]);
    // The intent and quick-reply endpoints share the address's share.
    expect((await postJson(app, "/api/chat/intent", { message: "anything about AI?" }, { ip: heavy })).status).toBe(200);
    expect(llm.requests).toHaveLength(2);
    expect(deps.logs.text).toMatch(/used its daily share of the language model/);

    // Two more addresses get the model: the site's cap (4) had only the heavy address's two calls in it.
    expect((await reply(await postJson(app, "/api/chat", { message: "anything about AI?" }, { ip: "203.0.113.31" }))).reply).toBe(DEFAULT_MODEL_REPLY);
    expect((await reply(await postJson(app, "/api/chat", { message: "anything about AI?" }, { ip: "203.0.113.32" }))).reply).toBe(DEFAULT_MODEL_REPLY);
    expect(llm.requests).toHaveLength(4);
    // And then the site's cap holds for everyone.
    expect((await reply(await postJson(app, "/api/chat", { message: "anything about AI?" }, { ip: "203.0.113.33" }))).reply).toBe(CHAT_REPLIES.ai);
    expect(llm.requests).toHaveLength(4);
  });
});
