/** The studio's Posts: copy, rules and the statuses a post goes through. */

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
  /** Posts per page of the studio's list. */
  pageSize: 25,
  /** The schedule worker looks for due posts this often: a post goes out within a minute of its time. */
  scheduleTickMs: 15_000,
  /** The editor saves what was typed this long after the last keystroke (with JavaScript). */
  autosaveMs: 3_000,
  /** Saves per editor per minute (autosave included: at most one every few seconds). */
  savesPerMinute: 120,
} as const;

/** A section of text written before the first heading gets this title. */
export const UNTITLED_SECTION = "Introduction";

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
  bodyTooLong: `The body can be at most ${POST_RULES.bodyMax.toLocaleString("en-US")} characters.`,
  coverNotFound: "That cover image does not exist. Choose an image from the media library.",
  coverAltRequired: "Describe the cover image for people who cannot see it (alt text).",
  coverAltTooLong: `The alt text can be at most ${POST_RULES.coverAltMax} characters.`,
  versionRequired: "The post's version is missing: reload the post.",
  conflict:
    "Someone else saved this post after you opened it. Your text has not been saved: copy it, reload the post to see their changes, then apply yours again.",
  scheduleInPast: "Choose a date and time in the future.",
  scheduleInvalid: "Enter a date and time to publish at.",
  alreadyPublished: "This post is already published: unpublish it first to schedule it.",
  notPublic: "This post is not published.",
  tooManySaves: "Too many saves in a minute. Wait a moment and save again.",
  saved: "Draft saved.",
  published: "Published.",
  scheduled: "Scheduled.",
  unpublished: "Unpublished: the post is no longer public.",
  deleted: "Post deleted.",
  restored: "Revision restored as a new save.",
};
