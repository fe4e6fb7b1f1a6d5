import { ABOUT } from "../content/about";
import { TRUST_SLOTS } from "../content/home";
import { EMPTY_IMAGE, group, imageField, list, text } from "./build";
import { defineCopyDoc } from "./fields";

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
    based: group("Where we are", { heading: text("Heading", 60), text: text("Text", 500, true) }),
    cta: group("Closing call to action", {
      heading: text("Heading", 80),
      text: text("Text", 200, true),
      bookDemo: text("Book button", 40),
      getInTouch: text("Contact button", 40),
    }),
  },
  defaults: () => ({
    seo: { title: ABOUT.meta.title, description: ABOUT.meta.description },
    intro: {
      eyebrow: ABOUT.eyebrow,
      heading: ABOUT.heading,
      missionHeading: ABOUT.missionHeading,
      mission: ABOUT.mission,
      photo: TRUST_SLOTS.aboutPhoto ? { href: "", ...TRUST_SLOTS.aboutPhoto } : { ...EMPTY_IMAGE },
    },
    story: { heading: ABOUT.storyHeading, paragraphs: [...ABOUT.story] },
    values: { heading: ABOUT.valuesHeading, items: ABOUT.values.map((v) => ({ ...v })) },
    based: { heading: ABOUT.basedHeading, text: ABOUT.based },
    cta: { heading: ABOUT.ctaHeading, text: ABOUT.ctaText, bookDemo: ABOUT.bookDemo, getInTouch: ABOUT.getInTouch },
  }),
});

export type AboutCopy = ReturnType<typeof ABOUT_DOC.defaults>;
