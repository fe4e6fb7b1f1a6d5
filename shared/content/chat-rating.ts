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

/** /studio/questions: the questions visitors asked the assistant, grouped by meaning. */
export const STUDIO_QUESTIONS_PAGE = {
  metaTitle: "Questions · Studio",
  title: "Questions visitors asked",
  description:
    "What visitors asked the help assistant in the last 30 days, with differently worded questions of the same meaning together. Answer a frequent one with an FAQ entry: the assistant answers the next visitor with it.",
  filterLegend: "Show",
  all: "All questions",
  handedOverOnly: "Handed over only",
  apply: "Show",
  caption: "Questions by meaning, most asked first",
  question: "Question",
  asked: "Asked",
  answered: "What the assistant answered",
  handedOver: "Handed over",
  ratings: "Ratings",
  actions: "Answer",
  answerThis: "Answer this",
  answerThisLabel: (question: string) => `Answer this: ${question}`,
  alsoAsked: "Also asked as:",
  times: (n: number) => (n === 1 ? "1 time" : `${n} times`),
  handedOverCount: (n: number, of: number) => (n === 0 ? "No" : n === of ? "Yes" : `${n} of ${of}`),
  helpfulCount: (n: number) => `${n} helpful`,
  notHelpfulCount: (n: number) => `${n} not helpful`,
  noRatings: "None yet",
  noAnswer: "(not stored)",
  empty: "No questions in the last 30 days yet.",
  emptyHandedOver: "No question was handed over to a person in the last 30 days.",
  summary: (questions: number, groups: number) => `${questions} questions in the last 30 days; the ${groups} most asked groups are shown.`,
  capped: "Only the most asked wordings were grouped: the rarest ones are left out.",
} as const;
