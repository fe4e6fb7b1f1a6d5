/**
 * The blog's categories as the owner keeps them (issue 31, decision 0034): the studio's Categories page, its rules
 * and messages. The spec's six (BLOG_CATEGORIES without "All") are the list until the owner changes it.
 */

import { BLOG_CATEGORIES } from "./blog";

/** The spec's categories, in the spec's order: the default list. */
export const DEFAULT_CATEGORY_NAMES: readonly string[] = BLOG_CATEGORIES.filter((c) => c !== "All");

export const CATEGORY_RULES = {
  nameMax: 40,
  /** Categories the blog may have at once (the listing's select stays usable on a phone). */
  countMax: 20,
  /** Earlier names remembered so that old links to a renamed category still land on it. */
  renamedMax: 100,
} as const;

export const CATEGORY_MESSAGES = {
  nameRequired: "Enter the category's name.",
  nameTooLong: `A category's name can be at most ${CATEGORY_RULES.nameMax} characters.`,
  nameInvalid: "A category's name cannot hold control characters.",
  nameReserved: "\"All\" is the listing's own choice: name the category something else.",
  nameTaken: "The blog already has a category with this name.",
  hindiTooLong: `The Hindi name can be at most ${CATEGORY_RULES.nameMax} characters.`,
  hindiInvalid: "The Hindi name cannot hold control characters.",
  tooMany: `The blog can have at most ${CATEGORY_RULES.countMax} categories.`,
  notFound: "That category does not exist (someone may have changed the list).",
  lastOne: "The blog needs at least one category: add another before removing this one.",
  inUse: (count: number) =>
    `${count === 1 ? "1 post uses" : `${count} posts use`} this category: choose the category to move ${count === 1 ? "it" : "them"} to.`,
  moveToInvalid: "Choose another category of the list to move the posts to.",
  stale: "Someone changed the categories after you opened this page. It now shows their list: make your change again.",
  directionInvalid: "Move a category up or down.",
} as const;

export const CATEGORIES_PAGE = {
  title: "Categories",
  intro:
    "The blog's categories, in the order the blog's filter and the post editor show them. Renaming one moves its posts with it, and links to the old name still open it; a category that posts use is removed only by moving them to another.",
  listTitle: "The blog's categories",
  name: "Name",
  hindiName: "Name in Hindi",
  hindiHint: "Shown on the Hindi pages (/hi). Empty: the name above.",
  posts: (count: number) => (count === 1 ? "1 post" : `${count} posts`),
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  up: "Up",
  down: "Down",
  edit: "Save",
  editLegend: (name: string) => `Rename ${name}`,
  remove: "Remove",
  removeLegend: (name: string) => `Remove ${name}`,
  moveTo: "Move its posts to",
  addTitle: "Add a category",
  add: "Add category",
  added: (name: string) => `Added "${name}".`,
  renamed: (from: string, to: string) => `Renamed "${from}" to "${to}"; its posts moved with it.`,
  edited: (name: string) => `Saved "${name}".`,
  moved: (name: string) => `Moved "${name}".`,
  removed: (name: string, moved: number, to: string | null) =>
    moved > 0 && to ? `Removed "${name}"; ${moved === 1 ? "its post is" : `its ${moved} posts are`} now in "${to}".` : `Removed "${name}".`,
  unchanged: "Nothing changed.",
  defaultNote: "These are the spec's six categories: the list is stored once you change it.",
} as const;
