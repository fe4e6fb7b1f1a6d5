/**
 * Round eight's development failures as general cases (issue 43), through the chat service on SQLite and PostgreSQL:
 * words written without their vowels ("hw mch 4 pro pln", "limt"), a comparison asked as "pick you over", the brief's
 * questions and changing it after it is sent, the comparison table quoted to its last row, the 1 ₹ of a demo asked
 * back (moving or cancelling the demo answered, the money handed over), and a part of a message that asks of
 * something new is never folded into the answer before it. And round nine's: "the paid one" is a plan (not the paid
 * ads), what only the plans hold asked after them is about them, hedges and texting ("roughly", "40 ppl", "on fone on
 * sundy") name nothing the site lacks.
 */
import { describe, expect, it } from "vitest";
import { COMPARISON } from "../../shared/content/home";
import { ONBOARDING_PAGE } from "../../shared/content/onboarding";
import { ASSISTANT_DOC } from "../../shared/copy/assistant";
import { VOCABULARY } from "../../server/services/chat/knowledge";
import { chatSite, prefilledText } from "../helpers/chat-site";
import { testDatabaseKinds } from "../helpers/databases";

const NOT_SURE = ASSISTANT_DOC.defaults("en").handover.notSure;

describe("spelling without vowels", () => {
  it.each([
    ["rply", "reply"],
    ["limt", "limit"],
    ["prce", "price"],
    ["cmpny", "company"],
  ])("reads %s as %s", (typed, meant) => {
    expect(VOCABULARY.correct(typed)).toBe(meant);
  });

  it.each(["gst", "upi", "zoho", "tally", "wati"])("leaves a word it cannot place as written: %s", (word) => {
    expect(VOCABULARY.correct(word)).toBe(word);
  });
});

describe.each(testDatabaseKinds())("round eight's cases on %s", (kind) => {
  const { ask } = chatSite(kind);

  it.each([
    ["hw mch 4 pro pln", "$29"],
    ["file size limt for brochure upload", "10 MB"],
  ])("answers a typed-fast question without a hand-over: %s", async (message, fact) => {
    const result = await ask(message);
    expect(result.reply).toContain(fact);
    expect(result.handover, result.reply).toBe(false);
  });

  it("answers 'why pick you over WATI' with the whole comparison, down to its last row", async () => {
    const result = await ask("why should i pick you over WATI");
    expect(result.handover, result.reply).toBe(false);
    for (const row of COMPARISON.rows) expect(result.reply).toContain(row.feature);
  });

  it("still reads 'pick a slot' as a demo's slot, not a comparison", async () => {
    const result = await ask("if i pick slot how long do you hold it before payment");
    expect(result.reply).not.toContain(COMPARISON.heading);
  });

  it("says what the brief asks for, and that it can be changed until setup starts", async () => {
    const asks = await ask("what info do you need from me to train the thing");
    expect(asks.handover, asks.reply).toBe(false);
    expect(asks.reply).toContain(ONBOARDING_PAGE.steps[1]!);
    const change = await ask("can i change my brief after i hit submit");
    expect(change.handover, change.reply).toBe(false);
    expect(change.reply).toContain("until setup starts");
  });

  it.each([
    "paid the 1 rupee for the demo but cant attend anymore. do i get it back",
    "will my 1 rs be refunded if i cancel the demo",
  ])("answers how to move or cancel a demo and hands its 1 ₹ to a person: %s", async (message) => {
    const result = await ask(message);
    expect(result.reply).toMatch(/cancel/i);
    expect(result.handover, result.reply).toBe(true);
    expect(result.reply).toContain(NOT_SURE);
    expect(result.reply).not.toContain("Refunds are given when");
  });

  it("hands over the part of a message that asks of something new, after answering the rest", async () => {
    const result = await ask("does the bot book appointments, send reminders, and can it collect payment from my customers too?");
    expect(result.reply).toMatch(/remind/i);
    expect(result.handover, result.reply).toBe(true);
    expect(prefilledText(result.reply)).toContain("collect payment");
  });

  it("still folds a part pointing back at the answer into it: 'and what are its limits?'", async () => {
    const result = await ask("which is your cheapest paid plan and what are its limits?");
    expect(result.reply).toContain("$29");
    expect(result.handover, result.reply).toBe(false);
  });

  it("reads 'the paid one' as a plan, not the paid ads", async () => {
    const result = await ask("ok so whats the monthly for the paid one");
    expect(result.reply).toContain("$29");
    expect(result.reply).not.toContain("Paid ads");
  });

  it("answers what only the plans hold, asked after them, from the plans", async () => {
    const result = await ask("what plans do you have", "the cheaper paid one, how many workflows?");
    expect(result.reply).toContain("unlimited workflows");
    expect(result.reply).not.toContain(COMPARISON.heading);
    expect(result.handover, result.reply).toBe(false);
  });

  it.each([
    ["whats enterprise cost roughly, we're about 40 ppl", "custom pricing"],
    ["cn i tlk 2 sum1 on fone on sundy", "Mon-Fri"],
  ])("reads hedges and texting as asking nothing the site lacks: %s", async (message, fact) => {
    const result = await ask(message);
    expect(result.reply).toContain(fact);
    expect(result.reply).not.toContain(NOT_SURE);
  });
});
