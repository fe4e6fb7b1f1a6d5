/**
 * The help assistant in Hindi (issue 33, decision 0033): which language answers, the Hindi copy and FAQ as published,
 * citations at /hi addresses, the hand-over's Hindi line per the owner's setting, the chat API's `locale`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_REPLIES } from "../../../shared/content/chat";
import { FAQ } from "../../../shared/content/faq";
import { ASSISTANT_DEFAULTS_HI } from "../../../shared/content/hi/assistant";
import { CHAT_REPLIES_HI, PHONE_HOURS_HI } from "../../../shared/content/hi/chat";
import { FAQ_HI } from "../../../shared/content/hi/faq";
import { FAQ_DOC } from "../../../shared/copy/faq";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/databases";
import { testConfig, testDeps } from "../../../tests/helpers/deps";
import { staffWithSession } from "../../../tests/helpers/studio-staff";
import { postJson } from "../../../tests/integration/chat-helpers";
import { createApp } from "../../app";
import { subscribeDomainEvents } from "../../subscribers";
import { seedSampleBlogs } from "../blog/posts";
import { copyEditorState } from "../content/copy-editor";
import { publishDraft, saveDraft } from "../content/drafts";
import { saveSettings } from "../content/settings";
import type { StaffActor } from "../audit";
import { answerLocale, answerLocally } from "./answer";
import { languageInstruction } from "./llm";
import { buildMessages } from "./service";
import { detectLanguage, plainDevanagari, translateHindi } from "./text";

let t: TestDatabase;
const env = { WHATSAPP_NUMBER: "919876543210", COMPANY_PHONE: "+91 98765 43210", COMPANY_EMAIL: "hello@example.com" };
const config = testConfig(env);
const deps = () => ({ db: t.db, config });
const faqAnswer = (id: string, list: ReadonlyArray<{ id: string; answer: string }> = FAQ_HI) => list.find((f) => f.id === id)!.answer;
const DEVANAGARI_WORD = /[\u0900-\u097f]{2,}/u;

beforeAll(async () => {
  // As the server does at start: the samples seeded here are indexed as they are written.
  subscribeDomainEvents();
  t = await createTestDatabase("sqlite");
  await seedSampleBlogs(deps() as never);
});
afterAll(async () => {
  await t.drop();
});

describe("the language of the answer", () => {
  it("is Hindi for Devanagari anywhere, else the page's language", () => {
    expect(answerLocale(detectLanguage("कीमत क्या है?"), "en")).toBe("hi");
    expect(answerLocale(detectLanguage("कीमत क्या है?"), "hi")).toBe("hi");
    expect(answerLocale(detectLanguage("kitna kharcha hoga?"), "hi")).toBe("hi");
    expect(answerLocale(detectLanguage("kitna kharcha hoga?"), "en")).toBe("en");
    expect(answerLocale(detectLanguage("What does it cost?"), "hi")).toBe("hi");
    expect(answerLocale(detectLanguage("What does it cost?"))).toBe("en");
  });

  it("answers a Devanagari question on the English page in Hindi, citing the Hindi FAQ", async () => {
    const answer = await answerLocally(deps(), "कीमत क्या है?", undefined, { locale: "en", page: "/ai-help" });
    expect(answer).toMatchObject({ language: "hi", locale: "hi", handover: false });
    expect(answer.reply).toBe(CHAT_REPLIES_HI.pricing);
    expect(answer.sources).toEqual([expect.objectContaining({ url: "/hi#faq-pricing", label: `FAQ: ${FAQ_HI.find((f) => f.id === "pricing")!.question}` })]);
  });

  it("answers Hinglish in Hindi on /hi and in English (with the offer of Hindi) on the English page", async () => {
    const hindi = await answerLocally(deps(), "kitna kharcha hoga?", undefined, { locale: "hi", page: "/hi/ai-help" });
    expect(hindi.reply).toBe(CHAT_REPLIES_HI.pricing);
    expect(hindi.sources.map((s) => s.url)).toEqual(["/hi#faq-pricing"]);
    const english = await answerLocally(deps(), "kitna kharcha hoga?", undefined, { locale: "en" });
    expect(english.locale).toBe("en");
    expect(english.reply.startsWith(CHAT_REPLIES.pricing)).toBe(true);
    expect(english.sources.map((s) => s.url)).toEqual(["/#faq-pricing"]);
  });

  it("answers an English question asked on /hi in Hindi", async () => {
    const answer = await answerLocally(deps(), "Where are you based?", undefined, { locale: "hi" });
    expect(answer.reply).toBe(faqAnswer("location"));
    expect(answer.sources.map((s) => s.url)).toEqual(["/hi#faq-location"]);
  });
});

describe("reading Hindi", () => {
  it("reads a word with or without its nukta, and plural endings", () => {
    expect(plainDevanagari("ऑफ़िस")).toBe(plainDevanagari("ऑफिस"));
    expect(translateHindi("रिफ़ंड").trim()).toBe("refund");
    expect(translateHindi("रिफंड").trim()).toBe("refund");
    expect(translateHindi("क्लिनिकों").trim()).toBe("clinic");
  });

  it("quotes the Hindi FAQ entry of the passage found", async () => {
    for (const [question, id] of [
      ["आपका ऑफ़िस कहाँ है?", "location"],
      ["रिफ़ंड मिलेगा?", "refunds"],
      ["मेरा WhatsApp नंबर ब्लॉक तो नहीं होगा?", "whatsapp-rules"],
    ] as const) {
      const answer = await answerLocally(deps(), question, undefined, { locale: "hi" });
      expect(answer.reply, question).toBe(faqAnswer(id));
      expect(answer.sources[0]?.url, question).toBe(`/hi#faq-${id}`);
    }
  });

  it("answers each part of a question joined by aur, in order", async () => {
    const answer = await answerLocally(deps(), "कीमत क्या है और सेटअप में कितना समय लगेगा?", undefined, { locale: "hi" });
    expect(answer.reply).toContain("$29");
    expect(answer.reply).toContain("72 घंटे");
    expect(answer.reply.indexOf("$29")).toBeLessThan(answer.reply.indexOf("72 घंटे"));
  });

  it("reads a follow-up with the previous Hindi question", async () => {
    const answer = await answerLocally(deps(), "और एंटरप्राइज़ का?", undefined, {
      locale: "hi",
      history: [
        { role: "user", content: "कीमत क्या है" },
        { role: "assistant", content: "हमारे प्लान: फ़्री $0, प्रोफ़ेशनल $29 महीना।" },
      ],
    });
    expect(answer.reply).toContain("आपकी ज़रूरत के हिसाब से कीमत");
  });

  it("gives a kit's Hindi reply, and the Hindi no-kit reply with a person for an industry without one", async () => {
    const salon = await answerLocally(deps(), "मेरा सैलून है, क्या आपके पास कुछ है?", undefined, { locale: "hi" });
    expect(salon.reply).toBe(ASSISTANT_DEFAULTS_HI.kits[5]!.reply);
    expect(salon.sources.map((s) => s.url)).toContain("/hi#faq-industries");
    const restaurant = await answerLocally(deps(), "रेस्टोरेंट के लिए किट है?", undefined, { locale: "hi" });
    expect(restaurant.handover).toBe(true);
    expect(restaurant.reply).toContain("रेस्टोरेंट के लिए अभी हमारी कोई ख़ास किट नहीं बनी है");
    expect(restaurant.reply).toContain("https://wa.me/919876543210?text=");
  });

  it("keeps a post's English text under its /hi link, and says which parts were English", async () => {
    const answer = await answerLocally(deps(), "How do I qualify a lead without interrogating them?", undefined, { locale: "hi" });
    expect(answer.reply).toContain("Step 2: qualify without interrogating");
    expect(answer.untranslated.some((ref) => ref.startsWith("post:"))).toBe(true);
    expect(answer.sources[0]!.url).toMatch(/^\/hi\/blog\/[a-z0-9-]+$/);
    expect(answer.sources[0]!.label.startsWith("हमारे ब्लॉग से: ")).toBe(true);
  });
});

describe("the hand-over in Hindi", () => {
  it("says no Hindi-speaking person is available by default, with the Hindi lines and the phone's hours in Hindi", async () => {
    const answer = await answerLocally(deps(), "मुझे किसी इंसान से बात करनी है", undefined, { locale: "hi", page: "/hi/ai-help" });
    const h = ASSISTANT_DEFAULTS_HI.handover;
    expect(answer.handover).toBe(true);
    expect(answer.reply.split("\n").slice(0, 2)).toEqual([h.humanAsked, h.noHindiPerson]);
    expect(answer.reply).not.toContain(h.hindiPerson);
    expect(answer.reply).toContain(`+91 98765 43210 (${PHONE_HOURS_HI})`);
    expect(answer.reply).toContain("[संपर्क पेज](/hi/contact)");
    const link = /\((https:\/\/wa\.me\/919876543210\?text=[^)\s]+)\)/.exec(answer.reply)![1]!;
    expect(decodeURIComponent(new URL(link).searchParams.get("text")!)).toBe('नमस्ते, मैंने Wise Parrot असिस्टेंट से पूछा: "मुझे किसी इंसान से बात करनी है" (/hi/ai-help पर)');
  });

  it("says a Hindi-speaking person is available once the owner's setting is on", async () => {
    const d = testDeps(t.db, env);
    const o = await staffWithSession(d, "hindi-owner@example.com", "owner");
    const owner: StaffActor = { userId: o.userId, label: o.email, clientIp: "203.0.113.9", access: "owner" };
    await expect(saveSettings(d, { hindiHandover: "sometimes" }, owner)).rejects.toThrow();
    await saveSettings(d, { hindiHandover: "on" }, owner);
    const answer = await answerLocally(d, "koi agent se baat karwa do", undefined, { locale: "hi" });
    expect(answer.reply).toContain(ASSISTANT_DEFAULTS_HI.handover.hindiPerson);
    expect(answer.reply).not.toContain(ASSISTANT_DEFAULTS_HI.handover.noHindiPerson);
    // The English answer is unchanged by the setting.
    const english = await answerLocally(d, "talk to a human", undefined, { locale: "en" });
    expect(english.reply).not.toMatch(DEVANAGARI_WORD);
    await saveSettings(d, { hindiHandover: "" }, owner);
  });
});

describe("the owner's Hindi copy", () => {
  it("quotes the owner's published Hindi FAQ answer, and the English where the English changed without a Hindi", async () => {
    const d = testDeps(t.db, env);
    const o = await staffWithSession(d, "hindi-editor@example.com", "owner");
    const owner: StaffActor = { userId: o.userId, label: o.email, clientIp: "203.0.113.10", access: "owner" };
    // The English refund answer changes and has no Hindi yet: the Hindi answer shows the English (never an old translation).
    const en = await copyEditorState(d, FAQ_DOC, "en");
    const changed = FAQ_DOC.defaults("en").entries.map((e, i) => (FAQ[i]!.id === "refunds" ? { ...e, answer: "Refunds within 14 days of the purchase, by e-mail." } : e));
    await saveDraft(d, FAQ_DOC, "en", { ...FAQ_DOC.defaults("en"), entries: changed }, { liveVersion: en.liveVersion, draftRevision: 0 }, owner);
    await publishDraft(d, FAQ_DOC, "en", { liveVersion: en.liveVersion, draftRevision: 1 }, owner);
    const refund = await answerLocally(d, "refund policy kya hai?", undefined, { locale: "hi" });
    expect(refund.reply).toBe("Refunds within 14 days of the purchase, by e-mail.");
    expect(refund.sources[0]?.url).toBe("/hi#faq-refunds");

    // The owner's own Hindi, once published, is what the assistant quotes.
    const hi = await copyEditorState(d, FAQ_DOC, "hi");
    const entries = FAQ_DOC.defaults("hi").entries.map((e, i) => (FAQ[i]!.id === "location" ? { ...e, answer: "हमारा दफ़्तर पुणे में है, और हम पूरे भारत में काम करते हैं।" } : e));
    await saveDraft(d, FAQ_DOC, "hi", { ...FAQ_DOC.defaults("hi"), entries }, { liveVersion: hi.liveVersion, draftRevision: 0 }, owner);
    await publishDraft(d, FAQ_DOC, "hi", { liveVersion: hi.liveVersion, draftRevision: 1 }, owner);
    const answer = await answerLocally(d, "आपका ऑफ़िस कहाँ है?", undefined, { locale: "hi" });
    expect(answer.reply).toBe("हमारा दफ़्तर पुणे में है, और हम पूरे भारत में काम करते हैं।");
    expect(answer.sources[0]?.url).toBe("/hi#faq-location");
  });
});

describe("the chat API and the language model's prompt", () => {
  it("validates the page's language and answers in it", async () => {
    const app = await createApp({ deps: testDeps(t.db, env) });
    const bad = await postJson(app, "/api/chat", { message: "price?", locale: "fr" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("locale must be one of: en, hi");
    const hindi = await postJson(app, "/api/chat", { message: "What does it cost?", locale: "hi" });
    const body = (await hindi.json()) as { data: { reply: string; sources: { url: string }[]; quickReplies: string[] } };
    expect(body.data.reply).toBe(CHAT_REPLIES_HI.pricing);
    expect(body.data.sources[0]?.url).toBe("/hi#faq-pricing");
    expect(body.data.quickReplies.every((r) => DEVANAGARI_WORD.test(r))).toBe(true);
    // Without `locale`, the page's address says it.
    const byPage = (await (await postJson(app, "/api/chat", { message: "What does it cost?", page: "/hi/ai-help" })).json()) as { data: { reply: string } };
    expect(byPage.data.reply).toBe(CHAT_REPLIES_HI.pricing);
    const english = (await (await postJson(app, "/api/chat", { message: "What does it cost?", page: "/ai-help" })).json()) as { data: { reply: string } };
    expect(english.data.reply).toBe(CHAT_REPLIES.pricing);
  });

  it("tells the model to answer in Hindi in Devanagari, with the Hindi sources", () => {
    expect(languageInstruction("hinglish", "hi")).toContain("Answer in natural, warm Hindi written in Devanagari");
    expect(languageInstruction("en")).toBe(
      "The visitor writes in English. Answer in English; keep prices, plan names, numbers, e-mail addresses, phone numbers and links exactly as given.",
    );
    const messages = buildMessages("kitna kharcha?", [], undefined, [{ label: "FAQ: इसकी कीमत कितनी है?", url: "/hi#faq-pricing", ref: "faq:pricing", heading: "इसकी कीमत कितनी है?", body: faqAnswer("pricing") }], {
      contact: { email: "hello@example.com", phone: "+91 98765 43210", whatsappNumber: "919876543210", address: "Pune" },
      language: "hinglish",
      answerIn: "hi",
    });
    expect(messages[0]!.content).toContain("[1] FAQ: इसकी कीमत कितनी है? (/hi#faq-pricing)");
    expect(messages[0]!.content).toContain("Devanagari");
  });
});
