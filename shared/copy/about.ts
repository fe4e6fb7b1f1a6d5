import { ABOUT } from "../content/about";
import { TRUST_SLOTS } from "../content/home";
import { ABOUT_HI } from "../content/hi/about";
import { TRUST_SLOTS_HI } from "../content/hi/home";
import { PROOF } from "../content/proof";
import { PROOF_HI } from "../content/hi/proof";
import type { Translation } from "../i18n";
import { EMPTY_IMAGE, group, imageField, list, mediaImage, optionalText, text } from "./build";
import { defineCopyDoc } from "./fields";

/** The document's value made from one language's constants (the defaults, never retyped). */
function aboutDefaults(about: Translation<typeof ABOUT>, slots: Translation<typeof TRUST_SLOTS>, proof: Translation<typeof PROOF>) {
  return {
    seo: { title: about.meta.title, description: about.meta.description },
    intro: {
      eyebrow: about.eyebrow,
      heading: about.heading,
      missionHeading: about.missionHeading,
      mission: about.mission,
      photo: slots.aboutPhoto ? { href: "", ...slots.aboutPhoto } : { ...EMPTY_IMAGE },
    },
    story: { heading: about.storyHeading, paragraphs: [...about.story] },
    values: { heading: about.valuesHeading, items: about.values.map((v) => ({ ...v })) },
    // Nobody is invented: the section shows once the owner adds a person (issue 45).
    team: { heading: proof.teamHeading, intro: proof.teamIntro, people: [] as { photo: string; name: string; role: string }[] },
    based: { heading: about.basedHeading, text: about.based },
    cta: { heading: about.ctaHeading, text: about.ctaText, bookDemo: about.bookDemo, getInTouch: about.getInTouch },
  };
}

/** The About page's copy (issue 28, decision 0027); the photo is the owner's to add (empty: nothing shows). */
export const ABOUT_DOC = defineCopyDoc({
  id: "about",
  title: "About page",
  path: "/about",
  sections: {
    seo: group("Search engines", { title: text("Page title (search results and breadcrumb)", 70), description: text("SEO description", 300, true) }),
    intro: group("Introduction", {
      eyebrow: text("Eyebrow", 60),
      heading: text("Headline", 90),
      missionHeading: text("Mission heading", 60),
      mission: text("Mission", 700, true),
      photo: imageField("Photo (the team, the office)"),
    }),
    story: group("Why we started", { heading: text("Heading", 60), paragraphs: list("Paragraphs", "Paragraph", text("Paragraph", 600, true), 6) }),
    values: group("What we stand for", {
      heading: text("Heading", 60),
      items: list("Values", "Value", group("Value", { title: text("Title", 60), text: text("Text", 240, true) }), 6),
    }),
    team: group("The team", {
      heading: text("Heading", 60),
      intro: text("Introduction", 200, true),
      people: list(
        "People (shown once there is one)",
        "Person",
        group("Person", {
          photo: mediaImage("Photo (optional: from the media library, or https://\u2026)", "A square photo, at least 320 \u00d7 320 pixels, face centred. Without one the card shows the initials."),
          name: text("Name", 60),
          role: optionalText("Role (\"Founder\", \"WhatsApp setup lead\")", 60),
        }),
        12,
        0,
      ),
    }),
    based: group("Where we are", { heading: text("Heading", 60), text: text("Text", 500, true) }),
    cta: group("Closing call to action", {
      heading: text("Heading", 80),
      text: text("Text", 200, true),
      bookDemo: text("Book button", 40),
      getInTouch: text("Contact button", 40),
    }),
  },
  defaults: (locale) => (locale === "hi" ? aboutDefaults(ABOUT_HI, TRUST_SLOTS_HI, PROOF_HI) : aboutDefaults(ABOUT, TRUST_SLOTS, PROOF)),
});

export type AboutCopy = ReturnType<typeof ABOUT_DOC.defaults>;
