/**
 * The page documents (issue 28, decision 0027): each one's defaults are today's strings, pass its own rules (the
 * studio could save them back unchanged) and merge over themselves unchanged; a stored value that is empty, too
 * long, not http(s) or not an offered choice shows the default.
 */
import { describe, expect, it } from "vitest";
import { ABOUT, BANNER_MESSAGES, HEADLINE, METRICS, PRIVACY, REFUND, TAGLINE, TERMS, TESTIMONIALS } from "../content";
import { ABOUT_DOC } from "./about";
import { CONTACT_DOC } from "./contact";
import { contactCardsOf, supportChannelsOf } from "./contact-view";
import { CONTACT_CARDS, SUPPORT_CHANNELS } from "../content/contact";
import type { Field } from "./fields";
import { HOME_DOC } from "./home";
import { COPY_DOCS, copyDocById } from "./index";
import { PRIVACY_DOC, REFUND_DOC, TERMS_DOC, sectionAnchor } from "./legal";
import { isHttpUrl } from "../http-url";
import { mergeDoc } from "./merge";
import { SHELL_DOC } from "./shell";
import { AI_HELP_DOC } from "./ai-help";
import { CHAT_SUGGESTIONS, CHAT_TOPICS } from "../content/chat";
import { shownImage } from "./build";

/** Where a value breaks its field's rules ("hero.headline: 95 > 80"), none when it fits. */
function faults(field: Field, value: unknown, at: string): string[] {
  switch (field.kind) {
    case "text":
      if (typeof value !== "string") return [`${at}: not text`];
      return value.length > field.max ? [`${at}: ${value.length} > ${field.max}`] : [];
    case "url":
      return typeof value === "string" && (value === "" || isHttpUrl(value)) ? [] : [`${at}: not an http(s) address`];
    case "choice":
      return field.options.some((o) => o.value === value) ? [] : [`${at}: ${String(value)} not offered`];
    case "group": {
      if (typeof value !== "object" || value === null) return [`${at}: not a group`];
      const v = value as Record<string, unknown>;
      const extra = Object.keys(v).filter((k) => !(k in field.fields)).map((k) => `${at}.${k}: not a field`);
      return [...extra, ...Object.entries(field.fields).flatMap(([k, f]) => faults(f, v[k], `${at}.${k}`))];
    }
    case "list": {
      if (!Array.isArray(value)) return [`${at}: not a list`];
      const count = value.length > field.max || value.length < (field.min ?? 0) ? [`${at}: ${value.length} items`] : [];
      return [...count, ...value.flatMap((item, i) => faults(field.item, item, `${at}[${i}]`))];
    }
  }
}

describe("the page documents", () => {
  it("are registered once each, with ids the store accepts", () => {
    const ids = COPY_DOCS.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining(["home", "about", "contact", "legal.privacy", "legal.terms", "legal.refund", "shell", "ai-help", "faq"]));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9.-]+$/);
    expect(copyDocById("home")).toBe(HOME_DOC);
  });

  it.each(COPY_DOCS.map((d) => [d.id, d] as const))("%s: its defaults fit its own rules and merge over themselves unchanged", (_id, doc) => {
    const defaults = doc.defaults("en");
    expect(faults({ kind: "group", label: doc.title, fields: doc.sections }, defaults, doc.id)).toEqual([]);
    expect(mergeDoc(doc.sections, defaults, defaults)).toEqual(defaults);
    expect(mergeDoc(doc.sections, undefined, defaults)).toEqual(defaults);
    expect(mergeDoc(doc.sections, "not a document", defaults)).toEqual(defaults);
    // Every field has a label the studio shows.
    const labels = (f: Field): boolean => f.label.trim() !== "" && (f.kind === "group" ? Object.values(f.fields).every(labels) : f.kind === "list" ? labels(f.item) : true);
    expect(Object.values(doc.sections).every(labels)).toBe(true);
  });

  it("default to today's strings (the spec's, word for word)", () => {
    const home = HOME_DOC.defaults("en");
    expect(home.hero.headline).toBe(HEADLINE);
    expect(home.hero.headline).toBe("Your Digital Growth Assistant Is Here");
    expect(home.hero.tagline).toBe(TAGLINE);
    expect(home.hero.bookDemo).toBe("Book Your demo for 1 \u20b9");
    expect(home.metrics.items.map((m) => m.value)).toEqual(METRICS.items.map((m) => m.value));
    expect(home.metrics.items.map((m) => m.value)).toEqual(["3x", "50%", "4x"]);
    expect(home.audience.slides.map((s) => s.industry)).toEqual(["Real Estate", "Healthcare", "Marketing Agencies", "Small Businesses"]);
    expect(home.testimonials.items.map((t) => [t.name, t.rating, t.business, t.city])).toEqual(
      TESTIMONIALS.items.map((t) => [t.name, String(t.rating), t.business, t.city ?? ""]),
    );
    expect(home.comparison.rows[0]).toEqual({ feature: "Replies 24x7 in seconds", values: ["yes", "partial", "yes", "no"] });
    // The places for proof are empty: nothing invented shows.
    expect(shownImage(home.testimonials.partnerBadge)).toBeNull();
    expect(home.testimonials.logos).toEqual([]);
    expect(home.testimonials.items.every((t) => t.photo === "")).toBe(true);

    const about = ABOUT_DOC.defaults("en");
    expect(about.intro.heading).toBe("We don't build bots. We build trust.");
    expect(about.story.paragraphs).toEqual([...ABOUT.story]);
    expect(shownImage(about.intro.photo)).toBeNull();

    expect(SHELL_DOC.defaults("en").banner.messages).toEqual([...BANNER_MESSAGES]);
    expect(SHELL_DOC.defaults("en").splash.tagline).toBe("Your AI-Powered Growth Partner");

    for (const [doc, source] of [[PRIVACY_DOC, PRIVACY], [TERMS_DOC, TERMS], [REFUND_DOC, REFUND]] as const) {
      const copy = doc.defaults("en");
      expect(copy.seo.title).toBe(source.title);
      expect(copy.sections.map((s, i) => sectionAnchor(s, i))).toEqual(source.sections.map((s) => s.id));
      expect(copy.sections.map((s) => s.contact === "yes")).toEqual(source.sections.map((s) => s.contact === true));
    }

    const aiHelp = AI_HELP_DOC.defaults("en");
    expect(aiHelp.topics.map((t) => t.title)).toEqual(["Workflow Automation", "AI Features", "Industry Templates", "Getting Started"]);
    expect(aiHelp.topics.map((t) => t.query)).toEqual(CHAT_TOPICS.map((t) => t.query));
    expect(aiHelp.suggestions).toEqual([...CHAT_SUGGESTIONS]);
    expect(aiHelp.chat.status).toBe("Online & Ready to Help!");

    const contact = CONTACT_DOC.defaults("en");
    expect(contactCardsOf(contact, CONTACT_CARDS.map((c) => c.id))).toEqual(CONTACT_CARDS.map((c) => ({ ...c })));
    expect(supportChannelsOf(contact, SUPPORT_CHANNELS.map((c) => c.id))).toEqual(SUPPORT_CHANNELS.map((c) => ({ ...c })));
    expect(contact.support.stats.map((s) => s.value)).toEqual(["24/7", "Under 30s", "98%", "6"]);
  });

  it("show the default for a stored field that is empty, too long, not http(s) or not offered", () => {
    const defaults = HOME_DOC.defaults("en");
    const stored = {
      hero: { headline: "   ", tagline: "x".repeat(500), eyebrow: "Owner's eyebrow" },
      testimonials: {
        items: [{ quote: "Owner's quote", rating: "7", photo: "javascript:alert(1)" }],
        partnerBadge: { src: "data:image/png;base64,AAAA", alt: "Badge" },
      },
      comparison: { rows: [{ feature: "Owner's row", values: ["yes", "maybe"] }] },
    };
    const merged = mergeDoc(HOME_DOC.sections, stored, defaults);
    expect(merged.hero.headline).toBe(defaults.hero.headline);
    expect(merged.hero.tagline).toBe(defaults.hero.tagline);
    expect(merged.hero.eyebrow).toBe("Owner's eyebrow");
    expect(merged.testimonials.items).toHaveLength(1);
    expect(merged.testimonials.items[0]).toMatchObject({ quote: "Owner's quote", rating: "5", photo: "", name: defaults.testimonials.items[0]!.name });
    expect(shownImage(merged.testimonials.partnerBadge)).toBeNull();
    expect(merged.comparison.rows[0]!.values).toEqual(["yes", "partial"]);
    // Sections the owner never saved stay the defaults.
    expect(merged.painPoints).toEqual(defaults.painPoints);
  });

  it("a legal section's anchor is letters, digits and dashes, made from its heading when left empty", () => {
    expect(sectionAnchor({ anchor: "", heading: "Your Rights & Choices!" }, 0)).toBe("your-rights-choices");
    expect(sectionAnchor({ anchor: '"><script>', heading: "x" }, 0)).toBe("script");
    expect(sectionAnchor({ anchor: "", heading: "\u0939\u093f\u0902\u0926\u0940" }, 3)).toBe("section-4");
  });
});
