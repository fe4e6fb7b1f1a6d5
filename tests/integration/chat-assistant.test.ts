/**
 * The local help assistant resolves what visitors ask and hands the rest to a person (issue 29, decision 0028), on
 * SQLite and PostgreSQL: hand-overs with a working WhatsApp link prefilled with the question, follow-ups, several
 * questions in one message, Devanagari Hindi, industry answers from the site's kits with their sources, the FAQ as
 * published and the assistant's own words as the owner edits them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_MENU, CHAT_REPLIES } from "../../shared/content/chat";
import { AUDIENCE, AVAILABLE_FOR, KIT, TESTIMONIALS } from "../../shared/content/home";
import { ASSISTANT_DOC } from "../../shared/copy/assistant";
import { FAQ_DOC } from "../../shared/copy/faq";
import { createApp } from "../../server/app";
import { COMMAND_LINE } from "../../server/services/audit";
import { answerLocally } from "../../server/services/chat/answer";
import { faqEntryUse } from "../../server/services/chat/questions";
import { answerChat } from "../../server/services/chat/service";
import { COPY_PREFIX } from "../../server/services/content/copy";
import { saveSettings } from "../../server/services/content/settings";
import { saveContent } from "../../server/services/content/store";
import { grantAccess } from "../../server/services/staff/access";
import type { StaffActor } from "../../server/services/audit";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { postJson } from "./chat-helpers";
import { markAddressVerified } from "../helpers/verified";

const NUMBER = "919812345678";

/** The WhatsApp links of a reply, parsed: each must be a wa.me chat with the site's number and a message. */
function whatsappLinks(reply: string): URL[] {
  return [...reply.matchAll(/\]\((https:\/\/wa\.me\/[^)\s]+)\)/g)].map((m) => new URL(m[1]!));
}

function expectHandover(reply: string, question: string, number = NUMBER) {
  const links = whatsappLinks(reply);
  expect(links.length, reply).toBeGreaterThan(0);
  const link = links[0]!;
  expect(link.hostname).toBe("wa.me");
  expect(link.pathname).toBe(`/${number}`);
  expect(link.searchParams.get("text")).toContain(question);
}

describe.each(testDatabaseKinds())("the help assistant on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let owner: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { WHATSAPP_NUMBER: NUMBER, COMPANY_PHONE: "+91 98123 45678", COMPANY_EMAIL: "team@example.com" });
    await markAddressVerified(t.db, "assistant-owner@example.com");
    const granted = await grantAccess(deps, "assistant-owner@example.com", "owner", COMMAND_LINE);
    owner = { ...COMMAND_LINE, userId: granted.userId, label: "assistant-owner@example.com", access: "owner" };
  });
  afterAll(async () => {
    await t.drop();
  });

  const ask = (message: string, history: { role: "user" | "assistant"; content: string }[] = [], page?: string) =>
    answerLocally(deps, message, undefined, { history, ...(page ? { page } : {}) });

  it.each([
    ["I want to talk to a human", "en"],
    ["yeh bot bekar hai, mujhe kisi insaan se baat karni hai", "hinglish"],
    ["please call me back", "en"],
  ])("a visitor asking for a person gets one at once: %s", async (message, language) => {
    const answer = await ask(message, [], "/pricing");
    expect(answer).toMatchObject({ handover: true, language });
    expect(answer.reply.startsWith("Of course. Here is how to reach a person on our team:")).toBe(true);
    expectHandover(answer.reply, message);
    expect(whatsappLinks(answer.reply)[0]!.searchParams.get("text")).toContain("(on /pricing)");
    expect(answer.reply).toContain("**Phone**: +91 98123 45678 (Mon-Fri 9AM-6PM IST)");
    expect(answer.reply).toContain("**E-mail**: team@example.com");
    expect(answer.reply).toContain("[contact page](/contact)");
  });

  // Issue 33 (decision 0033): a question in Devanagari is answered in Hindi, the hand-over too.
  it("a visitor asking for a person in Devanagari gets one at once, in Hindi", async () => {
    const message = "\u092e\u0941\u091d\u0947 \u0915\u093f\u0938\u0940 \u0907\u0902\u0938\u093e\u0928 \u0938\u0947 \u092c\u093e\u0924 \u0915\u0930\u0928\u0940 \u0939\u0948";
    const answer = await ask(message, [], "/pricing");
    expect(answer).toMatchObject({ handover: true, language: "hi", locale: "hi" });
    expect(answer.reply.startsWith(ASSISTANT_DOC.defaults("hi").handover.humanAsked)).toBe(true);
    expectHandover(answer.reply, message);
    expect(whatsappLinks(answer.reply)[0]!.searchParams.get("text")).toContain("(/pricing ");
    expect(answer.reply).toContain("+91 98123 45678");
    expect(answer.reply).toContain("team@example.com");
    expect(answer.reply).toContain("](/hi/contact)");
  });

  it.each(["Can I pay by UPI?", "Do you integrate with Tally?", "who is your CEO", "Is it HIPAA compliant?"])(
    "what the site does not say is handed over, never guessed and never the menu: %s",
    async (question) => {
      const answer = await ask(question);
      expect(answer.handover).toBe(true);
      expect(answer.reply).not.toBe(CHAT_MENU);
      expectHandover(answer.reply, question.replace(/\?$/, ""));
    },
  );

  it("every hand-over's link carries the number saved in Settings, at once", async () => {
    await saveSettings(deps, { whatsappNumber: "+44 7700 900123" }, owner);
    const answer = await ask("Can I pay by UPI?");
    expectHandover(answer.reply, "Can I pay by UPI", "447700900123");
    await saveSettings(deps, { whatsappNumber: "" }, owner);
    expectHandover((await ask("Can I pay by UPI?")).reply, "Can I pay by UPI");
  });

  it("a follow-up is read with the previous turn", async () => {
    const history = [
      { role: "user" as const, content: "How much does it cost?" },
      { role: "assistant" as const, content: CHAT_REPLIES.pricing },
    ];
    const followUp = await ask("is that monthly or yearly?", history);
    expect(followUp.handover).toBe(false);
    expect(followUp.reply).toContain("$29 a month");
    // Without the previous turn the same words answer nothing.
    expect((await ask("is that monthly or yearly?")).handover).toBe(true);

    const demo = [
      { role: "user" as const, content: "How do I book a demo?" },
      { role: "assistant" as const, content: CHAT_REPLIES.getting_started },
    ];
    expect((await ask("and how much does it cost?", demo)).reply).toContain("1 \u20b9");
  });

  it("answers each question of a message, in the order asked", async () => {
    const answer = await ask("How much does it cost, how long does setup take, and do you work with clinics?");
    expect(answer.handover).toBe(false);
    const price = answer.reply.indexOf("$29 a month");
    const setup = answer.reply.indexOf("72 hours");
    const clinics = answer.reply.indexOf("Healthcare & Clinics");
    expect(price).toBeGreaterThanOrEqual(0);
    expect(setup).toBeGreaterThan(price);
    expect(clinics).toBeGreaterThan(setup);
  });

  // Issue 33 (decision 0033): understood as before, now answered in Hindi (it was English with an offer of Hindi).
  it("understands a question in Devanagari and answers it in Hindi", async () => {
    const answer = await ask("\u0915\u0940\u092e\u0924 \u0915\u093f\u0924\u0928\u0940 \u0939\u0948?");
    expect(answer).toMatchObject({ language: "hi", locale: "hi", handover: false });
    expect(answer.reply).toBe(ASSISTANT_DOC.defaults("hi").replies.pricing);
    const office = await ask("\u0906\u092a\u0915\u093e \u0911\u092b\u093f\u0938 \u0915\u0939\u093e\u0901 \u0939\u0948?");
    expect(office.reply).toContain("\u092a\u0941\u0923\u0947");
    expect(office.sources[0]?.url).toBe("/hi#faq-location");
  });

  it("an industry answer cites its source and says only what the site says", async () => {
    const answer = await ask("Does it work for real estate agents?");
    expect(answer.sources.map((s) => s.url)).toContain("/");
    expect(answer.sources.map((s) => s.label)).toContain(`Wise Parrot: ${AVAILABLE_FOR.heading}`);
    // Every sentence of the reply is one the home page says (its industry slide, testimonial and kit).
    const slide = AUDIENCE.slides.find((s) => s.industry === "Real Estate")!;
    const said = [slide.after, slide.outcome, TESTIMONIALS.items[0]!.quote, ...KIT.items.map((i) => i.title.toLowerCase())];
    expect(answer.reply).toContain(slide.after);
    expect(answer.reply).toContain(TESTIMONIALS.items[0]!.quote);
    for (const made of ["listings", "test drive", "table booking", "abandoned cart"]) expect(answer.reply.toLowerCase()).not.toContain(made);
    expect(said.every((s) => s.length > 0)).toBe(true);

    // An industry without its own kit gets the general kit and a person, nothing made up.
    const restaurant = await ask("I run a restaurant, can it take table bookings?");
    expect(restaurant.handover).toBe(true);
    expect(restaurant.reply).toContain("We don't have a kit made for restaurant yet.");
    expect(restaurant.reply).toContain(AVAILABLE_FOR.items[0]!);
    expectHandover(restaurant.reply, "I run a restaurant, can it take table bookings");
  });

  it("answers from an FAQ entry as soon as it is published, also when asked in other words", async () => {
    const question = "Do you offer a discount for NGOs?";
    expect((await ask(question)).handover).toBe(true);
    const defaults = FAQ_DOC.defaults("en");
    const entry = {
      question: "Do you have a discount for NGOs and charities?",
      answer: "Registered NGOs and charities get 20% off the Professional plan.",
      also: "",
    };
    await saveContent(deps, [{ key: `${COPY_PREFIX}faq`, locale: "en", value: { ...defaults, entries: [...defaults.entries, entry] } }], owner, {
      action: "copy.publish",
      recordId: "faq",
      detail: "FAQ: one entry added",
    });
    const answered = await ask(question);
    expect(answered.handover).toBe(false);
    expect(answered.reply).toContain("20% off the Professional plan");
    expect(answered.sources[0]).toMatchObject({ url: expect.stringMatching(/^\/#faq-/) });
    const reworded = await ask("is there any discount for a charity?");
    expect(reworded.reply).toContain("20% off the Professional plan");
  });

  it("an owner's answer to a group's wording reaches its rewordings, Hinglish and Hindi, and the studio sees which questions it answered (issues 43, 46)", async () => {
    const paraphrases = ["Is UPI accepted for payment?", "do you take UPI payments", "UPI se payment kar sakte hai?", "\u0915\u094d\u092f\u093e UPI \u0938\u0947 \u092d\u0941\u0917\u0924\u093e\u0928 \u0915\u0930 \u0938\u0915\u0924\u0947 \u0939\u0948\u0902?"];
    for (const q of paraphrases) expect((await ask(q)).handover, q).toBe(true);
    const defaults = FAQ_DOC.defaults("en");
    const entry = { question: "Can I pay with UPI?", answer: "Yes. We take UPI, cards and bank transfers for every plan.", also: "" };
    await saveContent(deps, [{ key: `${COPY_PREFIX}faq`, locale: "en", value: { ...defaults, entries: [...defaults.entries, entry] } }], owner, {
      action: "copy.publish",
      recordId: "faq",
      detail: "FAQ: one entry added",
    });
    for (const [i, q] of paraphrases.entries()) {
      const answered = await answerChat(deps, { message: q, clientIp: `203.0.113.${60 + i}` });
      expect(answered.reply, q).toContain("We take UPI, cards and bank transfers");
      expect(answered.handover, q).toBe(false);
    }
    const use = await faqEntryUse(deps);
    const upi = use.find((u) => u.question === entry.question);
    expect(upi?.count).toBe(paraphrases.length);
    expect(upi?.examples).toEqual(paraphrases.slice().reverse().slice(0, 3));
    // Put the FAQ back as it was for the tests after this one.
    await saveContent(deps, [{ key: `${COPY_PREFIX}faq`, locale: "en", value: defaults }], owner, { action: "copy.publish", recordId: "faq", detail: "FAQ: restored" });
  });

  it("speaks the owner's words: the assistant's replies are a copy document", async () => {
    const defaults = ASSISTANT_DOC.defaults("en");
    const pricing = "Our plans (edited): Free $0, Professional $29 a month.";
    await saveContent(
      deps,
      [{ key: `${COPY_PREFIX}assistant`, locale: "en", value: { ...defaults, replies: { ...defaults.replies, pricing } } }],
      owner,
      { action: "copy.publish", recordId: "assistant", detail: "assistant: pricing reply" },
    );
    expect((await ask("What are your prices?")).reply).toBe(pricing);
  });

  it("the API takes the history and the page, and refuses a page that is not a path", async () => {
    const app = await createApp({ deps });
    const res = await postJson(app, "/api/chat", {
      message: "is that monthly or yearly?",
      history: [
        { role: "user", content: "How much does it cost?" },
        { role: "assistant", content: "Free, Professional and Enterprise." },
      ],
      page: "/ai-help",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { reply: string } }).data.reply).toContain("a month");
    const bad = await postJson(app, "/api/chat", { message: "hi", page: "https://elsewhere.example/" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("page must be a path on this site");
  });
});
