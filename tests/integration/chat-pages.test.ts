/**
 * The help assistant answers from the pages' copy as PUBLISHED (issues 28 + 29), on SQLite and PostgreSQL: when the
 * owner publishes a changed home-page kit item, comparison row or contact text, the next question is answered in the
 * new words, never the old ones, and the citation still links to the same page.
 */
import { describe, expect, it } from "vitest";
import { ABOUT_DOC } from "../../shared/copy/about";
import { CONTACT_DOC } from "../../shared/copy/contact";
import { HOME_DOC } from "../../shared/copy/home";
import { TERMS_DOC } from "../../shared/copy/legal";
import { answerLocally } from "../../server/services/chat/answer";
import { COPY_PREFIX } from "../../server/services/content/copy";
import { previewKey, withPreviewDrafts } from "../../server/services/content/preview";
import { saveContent } from "../../server/services/content/store";
import { chatOwnerSite } from "../helpers/chat-site";
import { testDatabaseKinds } from "../helpers/databases";

describe.each(testDatabaseKinds())("the help assistant answers from the published pages on %s", (kind) => {
  const site = chatOwnerSite(kind, "pages-owner@example.com");

  const ask = (message: string) => answerLocally(site.deps(), message);
  const publish = (docId: string, value: unknown) =>
    saveContent(site.deps(), [{ key: `${COPY_PREFIX}${docId}`, locale: "en", value }], site.owner(), { action: "copy.publish", recordId: docId, detail: `test: ${docId}` });

  it("a home-page kit item and comparison row the owner publishes are answered in the new words, not the old", async () => {
    const campaigns = "do you give ready-to-run campaigns?";
    expect((await ask(campaigns)).reply).toContain("Ready-to-run campaigns with copy that speaks to your customers.");
    const autoresponder = "do you have a missed call autoresponder?";
    expect((await ask(autoresponder)).reply).not.toContain("Texts every caller");
    const festival = "do you send festival greetings to past customers?";
    expect((await ask(festival)).reply).not.toContain("festival greetings");

    const home = HOME_DOC.defaults("en");
    const kitItems = home.kit.items.map((item) =>
      item.title === "Paid ads plus creative copy" ? { title: "Missed call autoresponder", text: "Texts every caller you could not pick up within a minute." } : item,
    );
    const rows = [{ feature: "Sends festival greetings to past customers", values: ["yes", "no", "no", "no"] }, ...home.comparison.rows.slice(1)];
    await publish("home", { ...home, kit: { ...home.kit, items: kitItems }, comparison: { ...home.comparison, rows } });

    const after = await ask(autoresponder);
    expect(after.reply).toContain("Texts every caller you could not pick up within a minute.");
    expect(after.reply).not.toContain("Ready-to-run campaigns");
    expect((await ask(campaigns)).reply).not.toContain("Ready-to-run campaigns");
    expect(after.sources[0]).toMatchObject({ url: "/", label: `Wise Parrot: ${home.kit.heading}` });

    const greetings = await ask(festival);
    expect(greetings.handover).toBe(false);
    expect(greetings.reply).toContain("Sends festival greetings to past customers");
    expect(greetings.sources.some((s) => s.url === "/" && s.label === `Wise Parrot: ${home.comparison.heading}`)).toBe(true);
    // The row taken out is no longer quoted.
    expect(greetings.reply).not.toContain("Replies 24x7 in seconds");
  });

  it("a contact channel's changed text is answered at once, citing the contact page", async () => {
    const question = "can I book a zoom session on saturday mornings?";
    expect((await ask(question)).reply).not.toContain("every Saturday morning");
    const contact = CONTACT_DOC.defaults("en");
    const channels = contact.support.channels.map((c) =>
      c.title === "Video Call Support" ? { ...c, description: "Book a Zoom screen-sharing session every Saturday morning for onboarding and training." } : c,
    );
    await publish("contact", { ...contact, support: { ...contact.support, channels } });
    const answer = await ask(question);
    expect(answer.reply).toContain("every Saturday morning");
    expect(answer.sources[0]).toMatchObject({ url: "/contact", label: "Contact: Video Call Support" });
  });

  it("a legal section keeps its anchor in the citation and answers in its published words", async () => {
    const terms = TERMS_DOC.defaults("en");
    const first = terms.sections[0]!;
    const changed = { ...first, paragraphs: ["Accounts are reviewed by a compliance officer in Pune every quarter."] };
    await publish("legal.terms", { ...terms, sections: [changed, ...terms.sections.slice(1)] });
    const answer = await ask("who reviews accounts every quarter?");
    expect(answer.reply).toContain("compliance officer in Pune");
    expect(answer.sources[0]).toMatchObject({ url: `/terms#${first.anchor}` });
  });

  it("a question asked in a staff member's preview never puts the draft into everyone's index", async () => {
    const about = ABOUT_DOC.defaults("en");
    const draft = { ...about, based: { ...about.based, text: "Our draft office is on a houseboat in Alleppey." } };
    const drafts = new Map<string, unknown>([[previewKey(`${COPY_PREFIX}about`, "en"), draft]]);
    // Something else is published, so the next question rebuilds the index: here, inside the preview render.
    await publish("about", { ...about, values: { ...about.values, heading: "What we value most" } });
    const question = "is your office on a houseboat in alleppey?";
    await withPreviewDrafts(drafts, () => ask(question));
    // The hand-over's WhatsApp link carries the visitor's own question; the answer itself must not hold the draft.
    expect((await ask(question)).reply.replace(/\(https:\/\/wa\.me\/[^)\s]*\)/g, "()")).not.toContain("houseboat");
    expect((await ask("what do you value most?")).sources.some((s) => s.label === "About: What we value most")).toBe(true);
  });
});
