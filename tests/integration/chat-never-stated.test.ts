/**
 * What the site never states though a visitor asks it in the site's own words (issue 43): cancelling a plan (only a
 * demo's cancelling is described), a free trial of so many days, calls by voice, a product the integrations answer
 * does not name. Each goes to a person with the question in the prefilled WhatsApp text, never to the nearest
 * passage; what the site does say is still answered. And follow-ups that name their own subject ("can I move it to
 * Monday?" after the demo) or lean on the previous answer ("aur agar 2 mahine baad maangu?" after the refund terms).
 * SQLite and PostgreSQL, through the chat service and the server's log of the conversation.
 */
import { describe, expect, it } from "vitest";
import { BOOKING_EMAIL } from "../../shared/content/booking";
import { ASSISTANT_DOC } from "../../shared/copy/assistant";
import { chatSite, prefilledText } from "../helpers/chat-site";
import { testDatabaseKinds } from "../helpers/databases";

const NOT_SURE = ASSISTANT_DOC.defaults("en").handover.notSure;

describe.each(testDatabaseKinds())("what the site never states, and follow-ups with a subject of their own, on %s", (kind) => {
  const { ask } = chatSite(kind);
  const prefilled = prefilledText;

  it.each([
    "how do i cancel my professional subscription?",
    "plan cancel kaise kare",
    "can i try it free for 14 days first?",
    "ok so i run a small dental clinic in nashik, my receptionist is always on calls and patients keep messaging on whatsapp at night and nobody answers, i tried a bot before and it was useless. do you do voice calls too, like the bot picks up the phone?",
  ])("hands over, with no plan or contact card as its answer: %s", async (message) => {
    const result = await ask(message);
    expect(result.handover, result.reply).toBe(true);
    expect(result.reply).toContain(NOT_SURE);
    expect(result.reply).not.toContain("$29");
    expect(result.reply).not.toContain("You can reach our team");
    expect(prefilled(result.reply)).toContain(message.slice(-40));
  });

  it("still answers how to cancel a booked demo: the confirmation e-mail's links", async () => {
    const result = await ask("i want to cancel my demo");
    expect(result.handover, result.reply).toBe(false);
    expect(result.reply).toContain(BOOKING_EMAIL.manage);
  });

  it("answers the integrations it names, and hands over a product it does not name, in English and Hindi", async () => {
    const listed = await ask("what integrations do you have?");
    expect(listed.handover, listed.reply).toBe(false);
    expect(listed.reply).toContain("100+");
    for (const message of ["does it connect with google sheets?", "क्या यह Google Sheets से जुड़ता है?", "integration with zoho crm?"]) {
      const result = await ask(message);
      expect(result.reply, message).toContain("100+");
      expect(result.handover, `${message}: ${result.reply}`).toBe(true);
      expect(prefilled(result.reply)).toContain(message.replace(/\?$/, ""));
    }
  });

  it("a follow-up that names its own subject is answered about it, not with the previous answer again", async () => {
    const result = await ask("i booked a demo for friday", "can i move it to monday");
    expect(result.handover, result.reply).toBe(false);
    expect(result.reply).toContain(BOOKING_EMAIL.manage);
    expect(result.reply).not.toContain("Getting started is easy");
  });

  it("a follow-up the previous answer holds is answered by it ('how long to book?' after the demo's price)", async () => {
    const result = await ask("Demo kitne ka hai?", "Aur book karne mein kitna time lagta hai?");
    expect(result.reply).toMatch(/5 minutes|5 मिनट/);
  });

  it("reads Hinglish and chat spellings the site's answers hold: a refund after two months, 'is thr setup fee'", async () => {
    const refund = await ask("refund milta hai kya", "aur agar 2 mahine baad maangu?");
    expect(refund.handover, refund.reply).toBe(false);
    expect(refund.reply).toMatch(/30 days|30 दिन/);
    const fee = await ask("is thr setup fee??");
    expect(fee.handover, fee.reply).toBe(false);
    expect(fee.reply).toContain("no setup fees");
    expect(fee.reply).not.toContain(NOT_SURE);
  });

  it("reads the plans, a demo's hold and move, the brief's files and the hours in visitors' words", async () => {
    const cases: [string[], string][] = [
      [["free vs professional whats the real difference, storage and workflows wise"], "100GB storage"],
      [["wat is d price of ur pro pln"], "$29 a month"],
      [["if i pick slot hw long u hold it b4 paymnt"], "15 minutes"],
      [["booked demo for tmrw 5pm but now i got a meeting, how to shift it"], BOOKING_EMAIL.manage],
      [["demo book karne ke baad time change kar sakte hai kya"], BOOKING_EMAIL.manage],
      [["what files can i upload with my brief, pdf ok? size limit?"], "10 MB"],
      [["can i call you", "what timings?"], "Mon-Fri 9AM-6PM IST"],
      [["whatsapp pe msg karu to kitni der me reply aata hai"], "30 seconds"],
      [["i bought it by mistake, can i get my money back"], "by mistake"],
    ];
    for (const [turns, expected] of cases) {
      const result = await ask(...turns);
      expect(result.reply, turns.join(" / ")).toContain(expected);
      expect(result.handover, `${turns.join(" / ")}: ${result.reply}`).toBe(false);
    }
  });

  it("answers each part: a question after one (also without its question mark), and hands over the part the site does not say", async () => {
    const both = await ask("how do i book a demo and can i change it later");
    expect(both.reply).toContain("Book a demo");
    expect(both.reply).toContain(BOOKING_EMAIL.manage);
    const trailing = await ask("do you make the ads also or only the bot? and in which languages it replies");
    expect(trailing.reply).toMatch(/language/i);
    const trial = await ask("whats the price of enterprise, and do you give free trial of professional?");
    expect(trial.reply).toContain("custom pricing");
    expect(trial.handover).toBe(true);
    expect(prefilled(trial.reply)).toContain("free trial of professional");
  });

  it("asked when a person is there, gives the hours; asked for a demo in person, says it is a video call and hands over", async () => {
    const when = await ask("where r u based, and can i talk to someone on phone on saturday");
    expect(when.reply).toContain("Pune");
    expect(when.reply).toContain("Mon-Fri 9AM-6PM IST");
    expect(when.handover, when.reply).toBe(false);
    // Asked for a person without a time, it is still the hand-over.
    const person = await ask("can i talk to a person");
    expect(person.handover).toBe(true);
    const visit = await ask("where is your office", "can i come there for the demo?");
    expect(visit.reply).toContain("video call");
    expect(visit.handover).toBe(true);
    expect(prefilled(visit.reply)).toContain("can i come there for the demo");
  });
});

