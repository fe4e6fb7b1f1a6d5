/** The visitor's rating of an assistant answer (issue 29): two buttons under each answer. */
export const CHAT_RATING = {
  /** The buttons' group, read by screen readers. */
  question: "Was this answer helpful?",
  helpful: "Helpful",
  notHelpful: "Not helpful",
  /** Shown in place of the buttons once rated. */
  thanks: "Thanks for your feedback.",
  failed: "Your rating could not be sent. Please try again.",
} as const;
