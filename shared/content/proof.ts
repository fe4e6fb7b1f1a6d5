/**
 * Proof the owner gives (issue 45, decision 0055): the words around it on the public pages (each an editable default
 * of the home and About documents) and the studio's hint of what proof is still missing (English, as the studio is).
 * The site never invents a customer, a face, a logo or a figure's source: every place renders nothing until filled.
 */
import { PRODUCT } from "./site";

export const PROOF = {
  /** Under a testimonial's measured result: the link to its case study (a blog post). */
  caseStudyLink: "Read the case study",
  /** Before a result's source line under each figure: "Source: ...". */
  sourceLabel: "Source",
  /** The About page's team section (shown once the owner adds a person). */
  teamHeading: `The people behind ${PRODUCT}`,
  teamIntro: "The team you talk to on WhatsApp, on the phone and in person.",
} as const;

/** The studio overview's list of proof visitors cannot see yet, each a link to the field that gives it. */
export const PROOF_HINTS = {
  heading: "Proof visitors can check",
  intro: "Real customers, faces, results with their source and your team make the site believable. Each line opens the field to fill.",
  complete: "Every place for proof is filled: customers, testimonials, the results' sources and the team.",
  customers: "No customer logos or names yet: the strip under the testimonials stays hidden.",
  testimonials: (n: number, total: number) =>
    `${n} of ${total} testimonial${total === 1 ? "" : "s"} lack${n === 1 ? "s" : ""} a photo, a business name or a measured result.`,
  sources: (n: number, total: number) => `${n} of ${total} result${total === 1 ? "" : "s"} on the home page ${n === 1 ? "has" : "have"} no source line under the figure.`,
  team: "The About page shows no team yet: add a photo, a name and a role for each person.",
} as const;
