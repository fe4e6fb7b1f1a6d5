import { describe, expect, it } from "vitest";
import { CONTACT_CARDS, SUPPORT_CHANNELS } from "../../../shared/content/contact";
import { KIT } from "../../../shared/content/home";
import { LEGAL_DOCUMENTS } from "../../../shared/content/legal";
import { defaultPageCopies, sitePassages } from "./knowledge";

describe("the site's passages from the pages' copy", () => {
  it("on a fresh install keep the references and links the pages' built-in content gives", () => {
    const passages = sitePassages();
    const byRef = new Map(passages.map((p) => [p.ref, p]));
    for (const doc of LEGAL_DOCUMENTS) {
      for (const s of doc.sections) expect(byRef.get(`page:${doc.path.slice(1)}-${s.id}`)?.url).toBe(`${doc.path}#${s.id}`);
    }
    for (const c of SUPPORT_CHANNELS) expect(byRef.get(`page:contact-${c.id}`)).toMatchObject({ url: "/contact", heading: c.title });
    for (const c of CONTACT_CARDS) expect(byRef.get(`page:contact-card-${c.id}`)).toMatchObject({ url: "/contact", heading: c.title });
    expect(byRef.get("page:home-kit")?.body).toContain(`${KIT.items[0]!.title}: ${KIT.items[0]!.text}`);
  });

  it("take the published words; an item the owner adds is numbered, an emptied section is left out", () => {
    const defaults = defaultPageCopies();
    const { home, contact } = defaults;
    const pages = {
      ...defaults,
      home: { ...home, kit: { ...home.kit, items: [{ title: "Missed call autoresponder", text: "Texts every caller back." }] }, promise: { heading: "", text: "" } },
      contact: { ...contact, support: { ...contact.support, channels: [...contact.support.channels, { ...contact.support.channels[0]!, title: "Office visits" }] } },
    };
    const passages = sitePassages(undefined, pages);
    const kit = passages.find((p) => p.ref === "page:home-kit")!;
    expect(kit.body).toContain("Missed call autoresponder: Texts every caller back.");
    expect(kit.body).not.toContain(KIT.items[0]!.text);
    expect(passages.some((p) => p.ref === "page:home-promise")).toBe(false);
    expect(passages.find((p) => p.heading === "Office visits")?.ref).toBe(`page:contact-channel-${SUPPORT_CHANNELS.length + 1}`);
  });
});
