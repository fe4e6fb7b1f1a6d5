/** Kept apart from the legal documents so the page's script does not carry their defaults. */

/** A section's anchor: lowercase letters, digits and dashes, from its anchor field or else its heading. */
export function sectionAnchor(section: { anchor: string; heading: string }, index: number): string {
  const slug = (section.anchor.trim() || section.heading)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || `section-${index + 1}`;
}
