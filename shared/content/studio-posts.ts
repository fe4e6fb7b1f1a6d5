/** The studio's Posts: copy, rules and the statuses a post goes through. */

import { groupDigits } from "../english-format";
import { BLOG_CATEGORIES } from "./blog";

/** The categories a post may have: the spec's list without "All". */
export const POST_CATEGORIES: readonly string[] = BLOG_CATEGORIES.filter((c) => c !== "All");

export const POST_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

export const POST_RULES = {
  titleMax: 200,
  slugMax: 200,
  excerptMax: 500,
  authorMax: 100,
  tagsMax: 10,
  tagMax: 40,
  readTimeMax: 30,
  coverAltMax: 300,
  /** The body as written (light Markdown): about 8,000 words, inside the server's 64 KiB request limit. */
  bodyMax: 50_000,
  /** Revisions kept per post (the newest); at least 20 are promised. */
  revisionsKept: 50,
  /** Search engines show about 60 characters of a title and 155 of a description; these are the stored limits. */
  metaTitleMax: 200,
  metaDescriptionMax: 400,
  /** Pictures one post's body may show. */
  picturesMax: 50,
  /** Posts per page of the studio's list. */
  pageSize: 25,
  /** The schedule worker looks for due posts this often: a post goes out within a minute of its time. */
  scheduleTickMs: 15_000,
  /** The editor saves what was typed this long after the last keystroke (with JavaScript). */
  autosaveMs: 3_000,
  /** Saves per editor per minute (autosave included: at most one every few seconds). */
  savesPerMinute: 120,
  /** Posts the editor's "Translation of" list offers (the most recently edited). */
  translationChoicesMax: 500,
} as const;

/** The API's answer for a published post's earlier slug (301) and a deleted post's (410); the server's only. */
export const POST_ADDRESS_MESSAGES = {
  moved: "This blog has moved.",
  gone: "This blog was deleted.",
};

export const POST_MESSAGES = {
  notFound: "That post does not exist (it may have been deleted).",
  revisionNotFound: "That revision does not exist.",
  titleRequired: "Enter a title.",
  titleTooLong: `The title can be at most ${POST_RULES.titleMax} characters.`,
  slugInvalid: "The slug can hold only lower-case letters, digits and single dashes (e.g. my-first-post).",
  slugTaken: "Another post already uses this slug. Choose another one.",
  excerptRequired: "Enter an excerpt (a sentence or two shown on the blog's cards).",
  excerptTooLong: `The excerpt can be at most ${POST_RULES.excerptMax} characters.`,
  authorRequired: "Enter the author's name.",
  authorTooLong: `The author's name can be at most ${POST_RULES.authorMax} characters.`,
  categoryInvalid: "Choose a category from the list.",
  tagsInvalid: `Up to ${POST_RULES.tagsMax} tags, each at most ${POST_RULES.tagMax} characters.`,
  readTimeTooLong: `The read time can be at most ${POST_RULES.readTimeMax} characters (e.g. "5 min read").`,
  bodyRequired: "Write the body: at least one paragraph.",
  metaTitleTooLong: `The search headline can be at most ${POST_RULES.metaTitleMax} characters.`,
  metaDescriptionTooLong: `The search description can be at most ${POST_RULES.metaDescriptionMax} characters.`,
  socialImageNotFound: "That sharing image does not exist in the media library. Choose another, or leave it empty to use the cover.",
  linkInvalid: "A link in the body must start with https:// or http:// (or / for a page of this site). Fix the address in [text](address).",
  pictureAltRequired: "Every picture in the body needs alt text: describe it in ![alt text](media:...).",
  pictureNotFound: "A picture in the body is not in the media library (it may have been deleted). Choose it again.",
  tooManyPictures: `A post can show at most ${POST_RULES.picturesMax} pictures in its body.`,
  bodyTooLong: `The body can be at most ${groupDigits(POST_RULES.bodyMax)} characters.`,
  coverNotFound: "That cover image does not exist. Choose an image from the media library.",
  coverAltRequired: "Describe the cover image for people who cannot see it (alt text).",
  coverAltTooLong: `The alt text can be at most ${POST_RULES.coverAltMax} characters.`,
  versionRequired: "The post's version is missing: reload the post.",
  autosaveLive: "A published post is not saved as you type: select Save changes to put your changes on the site.",
  conflict:
    "Someone else saved this post after you opened it. Your text has not been saved: copy it, reload the post to see their changes, then apply yours again.",
  scheduleInPast: "Choose a date and time in the future.",
  scheduleInvalid: "Enter a date and time to publish at.",
  alreadyPublished: "This post is already published: unpublish it first to schedule it.",
  notPublic: "This post is not published.",
  tooManySaves: "Too many saves in a minute. Wait a moment and save again.",
  saved: "Draft saved.",
  savedLive: "Changes saved: they are live on the site.",
  savedScheduled: "Changes saved: the post is still scheduled.",
  published: "Published.",
  scheduled: "Scheduled.",
  unpublished: "Unpublished: the post is no longer public.",
  deleted: "Post deleted.",
  restored: "Revision restored as a new save.",
  languageInvalid: "Choose the post's language: English or Hindi.",
  translationNotFound: "That post does not exist (it may have been deleted). Choose the translation again.",
  translationSelf: "A post cannot be its own translation.",
  translationSameLanguage: "A translation must be written in the other language: change this post's language or choose another post.",
  translationTaken: "That post already has a translation. Unpair it there first, or choose another post.",
};

/** The studio's Posts pages. */
export const POST_PAGES = {
  listTitle: "Posts",
  listDescription: "Every post with its status. Drafts and scheduled posts are never public.",
  newPost: "New post",
  search: "Search title or slug",
  status: "Status",
  category: "Category",
  any: "Any",
  filter: "Filter",
  empty: "No posts match.",
  emptyHint: "Write the first one with New post.",
  columns: { title: "Title", status: "Status", author: "Author", updated: "Updated", published: "Published", views: "Views", likes: "Likes" },
  tableCaption: "Posts",
  previous: "Previous page",
  next: "Next page",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  newTitle: "New post",
  newDescription: "Start with a title; everything else can be written and saved as a draft.",
  create: "Create draft",
  editTitle: "Edit post",
  fields: {
    title: "Title",
    slug: "Slug",
    slugHint: "The address: /blog/your-slug. Leave empty to make it from the title.",
    excerpt: "Excerpt",
    excerptHint: "A sentence or two, shown on the blog's cards and in search results.",
    author: "Author name",
    category: "Category",
    tags: "Tags",
    tagsHint: "Separated by commas, up to 10.",
    featured: "Featured post",
    readTime: "Read time",
    readTimeHint: (computed: string) => `Leave empty to use the computed one: ${computed}.`,
    body: "Body",
    bodyHint:
      "# or ## starts a section; a blank line starts a paragraph; > quotes; - or 1. list items; **bold**, *italic*, [text](https://...) links. HTML is shown as text.",
    scheduledAt: "Publish at",
    timeZone: (zone: string) => `Time zone: ${zone}.`,
  },
  save: "Save draft",
  saveChanges: "Save changes",
  publish: "Publish now",
  schedule: "Schedule",
  unpublish: "Unpublish",
  cancelSchedule: "Cancel schedule",
  preview: "Preview",
  sendAsNewsletter: "Send as newsletter",
  revisions: "Revisions",
  backToPosts: "All posts",
  deleteTitle: "Delete this post",
  deleteConfirm: "Yes, delete this post for good (its address will answer “gone”).",
  deleteButton: "Delete post",
  deleteNeedsConfirm: "Tick the box to confirm the deletion.",
  autosaving: "Saving…",
  autosaved: (time: string) => `Saved at ${time}.`,
  autosaveFailed: (message: string) => `Not saved: ${message} Your text is still here.`,
  /** Beside a published post's buttons: its changes go on the site only when saved by hand. */
  publishedNoAutosave: "This post is live: changes go on the site when you select Save changes (they are not saved as you type).",
  conflictTitle: "This post was changed elsewhere",
  reload: "Reload the post",
  previewBanner: "Preview: this is how the post will look once published. It is not public.",
  backToEditor: "Back to the editor",
  revisionsTitle: "Revisions",
  revisionsDescription: "Each save is kept (the last 50). Compare two, or open one in the editor to restore it: nothing changes until you save it there.",
  compare: "Compare",
  compareFrom: "From",
  compareTo: "To",
  restore: "Restore",
  restoreLabel: (version: number) => `Restore version ${version}`,
  restoring: (version: number) =>
    `Version ${version} is in the editor below, not saved yet: the post has not changed. Save (or publish) to keep it, or go back to the post to leave it as it is.`,
  discardRestore: "Leave the post as it is",
  field: "Field",
  before: "Before",
  after: "After",
  bodyChanges: "Body",
  noChanges: "No differences.",
  added: "Added",
  removed: "Removed",
  words: (n: number) => `${groupDigits(n)} words`,
} as const;

/** What "Save changes" says, by the post's status after the save (a published post's save is not a draft). */
export function savedMessage(status: string): string {
  if (status === "published") return POST_MESSAGES.savedLive;
  if (status === "scheduled") return POST_MESSAGES.savedScheduled;
  return POST_MESSAGES.saved;
}

/** The body's formatting buttons (decision 0029): each wraps the selection or inserts a line. */
export const POST_MARKS = {
  group: "Formatting",
  bold: "Bold",
  italic: "Italic",
  link: "Link",
  numbered: "Numbered list",
  bulleted: "Bulleted list",
  bookDemo: "Book Demo button",
  whatsapp: "WhatsApp button",
  shortcuts: "Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link (Cmd on a Mac).",
  linkText: "link text",
  picture: {
    legend: "Insert a picture from the media library",
    choose: "Picture",
    none: "Choose a picture",
    loading: "Loading the media library...",
    failed: "The media library could not be loaded.",
    alt: "Alt text (required)",
    altHint: "What the picture shows, for people who cannot see it.",
    caption: "Caption (optional)",
    insert: "Insert picture",
    needPicture: "Choose a picture first.",
    needAlt: "Write the alt text first.",
    inserted: "Picture inserted into the body.",
  },
} as const;

/** The editor's search and sharing fields (decision 0029). */
export const POST_SEO = {
  legend: "Search and sharing",
  metaTitle: "Search headline",
  metaTitleHint: "Shown by search engines and link previews. Empty: the post's title. About 60 characters show.",
  metaDescription: "Search description",
  metaDescriptionHint: "Empty: the excerpt. About 155 characters show.",
  socialImage: "Sharing image (media number)",
  socialImageHint: "The number of an image on the Media page, shown when the post is shared. Empty: the cover.",
  socialImageLegend: "Sharing image",
  socialImageChoiceHint: "Shown when the post is shared on WhatsApp, Facebook or LinkedIn.",
  socialImageNone: "None: the cover is shared.",
  previewLabel: "How a search result may show it",
  siteName: "Wise Parrot",
} as const;

/** The editor's language fields (issue 33). The studio is English; the languages are named in English here. */
export const POST_LANGUAGE = {
  language: "Language",
  languageHint: "The language the post is written in. Hindi posts show first on the Hindi blog (/hi/blogs).",
  names: { en: "English", hi: "Hindi" },
  translationOf: "Translation of",
  translationHint: "The same article in the other language: the two pages link to each other and search engines see them as a pair.",
  none: "None",
  choice: (title: string, language: string, slug: string) => `${title || "(untitled)"} (${language}, /blog/${slug})`,
} as const;
