/**
 * The copy revisions page's row for the copy the site shipped with (issue 46, item 6; decision 0057): always the
 * last row, compared and restored as a draft like any revision. Server strings stay ASCII.
 */
export const SHIPPED_COPY_LABELS = {
  /** The value the page's forms and links carry for it (a revision's own are numbers). */
  id: "shipped" as const,
  number: "Shipped copy",
  at: "When the site was installed",
  by: "The site's original text",
  compareTitle: "The shipped copy compared with the live copy",
  caption: "What differs between the shipped copy and the live copy",
  same: "The live copy is the same as the shipped copy.",
  compareLabel: "Compare the shipped copy with the live copy",
  restoreLabel: "Restore the shipped copy as a draft",
  audit: "the shipped copy restored as a draft",
};
