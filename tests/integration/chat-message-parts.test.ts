/**
 * A message's parts (issue 43, decision 0058), on SQLite and PostgreSQL, through the chat service: a part is a
 * question of its own only when it asks one. A fragment that leans on the question before it is answered by that
 * answer (never "I'm not sure" after a complete answer); a statement before a question is its context; chat
 * shorthand, price words and numbered lists are read as meant; a competitor's price gets our prices and a hand-over.
 */
import { describe, expect, it } from "vitest";
import { CHAT_REPLIES } from "../../shared/content/chat";
import { ASSISTANT_DOC } from "../../shared/copy/assistant";
import { messageParts } from "../../server/services/chat/split";
import { chatSite } from "../helpers/chat-site";
import { testDatabaseKinds } from "../helpers/databases";

const NOT_SURE = ASSISTANT_DOC.defaults("en").handover.notSure;
const PRICES = CHAT_REPLIES.pricing.split("\n")[0]!;

describe("a message's parts", () => {
  it("marks a statement that asks nothing, and splits shorthand and numbered lists into questions", () => {
    expect(messageParts("I signed up 3 weeks ago and it keeps failing. Can I get a refund?")).toEqual([
      { text: "I signed up 3 weeks ago and it keeps failing.", statement: true },
      { text: "Can I get a refund", statement: false },
    ]);
    expect(messageParts("how many hours to go live n r there any fees").map((p) => p.text)).toEqual(["how many hours to go live", "are there any fees"]);
    expect(messageParts("1) what is in a kit 2) do you have a free plan").map((p) => p.text)).toEqual(["what is in a kit", "do you have a free plan"]);
    // A request is a question too.
    expect(messageParts("Tell me your prices.")[0]).toMatchObject({ statement: false });
  });
});

describe.each(testDatabaseKinds())("the assistant reads a message's parts on %s", (kind) => {
  const { ask } = chatSite(kind);

  it.each([
    "What is your lowest plan, and what are its limits?",
    "Tell me the Enterprise price and what comes with it",
    "How much is the Professional plan? And what do I get with it?",
  ])("a fragment that refers back is part of the answer before it, never 'not sure' after it: %s", async (message) => {
    const result = await ask(message);
    expect(result.reply).toContain(PRICES);
    expect(result.reply).not.toContain(NOT_SURE);
    expect(result.handover).toBe(false);
    // Not a passage found by the fragment's own words (the refund terms' "Time limit").
    expect(result.reply).not.toContain("**Time limit**");
  });

  it("a fragment with no words of its own after an answer adds nothing and hands nothing over", async () => {
    const result = await ask("Can I get a refund, and how would I ask?");
    expect(result.reply).toContain("support ticket");
    expect(result.handover).toBe(false);
  });

  it("a statement before a question is its context, not a question handed over", async () => {
    const result = await ask("I bought the Professional plan last month but the bot keeps failing. Can I get my money back?");
    expect(result.reply).toContain("support ticket");
    expect(result.reply).not.toContain(PRICES);
    expect(result.handover).toBe(false);
    const changed = await ask("We used the service for 40 days and simply changed our minds. Is a refund possible?");
    expect(changed.reply).toContain("30 days");
    expect(changed.handover).toBe(false);
  });

  it.each([
    ["how much is it per month for a small shop like mine?", PRICES],
    ["hw much is the pro plan per mnth", PRICES],
    ["Which plan is cheaper for a small team?", PRICES],
  ])("a price question with words of the visitor's own situation is answered, not handed over: %s", async (message, expected) => {
    const result = await ask(message);
    expect(result.reply).toContain(expected);
    expect(result.handover).toBe(false);
  });

  it("shorthand joins are split: both parts answered", async () => {
    const result = await ask("how mny hours to go live n r there any setup fees");
    expect(result.reply).toContain("72 hours");
    expect(result.reply).toContain("no setup fees");
    expect(result.handover).toBe(false);
  });

  it("a numbered list's questions are each answered", async () => {
    const result = await ask("1) what is inside the kit 2) is there a free plan");
    expect(result.reply).toMatch(/nurturing scripts/i);
    expect(result.reply).toContain("$0");
  });

  it("a competitor's price: our prices, and the comparison to a person", async () => {
    const result = await ask("Is Interakt cheaper than Wise Parrot?");
    expect(result.reply).toContain(PRICES);
    expect(result.handover).toBe(true);
    expect(result.reply).toMatch(/https:\/\/wa\.me\/919812345678\?text=/);
  });

  it("a refund question about software that does not work finds the refund terms", async () => {
    const result = await ask("Will I get my money back if the software does not work properly?");
    expect(result.reply).toContain("cannot easily be fixed");
    expect(result.handover).toBe(false);
  });

  it("a follow-up asking to pay extra for the setup is the setup fee", async () => {
    const result = await ask("How long does it take to go live?", "Is there anything extra to pay for that setup?");
    expect(result.reply).toContain("no setup fees");
    expect(result.handover).toBe(false);
  });

  it("'try it free' is a trial the site does not offer: handed over", async () => {
    const result = await ask("can i try the professional plan free for a week?");
    expect(result.handover).toBe(true);
  });
});
